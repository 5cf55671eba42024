import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeWav } from '../../src/audio/wav.js';
import { parseDataUri } from '../helpers/audio.js';
import { KOKORO_SKIP, neuralEnv } from '../helpers/models.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * Markup through the real server: tags are never read aloud (tagged and untagged text sound as
 * long and caption alike), captions keep written numbers timed by their spoken form, unknown tags
 * come back as warnings, and a request with warnings is charged like any other (tags count as
 * characters: docs/text.md).
 */

const VOICE = presetFor('en-US');
const PLAIN = 'Hello there, the meeting costs $3.50 and starts at 3:30pm.';
const TAGGED =
  '<speak><p>Hello there,</p> <mark name="a"/>the <b>meeting</b> costs $3.50 [furiously] and starts at 3:30pm.</speak>';

describe('markup through POST /api/v1/tts', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', ...neuralEnv() });
    account = await server.createAccount('pro', 1_000_000);
  });
  after(() => server.close());

  async function speak(text: string, model: string) {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { voice: VOICE.id, model, text, format: 'WAV', sample_rate: 22050 },
    });
    assert.equal(res.status, 200, res.text);
    const audio = decodeWav(parseDataUri(res.body.audio_base64).data);
    const captions = await server.request('GET', `/api/v1/tts/${res.body.id}/captions?format=json&mode=word`, {
      key: account.api_key,
    });
    return {
      res,
      seconds: audio.samples.length / audio.sampleRate,
      words: captions.body.words as Array<{ word: string; start: number; end: number }>,
    };
  }

  for (const [model, options] of [['v-lite', {}], ['v-pro', KOKORO_SKIP]] as const) {
    test(`${model}: tagged and untagged text give the same captions and duration within 5 %`, options, async () => {
      const plain = await speak(PLAIN, model);
      const tagged = await speak(TAGGED, model);
      assert.deepEqual(tagged.words.map((w) => w.word), plain.words.map((w) => w.word));
      assert.deepEqual(plain.words.map((w) => w.word), PLAIN.split(' '));
      const ratio = tagged.seconds / plain.seconds;
      assert.ok(Math.abs(ratio - 1) <= 0.05, `tagged ${tagged.seconds.toFixed(3)} s vs ${plain.seconds.toFixed(3)} s`);
      // "$3.50" is one caption word timed over "three dollars and fifty cents": far longer than "and".
      const money = plain.words.find((w) => w.word === '$3.50');
      const and = plain.words.find((w) => w.word === 'and');
      assert.ok(money && and && money.end - money.start > 3 * (and.end - and.start), JSON.stringify(plain.words));
      assert.deepEqual(plain.res.body.warnings, []);
      assert.equal(plain.res.headers.get('x-voicelib-warnings'), null);
    });
  }

  test('an unknown tag is a warning in the header and the body; the request succeeds and is charged for every character', async () => {
    const text = '[furiously] Hello <blink>there</blink>.';
    const { res, words } = await speak(text, 'v-lite');
    assert.deepEqual(
      res.body.warnings.map((w: { code: string }) => w.code),
      ['unknown_tag', 'unknown_tag'],
    );
    assert.match(res.headers.get('x-voicelib-warnings') ?? '', /^unknown_tag: Unknown tag \[furiously\] at character 1 was removed; unknown_tag: <blink>/);
    assert.deepEqual(words.map((w) => w.word), ['Hello', 'there.']);
    // v-lite: ceil(characters / 30), the tags' characters included.
    assert.equal(res.body.points_used, Math.ceil([...text].length / 30));
  });

  test('v-studio: [furious] is a known emotion (no warning), an unknown [sarcastically] is reported, neither is spoken', KOKORO_SKIP, async () => {
    const { res, words } = await speak('[furious] Hello there. [sarcastically] Fine.', 'v-studio');
    assert.equal(res.headers.get('x-voice-engine'), 'kokoro');
    assert.deepEqual(
      res.body.warnings.map((w: { code: string; message: string }) => `${w.code}: ${w.message}`),
      ['unknown_tag: Unknown tag [sarcastically] at character 24 was removed'],
    );
    assert.equal(res.headers.get('x-voicelib-warnings'), 'unknown_tag: Unknown tag [sarcastically] at character 24 was removed');
    assert.deepEqual(words.map((w) => w.word), ['Hello', 'there.', 'Fine.']);
  });

  test('POST /api/v1/tts/stream answers warnings in X-Voicelib-Warnings', async () => {
    const res = await fetch(`${server.url}/api/v1/tts/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ voice: VOICE.id, model: 'v-lite', text: '[furiously] Hello there.', format: 'PCM', sample_rate: 22050 }),
    });
    const audio = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, audio.toString('utf8'));
    assert.equal(res.headers.get('x-voicelib-warnings'), 'unknown_tag: Unknown tag [furiously] at character 1 was removed');
    assert.ok(audio.length > 22_050, `${audio.length} bytes of audio`);
    const clean = await fetch(`${server.url}/api/v1/tts/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ voice: VOICE.id, model: 'v-lite', text: 'Hello there.', format: 'PCM', sample_rate: 22050 }),
    });
    await clean.arrayBuffer();
    assert.equal(clean.status, 200);
    assert.equal(clean.headers.get('x-voicelib-warnings'), null);
  });

  test('non-ASCII in a warning is percent-encoded in the header, kept in the body', async () => {
    const { res } = await speak('[wütend] Hallo.', 'v-lite');
    assert.match(res.body.warnings[0].message, /\[wütend\]/);
    assert.match(res.headers.get('x-voicelib-warnings') ?? '', /\[w%C3%BCtend\]/);
  });

  describe('<phoneme alphabet="ipa">', () => {
    const SENTENCE = 'The W3C met Bob today.';
    /** Far longer than "Bob" as written, so its effect on timing is unmistakable. */
    const TAGGED = 'The W3C met <phoneme alphabet="ipa" ph="bˈɑːbəlˌɑːbəlˌɑːbəlˌɑːbəl">Bob</phoneme> today.';
    const span = (words: Array<{ word: string; start: number; end: number }>, word: string) => {
      const found = words.find((w) => w.word === word);
      assert.ok(found, JSON.stringify(words));
      return found.end - found.start;
    };

    test('v-pro (Kokoro) speaks the IPA; the caption keeps the written word', KOKORO_SKIP, async () => {
      const plain = await speak(SENTENCE, 'v-pro');
      const tagged = await speak(TAGGED, 'v-pro');
      assert.deepEqual(tagged.res.body.warnings, []);
      assert.deepEqual(tagged.words.map((w) => w.word), SENTENCE.split(' '));
      assert.ok(span(tagged.words, 'Bob') > 2 * span(plain.words, 'Bob'), `Bob ${span(tagged.words, 'Bob')} s vs ${span(plain.words, 'Bob')} s`);
      assert.ok(tagged.seconds > plain.seconds + 0.3, `${tagged.seconds} s vs ${plain.seconds} s`);
    });

    test('v-lite (espeak-ng) reads the word as written and says so', async () => {
      const plain = await speak(SENTENCE, 'v-lite');
      const tagged = await speak(TAGGED, 'v-lite');
      assert.deepEqual(tagged.res.body.warnings.map((w: { code: string }) => w.code), ['ignored_tag']);
      assert.match(tagged.res.body.warnings[0].message, /takes no IPA; <phoneme> IPA for "Bob" was not applied/);
      assert.match(tagged.res.headers.get('x-voicelib-warnings') ?? '', /^ignored_tag: /);
      assert.deepEqual(tagged.words.map((w) => w.word), SENTENCE.split(' '));
      assert.equal(tagged.seconds, plain.seconds, 'nothing changed in what was said');
    });

    test('IPA no engine can say is a 422 and nothing is charged', async () => {
      const points = async () => (await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points as number;
      const before = await points();
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { voice: VOICE.id, model: 'v-lite', text: 'Say <phoneme alphabet="ipa" ph="bɑ7b">Bob</phoneme>.' },
      });
      assert.equal(res.status, 422, res.text);
      assert.equal(res.body.error.code, 'validation_error');
      assert.match(res.body.error.message, /"7" \(U\+0037\)/);
      assert.equal(await points(), before);
    });
  });
});
