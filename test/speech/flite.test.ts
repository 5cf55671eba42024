import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { detectSilences, estimatePitch, frameRmsDb } from '../../src/audio/analysis/index.js';
import { durationSeconds } from '../../src/audio/pcm.js';
import { AppError } from '../../src/errors.js';
import type { SynthesisInput, SynthesisResult } from '../../src/speech/engine.js';
import { createFliteEngine } from '../../src/speech/engines/flite/index.js';
import { parseSegmentLines, utteranceOffsets } from '../../src/speech/engines/flite/segments.js';
import { alignPhoneSequences } from '../../src/speech/engines/flite/word-timings.js';

const SENTENCES = 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.';
const WITH_PAUSE = "Hello world, this is a test. Don't worry: it's 3.5 dollars & change!";

function input(text: string, overrides: Partial<SynthesisInput> = {}): SynthesisInput {
  return { text, language: 'en-US', voice: { id: 'slt' }, speed: 1, variation: 0.5, ...overrides };
}

function tokens(text: string): string[] {
  return text.split(/\s+/u).filter((token) => token !== '');
}

/** Share of 10 ms frames (by centre) inside [start, end] at or above -50 dBFS. */
function speechShare(levels: Float32Array, frameSeconds: number, start: number, end: number): number {
  let total = 0;
  let loud = 0;
  levels.forEach((db, frame) => {
    const centre = (frame + 0.5) * frameSeconds;
    if (centre < start || centre > end) return;
    total += 1;
    if (db >= -50) loud += 1;
  });
  return total === 0 ? 1 : loud / total;
}

/** One timing per token, in order, inside the audio, and each spoken word over sound. */
function assertTimings(text: string, result: SynthesisResult): void {
  const { audio, words } = result;
  assert.deepEqual(
    words.map((timing) => timing.word),
    tokens(text),
  );
  const levels = frameRmsDb(audio, 0.01);
  const frameSeconds = Math.round(0.01 * audio.sampleRate) / audio.sampleRate;
  let previousEnd = 0;
  const shares: number[] = [];
  for (const timing of words) {
    assert.ok(timing.start >= previousEnd - 1e-9, `${timing.word} starts before the previous word ends`);
    assert.ok(timing.end >= timing.start, `${timing.word} ends before it starts`);
    assert.ok(timing.end <= durationSeconds(audio) + 1e-3, `${timing.word} ends after the audio`);
    previousEnd = timing.end;
    if (!/[\p{L}\p{N}]/u.test(timing.word)) continue;
    assert.ok(timing.end - timing.start >= 0.03, `${timing.word} is shorter than 30 ms`);
    // Stop closures and weak fricatives (8 kHz kal) are quiet inside a word, hence 0.5 per word.
    const share = speechShare(levels, frameSeconds, timing.start, timing.end);
    assert.ok(
      share >= 0.5,
      `${timing.word} [${timing.start}, ${timing.end}] is only ${share.toFixed(2)} speech`,
    );
    shares.push(share);
  }
  const mean = shares.reduce((sum, share) => sum + share, 0) / Math.max(1, shares.length);
  assert.ok(mean >= 0.85, `words are on average only ${mean.toFixed(2)} speech`);
}

describe('flite word-timing helpers', () => {
  test('phone alignment tolerates substitutions, insertions and deletions', () => {
    const expected = ['ih', 't', 'eh', 's', 'th', 'r', 'iy'];
    // "it's three": the isolated "'s" was "eh s", in context it is just "s"; one phone inserted.
    const spoken = ['ih', 't', 's', 'th', 'r', 'hh', 'iy'];
    assert.deepEqual([...alignPhoneSequences(spoken, expected)], [0, 1, 3, 4, 5, -1, 6]);
    assert.deepEqual([...alignPhoneSequences([], expected)], []);
    assert.deepEqual([...alignPhoneSequences(['a'], [])], [-1]);
  });

  test('utterances are laid end to end by voice kind', () => {
    const utterances = parseSegmentLines(
      'pau:0.164 hh:0.255 ay:0.544 pau:0.644\nnoise\npau:0.200 ow:0.400 pau:0.600\n',
    );
    assert.equal(utterances.length, 2);
    // clustergen: whole 5 ms frames (0.640 + 0.600).
    const clustergen = utteranceOffsets(utterances, 'clustergen', 1.24);
    assert.deepEqual(clustergen.offsets, [0, 0.64]);
    assert.ok(Math.abs(clustergen.scale - 1) < 1e-9);
    // diphone: half of the final pause is not rendered (0.644 - 0.05, 0.6 - 0.1).
    const diphone = utteranceOffsets(utterances, 'diphone', 1.094);
    assert.ok(Math.abs((diphone.offsets[1] ?? 0) - 0.594) < 1e-9);
    assert.ok(Math.abs(diphone.scale - 1) < 1e-9);
  });
});

