import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AppError } from '../../src/errors.js';
import { WorkerPool } from '../../src/workers/worker-pool.js';
import type { PoolTestRequest, PoolTestResult } from '../fixtures/pool-worker.js';

/**
 * The engines' worker pool (piscina underneath) with a real worker (test/fixtures/pool-worker.ts):
 * results and moved buffers come back, errors keep their code across the thread, a worker runs one
 * request at a time, a dying worker fails only its request and is replaced, close and abort reject.
 */

const script = new URL('../fixtures/pool-worker.js', import.meta.url);
const pool = (size = 1) => new WorkerPool<PoolTestRequest, PoolTestResult>({ name: 'Test', size, script });

function rejectsWith(code: string, retryable?: boolean) {
  return (error: unknown) => {
    assert.ok(error instanceof AppError, `an AppError, got ${String(error)}`);
    assert.equal(error.code, code);
    if (retryable !== undefined) assert.equal(error.retryable, retryable);
    return true;
  };
}

describe('WorkerPool', () => {
  test('returns the worker result, samples included, from a worker thread', async () => {
    const p = pool();
    try {
      const result = await p.run({ kind: 'samples', length: 5 });
      assert.notEqual(result.threadId, 0);
      assert.deepEqual(Array.from(result.samples ?? []), [0, 0.5, 1, 1.5, 2]);
    } finally {
      await p.close();
    }
  });

  test("an AppError keeps its code; other errors become retryable provider errors naming the engine", async () => {
    const p = pool();
    try {
      await assert.rejects(p.run({ kind: 'app-error' }), rejectsWith('bad_request'));
      await assert.rejects(p.run({ kind: 'throw' }), (error: unknown) => {
        rejectsWith('provider_error', true)(error);
        assert.match((error as Error).message, /^Test failed: broken/);
        return true;
      });
    } finally {
      await p.close();
    }
  });

  test('each worker runs one request at a time', async () => {
    const p = pool(2);
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => p.run({ kind: 'busy', ms: 30 })));
      for (const result of results) assert.equal(result.maxActive, 1);
    } finally {
      await p.close();
    }
  });

  test('a worker that dies fails its request with a retryable 503 and the next request gets a new worker', async () => {
    const p = pool();
    try {
      const first = await p.run({ kind: 'samples', length: 1 });
      await assert.rejects(p.run({ kind: 'exit' }), rejectsWith('service_unavailable', true));
      const next = await p.run({ kind: 'samples', length: 1 });
      assert.notEqual(next.threadId, first.threadId);
    } finally {
      await p.close();
    }
  });

  test('close rejects running and queued requests and every later one as service_unavailable', async () => {
    const p = pool();
    const running = assert.rejects(p.run({ kind: 'hang' }), rejectsWith('service_unavailable'));
    const queued = assert.rejects(p.run({ kind: 'samples', length: 1 }), rejectsWith('service_unavailable'));
    await p.close();
    await running;
    await queued;
    await assert.rejects(p.run({ kind: 'samples', length: 1 }), rejectsWith('service_unavailable'));
  });

  test('an aborted request is dropped from the queue; the pool goes on', async () => {
    const p = pool();
    try {
      const controller = new AbortController();
      const running = p.run({ kind: 'busy', ms: 50 });
      const queued = p.run({ kind: 'samples', length: 1 }, [], controller.signal);
      controller.abort();
      await assert.rejects(queued, rejectsWith('service_unavailable'));
      assert.equal((await running).maxActive, 1);
      assert.equal((await p.run({ kind: 'samples', length: 2 })).samples?.length, 2);
    } finally {
      await p.close();
    }
  });
});
