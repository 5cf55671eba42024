import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');

function assertErrorShape(res: { status: number; body: any; text: string }, status: number, code: string) {
  const shown = res.text.slice(0, 200);
  assert.equal(res.status, status, shown);
  assert.equal(res.body.error.code, code, shown);
  assert.equal(typeof res.body.error.message, 'string');
  assert.ok(res.body.error.message.length > 0);
}

/** Inputs a fuzzer found answering 500, or being charged for nothing (docs/reliability.md F6, F9). */
describe('fuzzed inputs', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 10_000);
  });
  after(() => server.close());

  test('F6: non-finite, negative-zero, fractional or absurd paging numbers are 422 on every listing', async () => {
    const bad = [
      'offset=Infinity',
      'offset=-Infinity',
      'offset=1e309',
      'offset=-0',
      'offset=1.5',
      'offset=NaN',
      'offset=1e20',
      'offset=0x10',
      'offset=',
      'limit=1e309',
      'limit=Infinity',
      'limit=-0',
      'limit=2.5',
      'offset=1&offset=2',
    ];
    for (const path of ['/api/v1/voices', '/api/v1/voices/clones', '/api/v1/voices/designs']) {
      for (const query of bad) {
        const res = await server.request('GET', `${path}?${query}`, { key: account.api_key });
        assert.equal(res.status, 422, `${path}?${query}: ${res.text}`);
        assert.equal(res.body.error.code, 'validation_error', `${path}?${query}`);
        assert.match(res.body.error.message, /offset|limit/, `${path}?${query}`);
      }
      // Plain integers still page.
      const ok = await server.request('GET', `${path}?limit=2&offset=1`, { key: account.api_key });
      assert.equal(ok.status, 200, `${path}: ${ok.text}`);
      assert.equal(ok.body.offset, 1);
    }
    const admin = await server.admin('GET', `/accounts/${account.account_id}/ledger?limit=1e309`);
    assertErrorShape(admin, 422, 'validation_error');
  });

  async function generationsOf(accountId: string): Promise<string[]> {
    const store = server.container.store;
    const rows = [
      ...(await store.listGenerationsByStatus('pending')),
      ...(await store.listGenerationsByStatus('ready')),
      ...(await store.listGenerationsByStatus('failed')),
    ];
    return rows.filter((r) => r.account_id === accountId).map((r) => r.id).sort();
  }

  test('F9: text of NULs, zero-width characters and whitespace is refused before any charge', async () => {
    const fresh = await server.createAccount('pro', 500);
    const balance = async () => (await server.request('GET', '/api/v1/ping', { key: fresh.api_key })).body.points;
    const before = await balance();
    const generations = await generationsOf(fresh.account_id);
    const texts = [
      '\u0000',
      '\u0000\u0000\u0000',
      '\u200b\u200c\u200d',
      '\u2060\ufeff',
      ' \u200b \u0000 \n\t\u200d ',
      '\u00ad\u200e\u200f',
      '<break time="1s"/>\u200b',
    ];
    for (const text of texts) {
      const res = await server.request('POST', '/api/v1/tts', { key: fresh.api_key, body: { text, voice: VOICE.id } });
      assertErrorShape(res, 400, 'missing_text');
      assert.match(res.body.error.message, /nothing to speak/);
    }
    assert.equal(await balance(), before);
    assert.deepEqual(await generationsOf(fresh.account_id), generations);
    const ledger = await server.admin('GET', `/accounts/${fresh.account_id}/ledger`);
    assert.equal(ledger.body.entries.length, 1, 'only the starting grant');
  });

  test('F9: a hosted audio link answers only under the extension of the stored format', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Hosted links.', voice: VOICE.id },
    });
    assert.equal(res.status, 200, res.text);
    let url: string | null = null;
    for (let i = 0; i < 300 && url === null; i++) {
      const g = await server.request('GET', `/api/v1/tts/${res.body.id}`, { key: account.api_key });
      url = g.body.audio_url;
      if (url === null) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(url, 'the generation became ready');
    const good = await fetch(url);
    assert.equal(good.status, 200);
    assert.equal(good.headers.get('content-type'), 'audio/mpeg');
    assert.ok((await good.arrayBuffer()).byteLength > 0);
    const base = new URL(url).pathname.replace(/\.mp3$/, '');
    for (const ext of ['wav', 'flac', 'ogg', 'pcm', 'mp4', 'MP3', 'mp3x']) {
      const wrong = await server.request('GET', `${base}.${ext}`);
      assertErrorShape(wrong, 404, 'not_found');
    }
  });
});