describe('flite engine', () => {
  const engine = createFliteEngine({ threads: 1 });
  after(() => engine.close());

  test('describes itself and is available', async () => {
    assert.equal(engine.info.id, 'flite');
    assert.equal(engine.info.naturalness, 2.8);
    assert.deepEqual(
      engine.info.voices.map((voice) => voice.id),
      ['slt', 'awb', 'rms', 'kal', 'kal16'],
    );
    assert.equal(await engine.isAvailable(), true);
  });

  test('speaks with one timing per token, over speech and not over the pauses', async () => {
    const result = await engine.synthesize(input(WITH_PAUSE));
    assert.equal(result.audio.sampleRate, 16000);
    assert.ok(durationSeconds(result.audio) > 3, 'audio is too short');
    assertTimings(WITH_PAUSE, result);

    // The comma and the full stop make pauses; the words around them must leave them uncovered.
    const silences = detectSilences(result.audio, { thresholdDb: -50, minDurationSec: 0.06 });
    const gap = (before: string) => {
      const index = result.words.findIndex((timing) => timing.word === before);
      const left = result.words[index];
      const right = result.words[index + 1];
      assert.ok(left && right);
      return { from: left.end, to: right.start };
    };
    for (const word of ['world,', 'test.']) {
      const { from, to } = gap(word);
      assert.ok(to - from >= 0.06, `no pause between "${word}" and the next word (${from}-${to})`);
      const pause = silences.find((silence) => silence.start < to && silence.end > from);
      assert.ok(pause, `no silence in the audio between "${word}" and the next word (${from}-${to})`);
      assert.ok(
        Math.abs(pause.start - from) < 0.06,
        `"${word}" ends at ${from}, the pause starts at ${pause.start}`,
      );
    }
    // "3.5" is said as three words; it stays one token and takes their time.
    const number = result.words.find((timing) => timing.word === '3.5');
    assert.ok(number && number.end - number.start > 0.5, 'the number should cover "three point five"');
  });

  test('every voice speaks, at its own rate, with timings', async () => {
    for (const [voice, rate] of [
      ['kal', 8000],
      ['kal16', 16000],
      ['awb', 16000],
      ['rms', 16000],
    ] as const) {
      const result = await engine.synthesize(input(SENTENCES, { voice: { id: voice } }));
      assert.equal(result.audio.sampleRate, rate, voice);
      assertTimings(SENTENCES, result);
    }
  });

  test('speed changes the duration and the timings with it', async () => {
    const normal = await engine.synthesize(input(SENTENCES));
    const fast = await engine.synthesize(input(SENTENCES, { speed: 1.5 }));
    const slow = await engine.synthesize(input(SENTENCES, { speed: 0.75 }));
    const ratioFast = durationSeconds(fast.audio) / durationSeconds(normal.audio);
    const ratioSlow = durationSeconds(slow.audio) / durationSeconds(normal.audio);
    assert.ok(Math.abs(ratioFast - 1 / 1.5) < 0.08, `speed 1.5 gave ${ratioFast.toFixed(3)}x the duration`);
    assert.ok(Math.abs(ratioSlow - 1 / 0.75) < 0.1, `speed 0.75 gave ${ratioSlow.toFixed(3)}x the duration`);
    assertTimings(SENTENCES, fast);
    assertTimings(SENTENCES, slow);
    const lastEnd = (result: SynthesisResult) => result.words.at(-1)?.end ?? 0;
    assert.ok(lastEnd(fast) < lastEnd(normal) && lastEnd(normal) < lastEnd(slow));
  });

  test('pitch settings move the voice', async () => {
    const base = estimatePitch((await engine.synthesize(input(SENTENCES))).audio).medianHz;
    const higher = estimatePitch(
      (await engine.synthesize(input(SENTENCES, { voice: { id: 'slt', params: { pitchSemitones: 4 } } })))
        .audio,
    ).medianHz;
    const semitones = 12 * Math.log2(higher / base);
    assert.ok(Math.abs(semitones - 4) < 1, `+4 semitones measured as ${semitones.toFixed(2)}`);
  });

  test('a long unpunctuated text does not crash the process', async () => {
    // 200 words in one utterance: what killed Node through WASI fast calls (slt, before the fix).
    const text = Array.from({ length: 200 }, (_, i) => (i % 7 === 0 ? 'planks' : 'word')).join(' ');
    const result = await engine.synthesize(input(text));
    assert.ok(durationSeconds(result.audio) > 30);
    assert.equal(result.words.length, 200);
  });

  test('rejects other languages and unknown voices', async () => {
    await assert.rejects(
      engine.synthesize(input('Hallo Welt', { language: 'de-DE' })),
      (error: unknown) => error instanceof AppError && error.code === 'unsupported_language',
    );
    await assert.rejects(
      engine.synthesize(input('Hello', { voice: { id: 'nobody' } })),
      (error: unknown) => error instanceof AppError && error.code === 'validation_error',
    );
  });

  test('empty text gives empty audio and no words', async () => {
    const result = await engine.synthesize(input('   '));
    assert.equal(result.audio.samples.length, 0);
    assert.deepEqual(result.words, []);
  });
});
