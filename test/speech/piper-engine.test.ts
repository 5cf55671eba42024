import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isAppError } from '../../src/errors.js';
import type { SynthesisInput } from '../../src/speech/engine.js';
import { EspeakIpa } from '../../src/speech/engines/espeak-ng/ipa.js';
import { parsePiperConfig } from '../../src/speech/engines/piper/config.js';
import { createPiperEngine } from '../../src/speech/engines/piper/index.js';
import { piperIds, piperIpa, piperModelInput, piperPhonemes } from '../../src/speech/engines/piper/phonemize.js';
import { PIPER, piperFixtureSample, writePiperFixture } from '../fixtures/onnx/make-fixtures.js';

/**
 * Piper on generated ONNX fixtures (test/fixtures/onnx/make-fixtures.ts): the graph's audio has
 * (input ids) × round(3 × length_scale) × 256 samples, its pitch follows noise_scale, noise_w and
 * sid, and its amplitude is 0.25 only when input_lengths matches the input, so these tests check
 * every input the engine passed. Configs carry Piper's real default phoneme_id_map.
 */

const US = 'en_US-fixture-low';
const GB = 'en_GB-fixture-medium';
const US_RATE = 16_000;
const GB_RATE = 22_050;

function input(text: string, overrides: Partial<SynthesisInput> = {}): SynthesisInput {
  return { text, language: 'en-US', voice: { id: US }, speed: 1, variation: 0.5, ...overrides };
}

function maxDifference(samples: Float32Array, expected: (k: number) => number, count = 4000): number {
  let worst = 0;
  for (let k = 0; k < Math.min(count, samples.length); k += 1) {
    worst = Math.max(worst, Math.abs((samples[k] ?? 0) - expected(k)));
  }
  return worst;
}

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

