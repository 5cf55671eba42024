import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeWav } from '../../src/audio/wav.js';
import { parseDataUri } from '../helpers/audio.js';
import { KOKORO_SKIP, neuralEnv } from '../helpers/models.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * `lexicon_ids` on the speech routes through the real server: an alias entry makes the engine say
 * other words (espeak-ng, v-lite), an IPA entry makes Kokoro (v-pro) say other phonemes, and in
 * both cases the captions keep the written text, the lexicon word timed by what was said. An
 * engine that takes no IPA reads the word as written and says so in `warnings`.
 */

const VOICE = presetFor('en-US');
const TEXT = 'The W3C met Bob today.';
/** Far longer than either word as written, so its effect on timing is unmistakable. */
const ALIAS = { text: 'W3C', alias: 'the World Wide Web Consortium of standards bodies' };
const IPA = { text: 'bob', ipa: 'bˈɑːbəlˌɑːbəlˌɑːbəlˌɑːbəl' };

describe('lexicon_ids on speech requests', () => {
  let server: TestServer;
  let account: Account;
  let aliasId: string;
  let ipaId: string;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', ...neuralEnv() });
    account = await server.createAccount('pro', 1_000_000);
    const make = async (entries: object[]) => {
      const res = await server.request('POST', '/api/v1/lexicons', { key: account.api_key, body: { name: 'test', entries } });
      assert.equal(res.status, 201, res.text);
      return res.body.lexicon_id as string;
    };
    aliasId = await make([ALIAS]);
    ipaId = await make([IPA]);
  });
  after(() => server.close());

  async function speak(model: string, lexiconIds?: string[]) {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { voice: VOICE.id, model, text: TEXT, format: 'WAV', sample_rate: 22050, ...(lexiconIds ? { lexicon_ids: lexiconIds } : {}) },
    });
    assert.equal(res.status, 200, res.text);
    const audio = decodeWav(parseDataUri(res.body.audio_base64).data);
    const captions = await server.request('GET', `/api/v1/tts/${res.body.id}/captions?format=json&mode=word`, { key: account.api_key });
    const words = captions.body.words as Array<{ word: string; start: number; end: number }>;
    const span = (word: string) => {
      const w = words.find((x) => x.word === word);
      assert.ok(w, JSON.stringify(words));
      return w.end - w.start;
    };
    return { res, seconds: audio.samples.length / audio.sampleRate, words: words.map((w) => w.word), span };
  }

  test('v-lite (espeak-ng): an alias is spoken, the caption keeps the written word', async () => {
    const plain = await speak('v-lite');
    const aliased = await speak('v-lite', [aliasId]);
    assert.deepEqual(aliased.words, TEXT.split(' '));
    assert.deepEqual(plain.words, TEXT.split(' '));
    assert.ok(aliased.span('W3C') > 2 * plain.span('W3C'), `W3C ${aliased.span('W3C')} s vs ${plain.span('W3C')} s`);
    assert.ok(aliased.seconds > plain.seconds + 0.5, `${aliased.seconds} s vs ${plain.seconds} s`);
    assert.deepEqual(aliased.res.body.warnings, []);
    assert.equal(aliased.res.body.characters ?? TEXT.length, TEXT.length, 'the cost counts the text as sent');
  });

  test('v-lite: an IPA entry is read as written, with a warning', async () => {
    const plain = await speak('v-lite');
    const withIpa = await speak('v-lite', [ipaId]);
    assert.deepEqual(withIpa.res.body.warnings.map((w: { code: string }) => w.code), ['ignored_lexicon_ipa']);
    assert.match(withIpa.res.body.warnings[0].message, /"Bob"/);
    assert.match(withIpa.res.headers.get('x-voicelib-warnings') ?? '', /^ignored_lexicon_ipa: /);
    assert.equal(withIpa.seconds, plain.seconds, 'nothing changed in what was said');
  });

  test('v-pro (Kokoro): an IPA entry is spoken, the caption keeps the written word', KOKORO_SKIP, async () => {
    const plain = await speak('v-pro');
    const withIpa = await speak('v-pro', [ipaId]);
    assert.deepEqual(withIpa.words, TEXT.split(' '));
    assert.deepEqual(withIpa.res.body.warnings, []);
    assert.ok(withIpa.span('Bob') > 2 * plain.span('Bob'), `Bob ${withIpa.span('Bob')} s vs ${plain.span('Bob')} s`);
    // Both lexicons at once: each applies.
    const both = await speak('v-pro', [aliasId, ipaId]);
    assert.ok(both.span('W3C') > 2 * plain.span('W3C') && both.span('Bob') > 2 * plain.span('Bob'));
  });

  async function audioBytes(path: string, body: object): Promise<{ status: number; bytes: number; text: string; headers: Headers }> {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const buffer = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes: buffer.length, text: buffer.toString('utf8'), headers: res.headers };
  }

  test('POST /api/v1/tts/stream takes lexicon_ids', async () => {
    const body = { voice: VOICE.id, model: 'v-lite', text: TEXT, format: 'PCM', sample_rate: 22050 };
    const plain = await audioBytes('/api/v1/tts/stream', body);
    const aliased = await audioBytes('/api/v1/tts/stream', { ...body, lexicon_ids: [aliasId] });
    assert.equal(aliased.status, 200, aliased.text);
    assert.ok(aliased.headers.get('x-generation-id'));
    // 16-bit mono at 22,050 Hz: half a second is 22,050 bytes.
    assert.ok(aliased.bytes > plain.bytes + 22_050, `${aliased.bytes} vs ${plain.bytes} bytes`);
    const missing = await audioBytes('/api/v1/tts/stream', { ...body, lexicon_ids: ['lex_missing'] });
    assert.equal(missing.status, 404, missing.text);
    assert.equal(JSON.parse(missing.text).error.code, 'not_found');
  });

  test('POST /v1/audio/speech (OpenAI) takes lexicon_ids as an extra field', async () => {
    const body = { model: 'v-lite', voice: VOICE.id, input: TEXT, response_format: 'pcm' };
    const plain = await audioBytes('/v1/audio/speech', body);
    const aliased = await audioBytes('/v1/audio/speech', { ...body, lexicon_ids: [aliasId] });
    assert.equal(aliased.status, 200, aliased.text);
    // 16-bit mono at 24 kHz: half a second is 24,000 bytes.
    assert.ok(aliased.bytes > plain.bytes + 24_000, `${aliased.bytes} vs ${plain.bytes} bytes`);
    const foreign = await server.createAccount('pro', 1000);
    const res = await server.request('POST', '/v1/audio/speech', { key: foreign.api_key, body: { ...body, lexicon_ids: [aliasId] } });
    assert.equal(res.status, 404, res.text);
    assert.equal(res.body.error.param, 'lexicon_ids');
    assert.doesNotMatch(res.text, /W3C|World/, 'nothing of the lexicon leaks');
  });

  test('bad lexicon_ids are refused before any point moves', async () => {
    const points = async () => (await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points as number;
    const before = await points();
    const base = { voice: VOICE.id, model: 'v-lite', text: TEXT };
    const tooMany = await server.request('POST', '/api/v1/tts', { key: account.api_key, body: { ...base, lexicon_ids: ['a', 'b', 'c', 'd'] } });
    assert.ok(tooMany.status === 400 || tooMany.status === 422, tooMany.text);
    const unknown = await server.request('POST', '/api/v1/tts', { key: account.api_key, body: { ...base, lexicon_ids: [aliasId, 'lex_nope'] } });
    assert.equal(unknown.status, 404, unknown.text);
    assert.match(unknown.body.error.message, /lex_nope/);
    assert.equal(await points(), before);
  });
});
