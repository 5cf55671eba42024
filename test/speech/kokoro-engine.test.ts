import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isAppError } from '../../src/errors.js';
import type { SynthesisInput } from '../../src/speech/engine.js';
import { EspeakIpa } from '../../src/speech/engines/espeak-ng/ipa.js';
import { formatStyleOffset, parseStyleOffset } from '../../src/speech/engines/kokoro/blend.js';
import { createKokoroEngine } from '../../src/speech/engines/kokoro/index.js';
import { KOKORO_SKIP, KOKORO_VOICES_DIR } from '../helpers/models.js';
import { kokoroIds, kokoroPhonemes } from '../../src/speech/engines/kokoro/phonemize.js';
import { CALIBRATION_IDS } from '../../src/speech/engines/kokoro/quantize.js';
import { splitForWorkers } from '../../src/speech/engines/kokoro/split.js';
import { KOKORO_VOCAB } from '../../src/speech/engines/kokoro/vocab.js';
import { KOKORO_VOICE_IDS, resolveKokoroVoice } from '../../src/speech/engines/kokoro/voices.js';
import { KOKORO, kokoroFixtureSample, writeKokoroFixture } from '../fixtures/onnx/make-fixtures.js';

/**
 * Kokoro on generated ONNX fixtures (test/fixtures/onnx/make-fixtures.ts): the graph's audio length
 * is (phoneme ids + 2 pads) × 4 frames / speed × 600 samples and its pitch follows the style vector,
 * so these tests check the ids, style row and speed the engine passed, and its use of the
 * `durations` output. Phonemization is the real espeak-ng.
 */

const HOP_SECONDS = KOKORO.hop / KOKORO.sampleRate;
const FRAME_SAMPLES = KOKORO.framesPerToken * KOKORO.hop;

function input(text: string, overrides: Partial<SynthesisInput> = {}): SynthesisInput {
  return { text, language: 'en-US', voice: { id: 'af_heart' }, speed: 1, variation: 0.5, ...overrides };
}

function voiceRow(voice: string, row: number): Float32Array {
  const buffer = readFileSync(path.join(KOKORO_VOICES_DIR!, `${voice}.bin`));
  const pack = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
  return pack.slice(row * 256, (row + 1) * 256);
}

function maxDifference(samples: Float32Array, style: Float32Array, count: number): number {
  let worst = 0;
  for (let k = 0; k < Math.min(count, samples.length); k += 1) {
    worst = Math.max(worst, Math.abs((samples[k] ?? 0) - kokoroFixtureSample(k, style)));
  }
  return worst;
}

