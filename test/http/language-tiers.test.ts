import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ESPEAK_INTELLIGIBILITY } from '../../src/speech/engines/espeak-ng/intelligibility.js';
import { KOKORO_INTELLIGIBILITY } from '../../src/speech/engines/kokoro/intelligibility.js';
import { KOKORO_SKIP, neuralEnv } from '../helpers/models.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * `GET /api/v1/voices/languages` with Kokoro installed (issue 30's honest catalog): each language
 * says which engine tier speaks it here and how well a recognizer understood that engine in
 * `npm run bench:intelligibility` (the engines' measured tables, docs/benchmarks.md section j).
 */
describe('language tiers and intelligibility with Kokoro installed', KOKORO_SKIP, () => {
  let server: TestServer;
  let account: Account;
  let languages: Map<string, any>;
  before(async () => {
    server = await startServer(neuralEnv());
    account = await server.createAccount('pro', 1000);
    const res = await server.request('GET', '/api/v1/voices/languages', { key: account.api_key });
    assert.equal(res.status, 200);
    languages = new Map(res.body.languages.map((l: any) => [l.code, l]));
  });
  after(() => server?.close());

  test("Kokoro's languages are neural, with the class their measured error rate gives", () => {
    for (const code of ['en', 'es', 'fr', 'it', 'pt', 'hi', 'ja', 'zh']) {
      const language = languages.get(code);
      assert.equal(language.tier, 'neural', code);
      assert.equal(language.intelligibility.engine, 'kokoro', code);
      assert.equal(language.intelligibility.error_rate, KOKORO_INTELLIGIBILITY[code] ?? null, code);
    }
    assert.equal(languages.get('en').intelligibility.class, 'good');
    assert.equal(languages.get('ja').intelligibility.metric, 'cer');
    // Whisper base writes Hindi in Urdu script: no error rate worth keeping.
    assert.deepEqual(languages.get('hi').intelligibility, { class: 'unmeasured', error_rate: null, metric: 'wer', engine: 'kokoro' });
  });

  test('languages only eSpeak NG speaks are basic, and say when they were measured poor', () => {
    for (const code of ['nl', 'ru', 'pl', 'tr', 'ar']) {
      const language = languages.get(code);
      assert.equal(language.tier, 'basic', code);
      assert.equal(language.intelligibility.engine, 'espeak-ng', code);
      assert.equal(language.intelligibility.error_rate, ESPEAK_INTELLIGIBILITY[code], code);
    }
    assert.equal(languages.get('ko').intelligibility.metric, 'cer');
    assert.equal(languages.get('ko').intelligibility.class, 'poor');
    // Not measured: no sentences written for it yet.
    assert.equal(languages.get('sw').intelligibility.class, 'unmeasured');
  });

  test('an experimental language is spoken as its closest engine language, and reports that engine', () => {
    const zulu = languages.get('zu');
    assert.equal(zulu.experimental, true);
    assert.equal(zulu.spoken_as, 'sw');
    assert.equal(zulu.intelligibility.engine, 'espeak-ng');
  });
});
