import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { estimatePitch, frameRmsDb } from '../../src/audio/analysis/index.js';
import { durationSeconds } from '../../src/audio/pcm.js';
import { AppError } from '../../src/errors.js';
import type { SpeechEngine, SynthesisInput, SynthesisResult } from '../../src/speech/engine.js';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';

const ENGLISH = 'The quick brown fox jumps over the lazy dog, and then it rests in the warm afternoon sun.';

const SAMPLES: Array<[language: string, text: string]> = [
  ['en-US', 'Hello, world. This is a short test of the speech engine: it speaks 42 words per minute!'],
  ['de', 'Guten Tag, wie geht es Ihnen heute? Das Wetter ist wirklich schön.'],
  ['fr', "Bonjour, comment allez-vous aujourd'hui ? Il fait très beau."],
  ['es', 'Hola, ¿cómo estás hoy? El tiempo es muy agradable.'],
  ['zh', '你好 世界。 我们 今天 很 好。'],
  ['ja', 'こんにちは せかい'],
];

function input(text: string, overrides: Partial<SynthesisInput> = {}): SynthesisInput {
  return { text, language: 'en-US', voice: { id: 'en-US' }, speed: 1, variation: 0.5, ...overrides };
}

function tokens(text: string): string[] {
  return text.split(/\s+/u).filter((token) => token !== '');
}

/**
 * Share of the 10 ms frames (by centre) inside [start, end] at or above -50 dBFS; the same rule as
 * `speechRatio` in src/audio/analysis/index.ts, with the frame levels computed once per clip.
 */
function speechShare(levels: Float32Array, frameSeconds: number, start: number, end: number): number {
  let total = 0;
  let loud = 0;
  levels.forEach((db, frame) => {
    const centre = (frame + 0.5) * frameSeconds;
    if (centre < start || centre > end) return;
    total += 1;
    if (db >= -50) loud += 1;
  });
  return total === 0 ? 0 : loud / total;
}

function assertTimings(text: string, result: SynthesisResult): void {
  const { audio, words } = result;
  const levels = frameRmsDb(audio, 0.01);
  const frameSeconds = Math.round(0.01 * audio.sampleRate) / audio.sampleRate;
  assert.deepEqual(
    words.map((timing) => timing.word),
    tokens(text),
  );
  let previousEnd = 0;
  for (const timing of words) {
    assert.ok(timing.start >= previousEnd - 1e-9, `${timing.word} starts before the previous word ends`);
    assert.ok(timing.end >= timing.start, `${timing.word} ends before it starts`);
    assert.ok(timing.end <= durationSeconds(audio) + 1e-3, `${timing.word} ends after the audio`);
    previousEnd = timing.end;
    if (!/[\p{L}\p{N}]/u.test(timing.word)) continue;
    const ratio = speechShare(levels, frameSeconds, timing.start, timing.end);
    assert.ok(
      ratio >= 0.6,
      `${timing.word} [${timing.start}, ${timing.end}] is only ${ratio.toFixed(2)} speech`,
    );
  }
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => error instanceof AppError && error.code === code);
}