describe('Kokoro phonemization (espeak-ng IPA → Kokoro vocabulary)', () => {
  let ipa: EspeakIpa;
  const phonemize = (text: string, language: 'a' | 'b' = 'a') => {
    const tokens = text.split(' ');
    const voice = language === 'a' ? 'en-US' : 'en-GB';
    return kokoroPhonemes(
      tokens,
      tokens.map((_, i) => i),
      language,
      (c) => ipa.phonemize(c, voice),
    );
  };

  before(async () => {
    ipa = await EspeakIpa.load();
  });

  test('"hello" becomes həlˈoʊ and the ids of hexgrad/Kokoro-82M config.json', () => {
    const phonemes = phonemize('hello');
    assert.equal(phonemes.text, 'həlˈoʊ');
    // config.json vocab: h 50, ə 83, l 54, ˈ 156, o 57, ʊ 135 (the table kokoro-js downloads).
    assert.deepEqual(kokoroIds(phonemes).ids, [50, 83, 54, 156, 57, 135]);
    assert.equal(KOKORO_VOCAB.size, 114);
  });

  test("the quantizer's calibration ids are still what phonemization makes of its sentences", () => {
    const sentences = [
      'Rice is often served in round bowls.',
      'The juice of lemons makes fine punch.',
      'The box was thrown beside the parked truck.',
      'The hogs were fed chopped corn and garbage.',
    ];
    assert.deepEqual(
      sentences.map((text) => kokoroIds(phonemize(text)).ids),
      CALIBRATION_IDS.map((ids) => [...ids]),
    );
  });

  test('British voices phonemize with British espeak', () => {
    assert.equal(phonemize('hello', 'b').text, 'həlˈəʊ');
  });

  test('punctuation is kept between clauses and every phoneme keeps its word', () => {
    const phonemes = phonemize('Hello, world!');
    assert.equal(phonemes.text, 'həlˈoʊ, wˈɜːld!');
    const ids = kokoroIds(phonemes);
    assert.deepEqual(ids.ids.slice(6, 8), [3, 16]); // ',' and ' '
    assert.deepEqual([...new Set(ids.owner)], [0, 1]);
    assert.equal(ids.spoken.filter(Boolean).length, 12);
  });

  test('kokoro-js normalization: titles, money, years and its IPA fixes', () => {
    const phonemes = phonemize('Dr. Smith paid $5 in 1990.');
    assert.match(phonemes.text, /^dˈɑːktɚ smˈɪθ/);
    assert.match(phonemes.text, /fˈaɪv dˈɑːlɚz/);
    assert.match(phonemes.text, /nˈaɪntiːn nˈaɪndi\.$/, 'ninety → naɪndi (kokoro-js, American)');
    assert.ok(!phonemes.text.includes('r'), 'r becomes ɹ');
  });

  test('a word espeak splits in two stays one word (numbers)', () => {
    const ids = kokoroIds(phonemize('It costs 42 now'));
    const owners = [...new Set(ids.owner)];
    assert.deepEqual(owners, [0, 1, 2, 3]);
  });
});

