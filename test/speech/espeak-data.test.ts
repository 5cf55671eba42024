import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { AppError } from '../../src/errors.js';
import type { WordTiming } from '../../src/speech/engine.js';
import {
  ESPEAK_VOICES,
  espeakVoiceInfos,
  resolveEspeakLanguage,
  resolveEspeakVoiceId,
  toBcp47,
} from '../../src/speech/engines/espeak-ng/languages.js';
import { tokenizeWhitespace as tokenize } from '../../src/speech/engines/shared/tokens.js';
import { alignWords, escapeForEspeak } from '../../src/speech/engines/espeak-ng/timings.js';
import { ESPEAK_VARIANTS, ESPEAK_VOICE_TABLE } from '../../src/speech/engines/espeak-ng/voices.js';
import { EspeakWasm, STRING_CAPACITY_BYTES } from '../../src/speech/engines/espeak-ng/wasm.js';

const RATE = 22_050;

describe('espeak-ng voice data', () => {
  let wasm: EspeakWasm;
  before(async () => {
    wasm = await EspeakWasm.load();
  });

  test('the voice table matches what the engine lists', async () => {
    const listed = wasm
      .listVoices()
      .map((voice) => [
        voice.identifier,
        voice.name.trim(),
        voice.languages.map((language) => `${language.name}:${language.priority}`).join(' '),
      ]);
    assert.deepEqual(
      ESPEAK_VOICE_TABLE.map((row) => [...row]),
      listed,
    );
  });

  test('the instance restarts from the same state: same text, same samples, whatever came before', async () => {
    const settings = { voice: 'gmw/en-US', rate: 175, pitch: 50, range: 50 };
    const first = wasm.synthesize('Say it again.', settings);
    wasm.synthesize('Something else entirely, in German.', { ...settings, voice: 'gmw/de+f2', pitch: 70 });
    const again = wasm.synthesize('Say it again.', settings);
    assert.deepEqual(again.samples, first.samples);
    assert.deepEqual(again.words, first.words);
  });

  test('the state is also restored while the thread is idle between syntheses', async () => {
    const settings = { voice: 'gmw/en-US', rate: 175, pitch: 50, range: 50 };
    const first = wasm.synthesize('Say it once more.', settings);
    wasm.synthesize('Quite different words, and faster.', { ...settings, voice: 'gmw/en+m3', rate: 260 });
    // The restore runs once the event loop is idle; the next synthesis then starts from it.
    await new Promise((resolve) => setImmediate(resolve));
    const again = wasm.synthesize('Say it once more.', settings);
    assert.deepEqual(again.samples, first.samples);
    assert.deepEqual(again.words, first.words);
  });

  test('text beyond the reserved string capacity is refused, not truncated', async () => {
    assert.throws(
      () =>
        wasm.synthesize('a '.repeat(STRING_CAPACITY_BYTES / 2), {
          voice: 'gmw/en-US',
          rate: 175,
          pitch: 50,
          range: 50,
        }),
      (error: unknown) => error instanceof AppError && error.code === 'text_too_long',
    );
  });

  test('about 130 languages with unique ids and BCP-47 shaped tags', () => {
    const infos = espeakVoiceInfos();
    assert.ok(infos.length >= 130, `${infos.length} voices`);
    assert.equal(new Set(infos.map((voice) => voice.id)).size, infos.length);
    const languages = new Set(infos.flatMap((voice) => voice.languages.map((tag) => tag.split('-')[0])));
    assert.ok(languages.size >= 110, `${languages.size} base languages`);
    for (const voice of infos) {
      assert.ok(voice.languages.length > 0, voice.id);
      for (const tag of voice.languages) assert.match(tag, /^[a-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, tag);
    }
    const english = infos.find((voice) => voice.id === 'en-US');
    assert.deepEqual(english?.languages, ['en-US', 'en']);
  });

  test('espeak language names become BCP-47 case', () => {
    assert.equal(toBcp47('en-us'), 'en-US');
    assert.equal(toBcp47('en-gb-x-rp'), 'en-GB-x-rp');
    assert.equal(toBcp47('cmn-latn-pinyin'), 'cmn-Latn-pinyin');
    assert.equal(toBcp47('vi-vn-x-central'), 'vi-VN-x-central');
    assert.equal(toBcp47('es-419'), 'es-419');
    assert.equal(toBcp47('zh-yue'), 'zh-yue');
  });

  test('variants include the documented ones', () => {
    for (const name of ['f1', 'f2', 'f3', 'f4', 'f5', 'm1', 'm2', 'm3', 'croak', 'whisper', 'klatt']) {
      assert.ok(ESPEAK_VARIANTS.includes(name), name);
    }
  });
});

describe('language selection', () => {
  const resolved = (tag: string) => resolveEspeakLanguage(tag)?.identifier ?? null;

  test('exact tags, regions and scripts fall back to the closest voice', () => {
    assert.equal(resolved('en-US'), 'gmw/en-US');
    assert.equal(resolved('en-GB'), 'gmw/en');
    assert.equal(resolved('en-AU'), 'gmw/en');
    assert.equal(resolved('en-CA'), 'gmw/en-US');
    assert.equal(resolved('pt-BR'), 'roa/pt-BR');
    assert.equal(resolved('pt'), 'roa/pt');
    assert.equal(resolved('fr'), 'roa/fr');
    assert.equal(resolved('fr-CA'), 'roa/fr');
    assert.equal(resolved('fr-BE'), 'roa/fr-BE');
    assert.equal(resolved('de-AT'), 'gmw/de');
    assert.equal(resolved('es'), 'roa/es');
    assert.equal(resolved('es-MX'), 'roa/es-419');
    assert.equal(resolved('es-AR'), 'roa/es-419');
    assert.equal(resolved('zh'), 'sit/cmn');
    assert.equal(resolved('zh-Hans-CN'), 'sit/cmn');
    assert.equal(resolved('zh-HK'), 'sit/yue');
    assert.equal(resolved('ja-JP'), 'jpx/ja');
    assert.equal(resolved('EN_US'), 'gmw/en-US');
  });

  test('auto and unknown languages resolve to nothing', () => {
    assert.equal(resolved('auto'), null);
    assert.equal(resolved('xx-YY'), null);
    assert.equal(resolved(''), null);
  });

  test('voice ids match the identifier or its last part, in any case', () => {
    assert.equal(resolveEspeakVoiceId('en-gb-x-rp')?.identifier, 'gmw/en-GB-x-rp');
    assert.equal(resolveEspeakVoiceId('gmw/en-US')?.identifier, 'gmw/en-US');
    assert.equal(resolveEspeakVoiceId('nope'), null);
    assert.equal(ESPEAK_VOICES.length, ESPEAK_VOICE_TABLE.length);
  });
});

/** A 200 Hz tone over [from, to) seconds inside `seconds` of silence. */
function tones(seconds: number, spans: Array<[number, number]>): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  for (const [from, to] of spans) {
    for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i += 1) {
      samples[i] = 0.5 * Math.sin((2 * Math.PI * 200 * i) / RATE);
    }
  }
  return samples;
}