describe('espeak-ng engine', () => {
  let engine: SpeechEngine & { warm(): Promise<void> };

  before(async () => {
    engine = createEspeakEngine({ threads: 2 });
    await engine.warm();
  });
  after(() => engine.close());

  test('describes itself with ~130 languages and is available', async () => {
    assert.equal(engine.info.id, 'espeak-ng');
    assert.ok(engine.info.voices.length >= 130);
    assert.equal(await engine.isAvailable(), true);
  });

  for (const [language, text] of SAMPLES) {
    test(`speaks ${language} with one timing per token inside the speech`, async () => {
      const result = await engine.synthesize(input(text, { language, voice: { id: 'default' } }));
      assert.equal(result.audio.sampleRate, 22_050);
      assert.ok(result.audio.samples instanceof Float32Array);
      assert.ok(durationSeconds(result.audio) > 0.5, `${durationSeconds(result.audio)} s`);
      assertTimings(text, result);
    });
  }

  test('regional tags fall back to a voice of the language', async () => {
    for (const language of ['pt-BR', 'en-GB', 'es-MX', 'de-CH']) {
      const result = await engine.synthesize(input('Uno dos tres', { language }));
      assert.ok(result.audio.samples.length > 0, language);
    }
  });

  test('speed 1.5 is clearly shorter than speed 0.75', async () => {
    const fast = await engine.synthesize(input(ENGLISH, { speed: 1.5 }));
    const slow = await engine.synthesize(input(ENGLISH, { speed: 0.75 }));
    const ratio = durationSeconds(fast.audio) / durationSeconds(slow.audio);
    assert.ok(ratio < 0.65, `fast/slow duration ratio ${ratio.toFixed(2)}`);
  });

  test('a higher pitch parameter gives a higher median F0', async () => {
    const low = await engine.synthesize(input(ENGLISH, { voice: { id: 'en-US', params: { pitch: 20 } } }));
    const high = await engine.synthesize(input(ENGLISH, { voice: { id: 'en-US', params: { pitch: 80 } } }));
    const lowHz = estimatePitch(low.audio).medianHz;
    const highHz = estimatePitch(high.audio).medianHz;
    assert.ok(highHz > lowHz * 1.2, `pitch 20: ${lowHz.toFixed(0)} Hz, pitch 80: ${highHz.toFixed(0)} Hz`);
  });

  test('prosody semitones shift the pitch natively', async () => {
    const base = await engine.synthesize(input(ENGLISH));
    const raised = await engine.synthesize(input(ENGLISH, { prosody: { pitchSemitones: 4, rangeScale: 1 } }));
    const ratio = estimatePitch(raised.audio).medianHz / estimatePitch(base.audio).medianHz;
    // 4 semitones is a factor of 1.26.
    assert.ok(ratio > 1.15 && ratio < 1.4, `F0 ratio ${ratio.toFixed(2)}`);
  });

  test('a female variant speaks higher than the default voice', async () => {
    const base = await engine.synthesize(input(ENGLISH));
    const female = await engine.synthesize(
      input(ENGLISH, { voice: { id: 'en-US', params: { variant: 'f3' } } }),
    );
    const viaId = await engine.synthesize(input(ENGLISH, { voice: { id: 'en-US+f3' } }));
    assert.ok(estimatePitch(female.audio).medianHz > estimatePitch(base.audio).medianHz * 1.3);
    assert.deepEqual(viaId.audio.samples, female.audio.samples);
  });

  test('more variation widens the pitch range', async () => {
    const flat = await engine.synthesize(input(ENGLISH, { variation: 0 }));
    const lively = await engine.synthesize(input(ENGLISH, { variation: 1 }));
    assert.ok(estimatePitch(lively.audio).stdHz > estimatePitch(flat.audio).stdHz * 1.5);
  });

  test('wordGap lengthens the pauses between words and keeps the timings aligned', async () => {
    const text = 'one two three four five';
    const plain = await engine.synthesize(input(text));
    const gapped = await engine.synthesize(input(text, { voice: { id: 'en-US', params: { wordGap: 20 } } }));
    const added = durationSeconds(gapped.audio) - durationSeconds(plain.audio);
    assert.ok(Math.abs(added - 4 * 0.2) < 0.01, `${added.toFixed(3)} s added`);
    assertTimings(text, gapped);
  });

  test('identical requests give identical audio, concurrent or not', async () => {
    const a = input(ENGLISH);
    const b = input('Zwei Anfragen gleichzeitig, bitte ohne Durcheinander.', { language: 'de' });
    const sequentialA = await engine.synthesize(a);
    const sequentialB = await engine.synthesize(b);
    const [concurrentA, concurrentB, concurrentA2] = await Promise.all([
      engine.synthesize(a),
      engine.synthesize(b),
      engine.synthesize(a),
    ]);
    assert.deepEqual(concurrentA.audio.samples, sequentialA.audio.samples);
    assert.deepEqual(concurrentB.audio.samples, sequentialB.audio.samples);
    assert.deepEqual(concurrentA2.audio.samples, sequentialA.audio.samples);
    assert.deepEqual(concurrentA.words, sequentialA.words);
  });

  test('a 2,000-character text completes with every token timed', async () => {
    const text = `${ENGLISH} `.repeat(30).slice(0, 2000).trim();
    assert.ok(text.length >= 1990);
    const result = await engine.synthesize(input(text));
    assert.ok(durationSeconds(result.audio) > 60);
    assertTimings(text, result);
  });

  test('markup-like characters are spoken as text, never interpreted', async () => {
    const text = 'Use <break time="9s"/> & [[h@l]] here.';
    const result = await engine.synthesize(input(text));
    assert.ok(durationSeconds(result.audio) < 8, 'the break tag must not become a 9 s pause');
    assert.equal(result.words.length, tokens(text).length);
  });

  test('empty text gives empty audio', async () => {
    const result = await engine.synthesize(input('   '));
    assert.equal(result.audio.samples.length, 0);
    assert.deepEqual(result.words, []);
  });

  test('unknown languages, variants and bad parameters are rejected', async () => {
    await rejectsWith(
      engine.synthesize(input('hi', { language: 'xx-YY', voice: { id: 'nobody' } })),
      'unsupported_language',
    );
    await rejectsWith(
      engine.synthesize(input('hi', { voice: { id: 'en-US', params: { variant: 'nope' } } })),
      'validation_error',
    );
    await rejectsWith(
      engine.synthesize(input('hi', { voice: { id: 'en-US', params: { pitch: 150 } } })),
      'validation_error',
    );
  });
});

test('a closed engine refuses further work', async () => {
  const engine = createEspeakEngine({ threads: 1 });
  await engine.close();
  await rejectsWith(engine.synthesize(input('hello')), 'service_unavailable');
});
