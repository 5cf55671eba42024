import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { type RedisFixture, startRedis } from '../helpers/services.js';

// Two servers on one database are two processes, which needs PostgreSQL (SQLite is refused with
// REDIS_URL): this file runs in the PostgreSQL pass of .ci/run.
const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);
const redis = onPostgres ? await startRedis() : { skip: 'needs PostgreSQL (TEST_DATABASE_URL): runs in the PostgreSQL pass of .ci/run' };
const skip = 'skip' in redis ? redis.skip : false;
if (skip) console.log(skip);

/** A log stream a test can read back. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('rate limits shared through Redis by two API processes', { skip }, () => {
  const fixture = redis as RedisFixture & { stop(): Promise<void> };
  const logs = capture();
  let a: TestServer;
  let b: TestServer;
  let account: Account;
  before(async () => {
    const env = { REDIS_URL: fixture.url, RATE_LIMIT_PER_MINUTE: '6', RATE_LIMIT_VOICE_PER_HOUR: '2' };
    a = await startServer(env, { logger: { level: 'warn', stream: logs.stream } });
    // The second server shares the first one's database (accounts, keys), as API processes do.
    b = await startServer(env, { reuse: { databaseUrl: a.container.config.databaseUrl, dataDir: a.dataDir } });
    account = await a.createAccount();
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await fixture.stop();
  });

  test('one per-minute window per key across both servers', async () => {
    for (let i = 0; i < 6; i++) {
      const server = i % 2 ? b : a;
      const res = await server.request('GET', '/api/v1/ping', { key: account.api_key });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('ratelimit-limit'), '6');
      assert.equal(res.headers.get('ratelimit-remaining'), String(5 - i), `request ${i + 1}`);
    }
    for (const server of [a, b]) {
      const limited = await server.request('GET', '/api/v1/ping', { key: account.api_key });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.error.code, 'rate_limited');
      const retry = Number(limited.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
    }
    // Another key of the same account has its own window, on both servers.
    const other = await a.admin('POST', `/accounts/${account.account_id}/keys`, {});
    assert.equal((await b.request('GET', '/api/v1/ping', { key: other.body.api_key })).status, 200);
  });

  test('the hourly clone and design window is shared too', async () => {
    const designer = await a.createAccount();
    const first = await a.request('POST', '/api/v1/voices/designs/previews', { key: designer.api_key, body: {} });
    assert.equal(first.headers.get('x-voice-ratelimit-remaining'), '1');
    const second = await b.request('POST', '/api/v1/voices/clones', { key: designer.api_key, body: {} });
    assert.equal(second.headers.get('x-voice-ratelimit-remaining'), '0');
    const third = await a.request('POST', '/api/v1/voices/clones', { key: designer.api_key, body: {} });
    assert.equal(third.status, 429);
    assert.match(third.body.error.message, /per hour/);
  });

  test('with Redis gone each server keeps answering and limits per process, and says so in its log', async () => {
    const key = (await a.createAccount()).api_key;
    fixture.kill();
    for (const server of [a, b]) {
      for (let i = 0; i < 6; i++) {
        const res = await server.request('GET', '/api/v1/ping', { key });
        assert.equal(res.status, 200, res.text);
        assert.equal(res.headers.get('ratelimit-remaining'), String(5 - i));
      }
      assert.equal((await server.request('GET', '/api/v1/ping', { key })).status, 429);
    }
    const warnings = logs.lines.filter((line) => line.includes('Redis unreachable'));
    assert.equal(warnings.length, 1, 'one warning a minute, not one per request');
    assert.match(warnings[0]!, /rate limits count per process until it answers/);
  });
});
