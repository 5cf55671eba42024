import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FairQueue } from '../../src/queue/fair-queue.js';
import { startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');
const LONG = 'This sentence is long enough to keep the engine busy for a little while. '.repeat(3);

describe('fair-use queue', () => {
  test('a key flooding the service cannot starve another key', async () => {
    const server = await startServer({ QUEUE_CONCURRENCY: '1', QUEUE_MAX_WAITING: '50', RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const flooder = await server.createAccount('pro', 100_000);
      const other = await server.createAccount('pro', 100_000);
      const finished: string[] = [];
      const send = (key: string, label: string) =>
        server
          .request('POST', '/api/v1/tts', { key, body: { text: LONG, voice: VOICE.id, format: 'PCM' } })
          .then((res) => {
            assert.equal(res.status, 200, res.text);
            finished.push(label);
          });
      const flood = Array.from({ length: 6 }, (_, i) => send(flooder.api_key, `a${i}`));
      await new Promise((r) => setTimeout(r, 150)); // the flood is queued first
      const mine = send(other.api_key, 'b');
      await Promise.all([...flood, mine]);
      const position = finished.indexOf('b');
      assert.ok(position <= 2, `the other key finished ${position + 1}th of 7: ${finished.join(' ')}`);
    } finally {
      await server.close();
    }
  });

  test('a full queue answers 503 with Retry-After and charges nothing', async () => {
    const server = await startServer({ QUEUE_CONCURRENCY: '1', QUEUE_MAX_WAITING: '1', RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const account = await server.createAccount('pro', 100_000);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          server.request('POST', '/api/v1/tts', { key: account.api_key, body: { text: LONG, voice: VOICE.id, format: 'PCM' } }),
        ),
      );
      const refused = results.filter((r) => r.status === 503);
      const served = results.filter((r) => r.status === 200);
      assert.ok(refused.length >= 1, results.map((r) => r.status).join(','));
      for (const r of refused) {
        assert.equal(r.body.error.code, 'queue_full');
        assert.ok(Number(r.headers.get('retry-after')) > 0);
      }
      const spent = served.reduce((sum, r) => sum + r.body.points_used, 0);
      const ping = await server.request('GET', '/api/v1/ping', { key: account.api_key });
      assert.equal(ping.body.points, 100_000 - spent);
      assert.equal(await server.container.store.ledgerSum(account.account_id), 100_000 - spent);
    } finally {
      await server.close();
    }
  });

  test('round robin across keys (unit)', async () => {
    const queue = new FairQueue(1, 100);
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const blocker = queue.run('a', () => gate);
    const jobs = [
      ...['a1', 'a2', 'a3'].map((l) => queue.run('a', async () => void order.push(l))),
      ...['b1', 'b2'].map((l) => queue.run('b', async () => void order.push(l))),
      queue.run('c', async () => void order.push('c1')),
    ];
    release();
    await Promise.all([blocker, ...jobs]);
    assert.deepEqual(order, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });
});

describe('engine or encoder failure', () => {
  test('answers 502 provider_error with retryable, and charges nothing', async () => {
    const server = await startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const account = await server.createAccount('pro', 100);
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text: 'This needs ffmpeg for FLAC.', voice: VOICE.id, format: 'FLAC' },
      });
      assert.equal(res.status, 502, res.text);
      assert.equal(res.body.error.code, 'provider_error');
      assert.equal(typeof res.body.error.retryable, 'boolean');
      assert.doesNotMatch(res.body.error.message, /nonexistent|ENOENT/);
      assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points, 100);
      assert.equal(await server.container.store.ledgerSum(account.account_id), 100);
      const rows = await server.container.database.db.selectFrom('generations').select('id').execute();
      assert.equal(rows.length, 0);
      // WAV (and MP3, encoded in WebAssembly) need no ffmpeg, so the same server still serves them.
      const wav = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text: 'No ffmpeg needed.', voice: VOICE.id, format: 'WAV' },
      });
      assert.equal(wav.status, 200);
    } finally {
      await server.close();
    }
  });
});
