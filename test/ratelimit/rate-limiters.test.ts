import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-rate-limiter.js';
import type { RateLimiter } from '../../src/ratelimit/rate-limiter.js';
import { RedisRateLimiter } from '../../src/ratelimit/redis-rate-limiter.js';
import { freePort } from '../helpers/server.js';
import { type RedisFixture, startRedis } from '../helpers/services.js';

const redis = await startRedis();
const skip = 'skip' in redis ? redis.skip : false;
if (skip) console.log(skip);

describe('RateLimiter: the Redis implementation answers as the in-memory one', { skip }, () => {
  const fixture = redis as RedisFixture & { stop(): Promise<void> };
  after(() => fixture.stop());

  test('limit, remaining and reset agree hit by hit, per bucket and per window', async () => {
    const memory = new MemoryRateLimiter();
    const shared = await RedisRateLimiter.connect(fixture.url);
    try {
      const run = async (limiter: RateLimiter, bucket: string) => {
        const answers = [];
        for (let i = 0; i < 5; i++) answers.push(await limiter.hit(`${bucket}:a`, 3, 60_000));
        answers.push(await limiter.hit(`${bucket}:b`, 3, 60_000)); // another bucket: its own window
        answers.push(await limiter.hit(`${bucket}:c`, 10, 3_600_000)); // an hourly window
        return answers;
      };
      const fromMemory = await run(memory, 'm');
      const fromRedis = await run(shared, 'r');
      const shape = (list: typeof fromMemory) => list.map(({ allowed, limit, remaining }) => ({ allowed, limit, remaining }));
      assert.deepEqual(shape(fromRedis), shape(fromMemory));
      assert.deepEqual(
        shape(fromRedis).map((a) => `${a.allowed}/${a.remaining}`),
        ['true/2', 'true/1', 'true/0', 'false/0', 'false/0', 'true/2', 'true/9'],
      );
      // Reset: whole seconds until the window ends (the test takes well under 50 s).
      for (const answer of fromRedis.slice(0, 6)) assert.ok(answer.resetSeconds >= 10 && answer.resetSeconds <= 60, `${answer.resetSeconds}`);
      assert.ok(fromRedis[6]!.resetSeconds > 3500 && fromRedis[6]!.resetSeconds <= 3600);
      assert.equal(fromRedis.some((a) => a.warning), false);
    } finally {
      await memory.close();
      await shared.close();
    }
  });

  test('an unreachable Redis at start-up is an error naming the URL and the cause', async () => {
    const port = await freePort();
    await assert.rejects(
      RedisRateLimiter.connect(`redis://:secret@127.0.0.1:${port}`),
      new RegExp(`^Error: REDIS_URL redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}: Redis is unreachable \\(connect ECONNREFUSED`),
    );
  });
});
