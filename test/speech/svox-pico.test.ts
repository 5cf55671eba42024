import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { detectSilences, frameRmsDb } from '../../src/audio/analysis/index.js';
import { durationSeconds } from '../../src/audio/pcm.js';
import { AppError } from '../../src/errors.js';
import type { SynthesisInput, SynthesisResult } from '../../src/speech/engine.js';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';
import { createSvoxPicoEngine, picoMarkup } from '../../src/speech/engines/svox-pico/index.js';

/** Lingware kept for tests beside the repository (see shared/models/README.md). */
const LINGWARE = path.resolve(process.env['VOICELIB_SHARED_MODELS'] ?? '../shared/models', 'svox-pico');
const MISSING = `SVOX Pico lingware not found at ${LINGWARE}: run "voicelib models pull svox-pico" or set VOICELIB_SHARED_MODELS`;
const HAVE_LINGWARE = existsSync(path.join(LINGWARE, 'en-US_ta.bin'));

const ENGLISH =
  'The birch canoe slid on the smooth planks, and the sheet was glued to the dark blue background.';
const GERMAN = 'Guten Tag, wie geht es Ihnen heute? Das Wetter ist wirklich schön.';

function input(text: string, overrides: Partial<SynthesisInput> = {}): SynthesisInput {
  return { text, language: 'en-US', voice: { id: 'en-US' }, speed: 1, variation: 0.5, ...overrides };
}

function tokens(text: string): string[] {
  return text.split(/\s+/u).filter((token) => token !== '');
}

/** Share of 10 ms frames (by centre) inside [start, end] at or above -50 dBFS. */
function speechShare(levels: Float32Array, start: number, end: number): number {
  let total = 0;
  let loud = 0;
  levels.forEach((db, frame) => {
    const centre = (frame + 0.5) * 0.01;
    if (centre < start || centre > end) return;
    total += 1;
    if (db >= -50) loud += 1;
  });
  return total === 0 ? 1 : loud / total;
}

function assertTimings(text: string, result: SynthesisResult): void {
  const { audio, words } = result;
  assert.deepEqual(
    words.map((timing) => timing.word),
    tokens(text),
  );
  const levels = frameRmsDb(audio, 0.01);
  const shares: number[] = [];
  let previousEnd = 0;
  for (const timing of words) {
    assert.ok(timing.start >= previousEnd - 1e-9, `${timing.word} starts before the previous word ends`);
    assert.ok(timing.end > timing.start, `${timing.word} has no duration`);
    assert.ok(timing.end <= durationSeconds(audio) + 1e-3, `${timing.word} ends after the audio`);
    previousEnd = timing.end;
    const share = speechShare(levels, timing.start, timing.end);
    assert.ok(
      share >= 0.5,
      `${timing.word} [${timing.start}, ${timing.end}] is only ${share.toFixed(2)} speech`,
    );
    shares.push(share);
  }
  const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
  assert.ok(mean >= 0.85, `words are on average only ${mean.toFixed(2)} speech`);
}

describe('SVOX Pico engine', () => {
  const emptyModels = mkdtempSync(path.join(os.tmpdir(), 'voicelib-pico-test-'));
  const reference = createEspeakEngine({ threads: 1 });
  const engine = createSvoxPicoEngine({ modelsDir: emptyModels, modelsSearchPath: [LINGWARE], reference });
  after(async () => {
    await engine.close();
    await reference.close();
    rmSync(emptyModels, { recursive: true, force: true });
  });

  test('is unavailable without lingware and says how to get it', async () => {
    const bare = createSvoxPicoEngine({ modelsDir: emptyModels, modelsSearchPath: [], reference });
    try {
      assert.equal(await bare.isAvailable(), false);
      await assert.rejects(
        bare.synthesize(input('Hello.')),
        (error: unknown) =>
          error instanceof AppError &&
          error.code === 'service_unavailable' &&
          /models pull svox-pico/.test(error.message),
      );
    } finally {
      await bare.close();
    }
  });

  test('escapes text that looks like Pico markup and adds speed and pitch markup', () => {
    assert.equal(picoMarkup(input('a <speed level="20"> b')), 'a < speed level="20"> b');
    assert.equal(picoMarkup(input('1 < 2')), '1 < 2');
    assert.equal(
      picoMarkup(input('Hi.', { speed: 1.5, voice: { id: 'en-US', params: { pitchSemitones: 12 } } })),
      '<speed level="150"><pitch level="200">Hi.</pitch></speed>',
    );
  });

  test('speaks US English with aligned word timings', async (t) => {
    if (!HAVE_LINGWARE) return t.skip(MISSING);
    assert.equal(await engine.isAvailable(), true);
    const result = await engine.synthesize(input(ENGLISH));
    assert.equal(result.audio.sampleRate, 16000);
    assert.ok(durationSeconds(result.audio) > 3);
    assertTimings(ENGLISH, result);
  });

  test('the comma pause (no break markup) falls between the words around it', async (t) => {
    if (!HAVE_LINGWARE) return t.skip(MISSING);
    const result = await engine.synthesize(input(ENGLISH));
    const index = result.words.findIndex((timing) => timing.word === 'planks,');
    const before = result.words[index];
    const after = result.words[index + 1];
    assert.ok(before && after);
    const pause = detectSilences(result.audio, { thresholdDb: -50, minDurationSec: 0.08 }).find(
      (silence) => silence.start > before.start && silence.end < after.end,
    );
    assert.ok(pause, 'Pico made no pause at the comma');
    assert.ok(
      Math.abs(before.end - pause.start) <= 0.08,
      `"planks," ends at ${before.end}, the pause starts at ${pause.start}`,
    );
    assert.ok(
      Math.abs(after.start - pause.end) <= 0.08,
      `"and" starts at ${after.start}, the pause ends at ${pause.end}`,
    );
  });

  test('speaks German with aligned word timings', async (t) => {
    if (!HAVE_LINGWARE) return t.skip(MISSING);
    const result = await engine.synthesize(input(GERMAN, { language: 'de-DE', voice: { id: 'de-DE' } }));
    assertTimings(GERMAN, result);
    const pause = detectSilences(result.audio, { thresholdDb: -50, minDurationSec: 0.15 }).find(
      (silence) => silence.start > 0.5 && silence.end < durationSeconds(result.audio) - 0.3,
    );
    assert.ok(pause, 'no pause inside the German text');
  });

  test('speed changes the duration', async (t) => {
    if (!HAVE_LINGWARE) return t.skip(MISSING);
    const normal = await engine.synthesize(input(ENGLISH));
    const fast = await engine.synthesize(input(ENGLISH, { speed: 1.5 }));
    const ratio = durationSeconds(fast.audio) / durationSeconds(normal.audio);
    assert.ok(ratio < 0.85 && ratio > 0.55, `speed 1.5 gave ${ratio.toFixed(3)}x the duration`);
    assertTimings(ENGLISH, fast);
  });

  test('rejects a language Pico does not speak', async () => {
    await assert.rejects(
      engine.synthesize(input('Hallo', { language: 'nl-NL', voice: { id: 'nl' } })),
      (error: unknown) => error instanceof AppError && error.code === 'unsupported_language',
    );
  });
});
