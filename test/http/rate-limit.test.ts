import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-rate-limiter.js';
import { type TestServer, startServer } from '../helpers/server.js';

describe('rate limits over HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_VOICE_PER_HOUR: '2' });
  });
  after(() => server.close());

  test('the per-minute limit counts every request per key and answers 429 with headers', async () => {
    const a = await server.createAccount();
    const b = await server.createAccount();
    for (let i = 0; i < 5; i++) {
      const res = await server.request('GET', i % 2 ? '/api/v1/ping' : '/api/v1/me', { key: a.api_key });
      assert.equal(res.status, 200);
      {
        assert.equal(res.headers.get('ratelimit-limit'), '5');
        assert.equal(res.headers.get('ratelimit-remaining'), String(4 - i));
        const reset = Number(res.headers.get('ratelimit-reset'));
        assert.ok(reset >= 1 && reset <= 60, `reset ${reset}`);
      }
    }
    const limited = await server.request('GET', '/api/v1/ping', { key: a.api_key });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.equal(limited.headers.get('ratelimit-limit'), '5');
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    const retry = Number(limited.headers.get('retry-after'));
    assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
    assert.equal(limited.headers.get('ratelimit-reset'), String(retry));

    // Another key has its own window.
    assert.equal((await server.request('GET', '/api/v1/ping', { key: b.api_key })).status, 200);
  });

  test('two keys of one account are limited separately', async () => {
    const a = await server.createAccount();
    const second = await server.admin('POST', `/accounts/${a.account_id}/keys`, {});
    for (let i = 0; i < 5; i++) await server.request('GET', '/api/v1/ping', { key: a.api_key });
    assert.equal((await server.request('GET', '/api/v1/ping', { key: a.api_key })).status, 429);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: second.body.api_key })).status, 200);
  });

  test('clone and design calls have their own hourly limit', async () => {
    const a = await server.createAccount();
    const calls = [
      () => server.request('POST', '/api/v1/voices/designs/previews', { key: a.api_key, body: {} }),
      () => server.request('POST', '/api/v1/voices/clones', { key: a.api_key, body: {} }),
    ];
    const first = await calls[0]!();
    assert.notEqual(first.status, 429);
    assert.equal(first.headers.get('x-voice-ratelimit-limit'), '2');
    assert.equal(first.headers.get('x-voice-ratelimit-remaining'), '1');
    assert.notEqual((await calls[1]!()).status, 429);
    const third = await calls[0]!();
    assert.equal(third.status, 429);
    assert.match(third.body.error.message, /per hour/);
    const retry = Number(third.headers.get('retry-after'));
    assert.ok(retry > 60 && retry <= 3600, `hourly Retry-After ${retry}`);
    // Ordinary requests are still allowed: the hourly window is separate.
    assert.equal((await server.request('GET', '/api/v1/ping', { key: a.api_key })).status, 200);
  });
});

describe('MemoryRateLimiter windows', () => {
  test('a window resets after its length', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    assert.equal((await limiter.hit('k', 2, 60_000)).remaining, 1);
    assert.equal((await limiter.hit('k', 2, 60_000)).remaining, 0);
    const refused = await limiter.hit('k', 2, 60_000);
    assert.equal(refused.allowed, false);
    assert.equal(refused.resetSeconds, 60);
    now += 59_000;
    const later = await limiter.hit('k', 2, 60_000);
    assert.equal(later.allowed, false);
    assert.equal(later.resetSeconds, 1);
    now += 1_000;
    const fresh = await limiter.hit('k', 2, 60_000);
    assert.equal(fresh.allowed, true);
    assert.equal(fresh.remaining, 1);
    assert.equal(fresh.resetSeconds, 60);
    await limiter.close();
  });

  test('buckets are independent', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('a', 1, 60_000);
    assert.equal((await limiter.hit('a', 1, 60_000)).allowed, false);
    assert.equal((await limiter.hit('b', 1, 60_000)).allowed, true);
    await limiter.close();
  });
});