function align(text: string, samples: Float32Array, events: Array<[number, number]>, wordGapSeconds = 0) {
  const { origin } = escapeForEspeak(text);
  return alignWords({
    tokens: tokenize(text),
    origin,
    events: events.map(([textPosition, audioPositionMs]) => ({ textPosition, audioPositionMs })),
    samples,
    sampleRate: RATE,
    wordGapSeconds,
  });
}

/** Same words in order, times within 10 ms (the alignment works on 5 ms frames). */
function assertTimings(actual: WordTiming[], expected: WordTiming[]): void {
  assert.deepEqual(
    actual.map((timing) => timing.word),
    expected.map((timing) => timing.word),
  );
  actual.forEach((timing, index) => {
    const wanted = expected[index];
    assert.ok(wanted);
    const close = Math.abs(timing.start - wanted.start) <= 0.01 && Math.abs(timing.end - wanted.end) <= 0.01;
    assert.ok(
      close,
      `${timing.word}: got ${timing.start}-${timing.end}, expected ${wanted.start}-${wanted.end}`,
    );
  });
}

describe('word alignment', () => {
  test('tokens keep code point offsets and their punctuation', () => {
    assert.deepEqual(tokenize(' 😀 Hello,\tworld. '), [
      { text: '😀', start: 1, end: 2 },
      { text: 'Hello,', start: 3, end: 9 },
      { text: 'world.', start: 10, end: 16 },
    ]);
  });

  test('escaping keeps a map back to the input', () => {
    const { escaped, origin } = escapeForEspeak('a & <b> [[x]]\u0000');
    assert.equal(escaped, 'a &amp; &lt;b&gt; ((x)) ');
    assert.equal(origin.length, escaped.length);
    assert.equal(origin[escaped.indexOf('b')], 5);
    assert.equal(origin[escaped.indexOf('x')], 10);
  });

  test('word ends are trimmed out of pauses and late events move back to the onset', () => {
    const samples = tones(1, [
      [0, 0.3],
      [0.5, 0.8],
    ]);
    const { words } = align('Hello, world.', samples, [
      [1, 0],
      [8, 510],
    ]);
    assertTimings(words, [
      { word: 'Hello,', start: 0, end: 0.3 },
      { word: 'world.', start: 0.5, end: 0.8 },
    ]);
  });

  test('a spoken token without an event shares time with the word before it', () => {
    const samples = tones(1, [
      [0, 0.5],
      [0.6, 0.9],
    ]);
    // 'A & B' escaped is 'A &amp; B': B is at escaped position 9.
    const { words } = align('A & B', samples, [
      [1, 0],
      [9, 600],
    ]);
    assertTimings(words, [
      { word: 'A', start: 0, end: 0.3 },
      { word: '&', start: 0.3, end: 0.5 },
      { word: 'B', start: 0.6, end: 0.9 },
    ]);
  });

  test('punctuation-only tokens get a zero-length timing at the end of the word before', () => {
    const samples = tones(1, [
      [0, 0.4],
      [0.6, 0.9],
    ]);
    const { words } = align('pi — really', samples, [
      [1, 0],
      [6, 600],
    ]);
    assertTimings(words, [
      { word: 'pi', start: 0, end: 0.4 },
      { word: '—', start: 0.4, end: 0.4 },
      { word: 'really', start: 0.6, end: 0.9 },
    ]);
  });

  test('a word gap inserts silence before every word but the first', () => {
    const samples = tones(0.7, [[0, 0.6]]);
    const { words, samples: gapped } = align(
      'one two',
      samples,
      [
        [1, 0],
        [5, 300],
      ],
      0.2,
    );
    assert.equal(gapped.length, samples.length + Math.round(0.2 * RATE));
    assertTimings(words, [
      { word: 'one', start: 0, end: 0.3 },
      { word: 'two', start: 0.5, end: 0.8 },
    ]);
  });
});
