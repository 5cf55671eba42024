import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AppError } from '../../src/errors.js';
import { BullJobQueue, startBullWorker } from '../../src/queue/bull-queue.js';
import { type Service, servicesMissing, startRedis } from '../helpers/cluster-services.js';

const skip = servicesMissing();

describe('BullMQ speech queue', { skip: skip ?? false }, () => {
  let redis: Service;
  before(async () => {
    redis = await startRedis();
  });
  after(() => redis?.stop());

  test('fair across keys by backlog priority, bounded, and AppErrors come back as themselves', async () => {
    const queue = new BullJobQueue<string, string>({ redisUrl: redis.url, maxWaiting: 6, jobTimeoutMs: 60_000 });
    await queue.ready();
    const order: string[] = [];
    let started!: () => void;
    const blocking = new Promise<void>((r) => (started = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const worker = await startBullWorker<string, string>(
      async (label) => {
        if (label === 'block') {
          started();
          await gate;
        } else if (label === 'refused') {
          throw new AppError('unsupported_control', 'not on this model');
        } else order.push(label);
        return label.toUpperCase();
      },
      { redisUrl: redis.url, concurrency: 1, lockMs: 5000, name: 'test-worker' },
    );
    try {
      const blocker = queue.run('a', 'block');
      await blocking; // the only worker slot is taken: everything below waits
      const jobs: Promise<string>[] = [];
      for (const label of ['a1', 'a2', 'a3', 'b1', 'b2', 'c1']) {
        jobs.push(queue.run(label[0]!, label));
        await new Promise((r) => setTimeout(r, 20)); // added in this order
      }
      // Six wait: the seventh is refused at once with Retry-After, whatever its key.
      await assert.rejects(queue.run('d', 'd1'), (err: AppError) => {
        assert.equal(err.code, 'queue_full');
        assert.ok(Number(err.headers['Retry-After']) > 0);
        return true;
      });
      release();
      assert.equal(await blocker, 'BLOCK');
      assert.deepEqual(await Promise.all(jobs), ['A1', 'A2', 'A3', 'B1', 'B2', 'C1']);
      // The n-th waiting job of every key before any key's (n+1)-th: the in-process round robin.
      assert.deepEqual(order, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
      await assert.rejects(queue.run('e', 'refused'), (err: AppError) => err.code === 'unsupported_control');
    } finally {
      await worker.close();
      await queue.close();
    }
  });
});