describe('Kokoro engine on a fixture model', KOKORO_SKIP, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'voicelib-kokoro-'));
  const plain = mkdtempSync(path.join(tmpdir(), 'voicelib-kokoro-plain-'));
  const empty = mkdtempSync(path.join(tmpdir(), 'voicelib-kokoro-none-'));
  writeKokoroFixture(folder);
  writeKokoroFixture(plain, { durations: false, fileName: 'model_quantized.onnx' });
  // The search path is tried before modelsDir: an empty first folder must not hide the model.
  // The real voice packs (the test weights) with the fixture model.
  const voicesDir = KOKORO_VOICES_DIR ?? undefined;
  const engine = createKokoroEngine({ modelFolders: [empty, folder], voicesDir });
  const proportional = createKokoroEngine({ modelFolders: [plain], voicesDir });

  after(async () => {
    await engine.close();
    await proportional.close();
    for (const dir of [folder, plain, empty]) rmSync(dir, { recursive: true, force: true });
  });

  test('declares 54 voices in 9 languages and ranks above espeak-ng', () => {
    assert.equal(engine.info.voices.length, 54);
    assert.deepEqual(
      engine.info.voices.map((v) => v.id),
      KOKORO_VOICE_IDS,
    );
    const languages = new Set(engine.info.voices.flatMap((v) => v.languages));
    assert.deepEqual([...languages].sort(), ['en-GB', 'en-US', 'es', 'fr', 'hi', 'it', 'ja', 'pt-BR', 'zh']);
    assert.equal(engine.info.voices.find((v) => v.id === 'bm_george')?.gender, 'male');
    assert.ok(engine.info.naturalness > 1.3);
  });

  test('is unavailable without a model file', async () => {
    const missing = createKokoroEngine({ modelFolders: [empty] });
    assert.equal(await missing.isAvailable(), false);
    await assert.rejects(
      missing.synthesize(input('Hello')),
      (e) => isAppError(e) && e.code === 'service_unavailable',
    );
    await missing.close();
    assert.equal(await engine.isAvailable(), true);
  });

  test('runs the model with the ids, style row and speed; 24 kHz audio of the expected length', async () => {
    const { audio } = await engine.synthesize(input('Hello world'));
    assert.equal(audio.sampleRate, 24_000);
    // həlˈoʊ wˈɜːld: 13 phoneme ids + 2 pads, 4 frames each, 600 samples per frame.
    assert.equal(audio.samples.length, 15 * FRAME_SAMPLES);
    // The pitch follows the style vector: af_heart's row 13 (the number of phoneme ids), not its neighbours.
    assert.ok(maxDifference(audio.samples, voiceRow('af_heart', 13), 6000) < 2e-3);
    assert.ok(maxDifference(audio.samples, voiceRow('af_heart', 14), 6000) > 0.05);
    assert.ok(maxDifference(audio.samples, voiceRow('af_heart', 12), 6000) > 0.05);
  });

  test('word timings come from the durations output, one per word in order', async () => {
    const { words } = await engine.synthesize(input('Hello world'));
    // Pad, h ə l ˈ o ʊ (ids 1-6), space, w ˈ ɜ ː l d (ids 8-13), pad; 0.1 s per id.
    const at = (id: number) => Math.round(id * KOKORO.framesPerToken * HOP_SECONDS * 1000) / 1000;
    assert.deepEqual(words, [
      { word: 'Hello', start: at(1), end: at(7) },
      { word: 'world', start: at(8), end: at(14) },
    ]);
  });

  test('speed 2 halves the audio and the timings', async () => {
    const normal = await engine.synthesize(input('Hello world'));
    const fast = await engine.synthesize(input('Hello world', { speed: 2 }));
    assert.equal(fast.audio.samples.length, normal.audio.samples.length / 2);
    assert.deepEqual(
      fast.words.map((w) => [w.start, w.end]),
      normal.words.map((w) => [w.start / 2, w.end / 2]),
    );
  });

  test('another voice pack gives another style', async () => {
    const { audio } = await engine.synthesize(
      input('Hello world', { voice: { id: 'bm_george' }, language: 'en-GB' }),
    );
    // British phonemes: həlˈəʊ wˈɜːld, also 13 ids.
    assert.equal(audio.samples.length, 15 * FRAME_SAMPLES);
    assert.ok(maxDifference(audio.samples, voiceRow('bm_george', 13), 6000) < 2e-3);
  });

  test('a style offset moves every row of the voice by the same vector', async () => {
    const offset = new Float32Array(256).map((_, i) => (i % 7) * 0.01 - 0.02);
    const style = formatStyleOffset(offset);
    assert.deepEqual(parseStyleOffset(style), offset);
    const { audio } = await engine.synthesize(input('Hello world', { voice: { id: 'af_heart', params: { style } } }));
    const moved = voiceRow('af_heart', 13).map((v, i) => v + offset[i]!);
    assert.ok(maxDifference(audio.samples, moved, 6000) < 2e-3);
    assert.ok(maxDifference(audio.samples, voiceRow('af_heart', 13), 6000) > 0.05);
    // On a blend, the offset is added to the mixed rows.
    const blend = await engine.synthesize(
      input('Hello world', { voice: { id: 'af_heart', params: { blend: 'af_heart:0.5,af_bella:0.5', style } } }),
    );
    const mixed = voiceRow('af_heart', 13).map((v, i) => 0.5 * v + 0.5 * voiceRow('af_bella', 13)[i]! + offset[i]!);
    assert.ok(maxDifference(blend.audio.samples, mixed, 6000) < 2e-3);
  });

  test('a malformed style offset is refused before synthesis', async () => {
    await assert.rejects(
      engine.synthesize(input('Hello world', { voice: { id: 'af_heart', params: { style: 'AAAA' } } })),
      (error: unknown) => isAppError(error) && error.code === 'provider_error',
    );
  });

  test('long text is cut into chunks of at most 510 ids, timings stay in order', async () => {
    const sentence = 'The committee reviewed every proposal carefully, and then it published a long report.';
    const text = Array.from({ length: 12 }, () => sentence).join(' ');
    const { audio, words } = await engine.synthesize(input(text));
    const positions = audio.samples.length / FRAME_SAMPLES;
    assert.ok(Number.isInteger(positions));
    assert.ok(positions > 512, `expected more than one chunk, got ${positions} positions`);
    assert.equal(words.length, text.split(' ').length);
    let previous = 0;
    for (const word of words) {
      assert.ok(word.start >= previous && word.end > word.start, `${word.word} out of order`);
      previous = word.end;
    }
    assert.ok(previous <= audio.samples.length / audio.sampleRate);
  });

  test('two workers speak a long text in two sentence groups at once: same words, same length as one worker', async () => {
    const sentence = 'The committee reviewed every proposal carefully, and then it published a long report.';
    const text = Array.from({ length: 12 }, () => sentence).join(' ');
    assert.equal(splitForWorkers(text, 2).length, 2);
    assert.deepEqual(splitForWorkers(text, 2).join(' ').split(' '), text.split(' '));
    assert.deepEqual(splitForWorkers('Short. Text.', 2), ['Short. Text.']);
    const two = createKokoroEngine({ modelFolders: [folder], threads: 2, voicesDir });
    try {
      const one = await engine.synthesize(input(text));
      const both = await two.synthesize(input(text));
      // The fixture's durations depend on the ids alone, and both cut this text into the same number of
      // inferences (pads included): the split moves where chunks end, not how long the audio is.
      assert.equal(both.audio.samples.length, one.audio.samples.length);
      assert.deepEqual(
        both.words.map((w) => w.word),
        one.words.map((w) => w.word),
      );
      let previous = 0;
      for (const word of both.words) {
        assert.ok(word.start >= previous && word.end > word.start, `${word.word} out of order`);
        previous = word.end;
      }
    } finally {
      await two.close();
    }
  });

  test('without a durations output, timings are proportional within the speech', async () => {
    assert.equal(await proportional.isAvailable(), true);
    const { audio, words } = await proportional.synthesize(input('Hello world'));
    assert.equal(audio.samples.length, 15 * FRAME_SAMPLES);
    // Both words have 6 spoken ids: the (uninterrupted) sine is shared half and half.
    assert.equal(words.length, 2);
    assert.ok(Math.abs((words[0]?.start ?? 1) - 0) < 0.02);
    assert.ok(Math.abs((words[0]?.end ?? 0) - 0.75) < 0.02);
    assert.ok(Math.abs((words[1]?.end ?? 0) - 1.5) < 0.02);
  });

  test('same input, same audio', async () => {
    const a = await engine.synthesize(input('Determinism matters.'));
    const b = await engine.synthesize(input('Determinism matters.'));
    assert.deepEqual(a.audio.samples, b.audio.samples);
  });

  test('voices follow the language; unknown languages are refused', async () => {
    assert.deepEqual(resolveKokoroVoice('af_heart', 'en-GB'), { voice: 'af_heart', language: 'a' });
    assert.deepEqual(resolveKokoroVoice('en-US', 'fr-FR'), { voice: 'ff_siwis', language: 'f' });
    assert.deepEqual(resolveKokoroVoice('af_heart', 'pt-BR'), { voice: 'pf_dora', language: 'p' });
    await assert.rejects(
      engine.synthesize(input('Guten Tag', { language: 'de' })),
      (e) => isAppError(e) && e.code === 'unsupported_language',
    );
    const { audio } = await engine.synthesize(input('Hola', { language: 'es', voice: { id: 'ef_dora' } }));
    assert.ok(audio.samples.length > 0);
  });

  test('empty text gives empty audio', async () => {
    const { audio, words } = await engine.synthesize(input('   '));
    assert.equal(audio.samples.length, 0);
    assert.deepEqual(words, []);
  });

  test('an aborted synthesis is refused as cancelled; the engine keeps working', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(engine.synthesize({ ...input('Hello there.'), signal: controller.signal }), (error: unknown) => {
      assert.equal((error as { code?: string }).code, 'service_unavailable');
      assert.match((error as Error).message, /cancelled/);
      return true;
    });
    assert.ok((await engine.synthesize(input('Hello there.'))).audio.samples.length > 0);
  });
});