describe('Piper phonemization (espeak-ng IPA → phoneme_id_map)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'voicelib-piper-ids-'));
  const file = writePiperFixture(folder, US);
  const config = parsePiperConfig(JSON.parse(readFileSync(`${file}.json`, 'utf8')), file);
  let ipa: EspeakIpa;

  before(async () => {
    ipa = await EspeakIpa.load();
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  const ids = (text: string) => {
    const tokens = text.split(' ');
    const phonemes = piperPhonemes(
      tokens,
      tokens.map((_, i) => i),
      config,
      (c) => ipa.phonemize(c, config.espeakVoice),
    );
    return { phonemes: phonemes.text, input: piperModelInput(piperIds(phonemes, config), config) };
  };

  test('"Hi." → ^ _ h _ ˈ _ a _ ɪ _ . _ $', () => {
    const { phonemes, input } = ids('Hi.');
    assert.equal(phonemes, 'hˈaɪ.');
    // piper-phonemize's default map: ^ 1, _ 0, h 20, ˈ 120, a 14, ɪ 74, . 10, $ 2.
    assert.deepEqual(input.ids, [1, 0, 20, 0, 120, 0, 14, 0, 74, 0, 10, 0, 2]);
    assert.deepEqual(input.owner, [-1, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, -1]);
  });

  test('a lexicon IPA entry replaces its word\'s phonemes, owned by that word', () => {
    const tokens = ['I', 'like', 'tomato,', 'too.'];
    const indices = tokens.map((_, i) => i);
    const phonemize = (c: readonly string[]) => ipa.phonemize(c, config.espeakVoice);
    const without = piperPhonemes(tokens, indices, config, phonemize);
    const given = piperPhonemes(tokens, indices, config, phonemize, [null, null, piperIpa('təmˈɑːt͡ʃoʊ'), null]);
    assert.notEqual(given.text, without.text);
    assert.ok(given.text.includes('təmˈɑːtʃoʊ, '), `${given.text}: tie bar dropped, the comma kept`);
    const at = given.text.indexOf('təm');
    assert.deepEqual([...new Set(given.owner.slice(at, at + 'təmˈɑːtʃoʊ'.length))], [2]);
    assert.ok(given.text.endsWith(without.text.slice(without.text.lastIndexOf(' ') + 1)), `${given.text} / ${without.text}`);
  });

  test('words espeak joins keep its reading and are split between their owners', () => {
    // espeak says `of a` as one word `əvə`; alone, `a` would be the letter `ˈeɪ`.
    const { phonemes, input } = ids('the depth of a well');
    assert.equal(phonemes, 'ðə dˈɛpθ əvə wˈɛl');
    const owners = input.ids.flatMap((id, i) => (input.owner[i]! >= 0 && id !== 0 ? [input.owner[i]] : []));
    // ð ə ␠ d ˈ ɛ p θ ␠ ə v ə ␠ w ˈ ɛ l: `əv` is "of" (2), the last `ə` is "a" (3).
    assert.deepEqual(owners, [0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4]);
  });

  test('clause terminators and spaces as Piper writes them', () => {
    assert.equal(ids('Hello, world!').phonemes, 'həlˈoʊ, wˈɜːld!');
    assert.equal(ids('"Quoted" text').phonemes, 'kwˈoʊɾᵻd tˈɛkst');
  });
});

describe('Piper engine on fixture voices', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'voicelib-piper-'));
  const empty = mkdtempSync(path.join(tmpdir(), 'voicelib-piper-none-'));
  writePiperFixture(folder, US, { sampleRate: US_RATE, durations: true });
  writePiperFixture(folder, GB, {
    sampleRate: GB_RATE,
    multiSpeaker: true,
    speakers: ['alice', 'bob', 'carol'],
    languageCode: 'en_GB',
    espeakVoice: 'en-gb-x-rp',
  });
  const engine = createPiperEngine({ modelFolders: [empty, folder] });

  after(async () => {
    await engine.close();
    for (const dir of [folder, empty]) rmSync(dir, { recursive: true, force: true });
  });

  test('lists the voices found in piper-* folders, with their languages', async () => {
    assert.equal(await engine.isAvailable(), true);
    assert.deepEqual(
      engine.info.voices.map((v) => [v.id, v.languages]),
      [
        [GB, ['en-GB']],
        [US, ['en-US']],
      ],
    );
  });

  test('is unavailable without voices', async () => {
    const none = createPiperEngine({ modelFolders: [empty] });
    assert.equal(await none.isAvailable(), false);
    await assert.rejects(
      none.synthesize(input('Hi.')),
      (e) => isAppError(e) && e.code === 'service_unavailable',
    );
    await none.close();
  });

  test('passes input, input_lengths and scales; audio at the config sample rate', async () => {
    const { audio } = await engine.synthesize(input('Hi.'));
    assert.equal(audio.sampleRate, US_RATE);
    // 13 ids × 3 frames × 256 samples.
    assert.equal(audio.samples.length, 13 * PIPER.framesPerToken * PIPER.hop);
    // Default scales (variation 0.5): noise_scale 0.667, noise_w 0.8; amplitude 0.25 = lengths match.
    const expected = (k: number) => piperFixtureSample(k, US_RATE, { noiseScale: 0.667, noiseW: 0.8 });
    assert.ok(maxDifference(audio.samples, expected) < 2e-3);
  });

  test('word timings from the durations output', async () => {
    const { words } = await engine.synthesize(input('Hi there.'));
    const frame = (PIPER.framesPerToken * PIPER.hop) / US_RATE;
    // ^ _ h _ ˈ _ a _ ɪ _ ␠ _ ð _ ˈ _ ɛ _ ɹ _ . _ $: "Hi" ids 2-8, "there." ids 12-18.
    assert.deepEqual(words, [
      { word: 'Hi', start: ms(2 * frame), end: ms(9 * frame) },
      { word: 'there.', start: ms(12 * frame), end: ms(19 * frame) },
    ]);
  });

  test('speed scales length_scale; variation scales the noise', async () => {
    const fast = await engine.synthesize(input('Hi.', { speed: 2 }));
    // length_scale 0.5: round(1.5) = 2 frames per id.
    assert.equal(fast.audio.samples.length, 13 * 2 * PIPER.hop);
    const flat = await engine.synthesize(input('Hi.', { variation: 0 }));
    const expected = (k: number) => piperFixtureSample(k, US_RATE, { noiseScale: 0, noiseW: 0 });
    assert.ok(maxDifference(flat.audio.samples, expected) < 2e-3);
  });

  test('multi-speaker voices get sid from the speaker name, number or id suffix', async () => {
    const byName = await engine.synthesize(
      input('Hi.', { language: 'en-GB', voice: { id: GB, params: { speaker: 'carol' } } }),
    );
    assert.equal(byName.audio.sampleRate, GB_RATE);
    const carol = (k: number) =>
      piperFixtureSample(k, GB_RATE, { noiseScale: 0.667, noiseW: 0.8, speaker: 2 });
    assert.ok(maxDifference(byName.audio.samples, carol) < 2e-3);
    const bySuffix = await engine.synthesize(input('Hi.', { language: 'en-GB', voice: { id: `${GB}:bob` } }));
    const bob = (k: number) => piperFixtureSample(k, GB_RATE, { noiseScale: 0.667, noiseW: 0.8, speaker: 1 });
    assert.ok(maxDifference(bySuffix.audio.samples, bob) < 2e-3);
    await assert.rejects(
      engine.synthesize(input('Hi.', { language: 'en-GB', voice: { id: GB, params: { speaker: 7 } } })),
      (e) => isAppError(e) && e.code === 'validation_error',
    );
  });

  test('without a durations output, timings are proportional and in order', async () => {
    const { audio, words } = await engine.synthesize(
      input('Hello there, world.', { language: 'en-GB', voice: { id: GB } }),
    );
    assert.deepEqual(
      words.map((w) => w.word),
      ['Hello', 'there,', 'world.'],
    );
    let previous = 0;
    for (const word of words) {
      assert.ok(word.start >= previous && word.end > word.start);
      previous = word.end;
    }
    assert.ok(Math.abs(previous - audio.samples.length / audio.sampleRate) < 0.02);
  });

  test('a named voice of the same language wins, else the language picks the voice', async () => {
    const named = await engine.synthesize(input('Hi.', { language: 'en-GB', voice: { id: US } }));
    assert.equal(named.audio.sampleRate, US_RATE);
    const byLanguage = await engine.synthesize(input('Hi.', { language: 'en-GB', voice: { id: 'nobody' } }));
    assert.equal(byLanguage.audio.sampleRate, GB_RATE);
    await assert.rejects(
      engine.synthesize(input('Hallo.', { language: 'de' })),
      (e) => isAppError(e) && e.code === 'unsupported_language',
    );
  });
});
