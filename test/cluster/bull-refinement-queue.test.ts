import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BullRefinementQueue } from '../../src/queue/bull-refinement-queue.js';
import { type Service, servicesMissing, startRedis } from '../helpers/cluster-services.js';
import { until } from '../helpers/wait.js';

/**
 * Clone refinements across processes (src/queue/bull-refinement-queue.ts): an API process (concurrency
 * 0) only queues, a worker runs; a voice is queued once; removing it stops the run in the process that
 * holds it; and a worker killed with -9 mid-refinement loses nothing: its job returns to the queue when
 * its lock runs out and another worker takes it up (the refinement itself resumes from the database,
 * test/http/clone-refinement).
 */

const skip = servicesMissing();
const QUEUE_MODULE = fileURLToPath(new URL('../../src/queue/bull-refinement-queue.js', import.meta.url));
const LOCK_MS = 1500;

describe('BullMQ refinement queue', { skip: skip ?? false }, () => {
  let redis: Service;
  before(async () => {
    redis = await startRedis();
  });
  after(() => redis?.stop());

  test('queued once by an API process, run by a worker, stopped by remove', async () => {
    const api = new BullRefinementQueue({ redisUrl: redis.url, concurrency: 0, lockMs: LOCK_MS });
    const worker = new BullRefinementQueue({ redisUrl: redis.url, concurrency: 1, lockMs: LOCK_MS });
    const runs: string[] = [];
    let stopped: unknown;
    try {
      // The API process takes no work, however long it waits.
      await api.start(async () => assert.fail('an API process ran a refinement'));
      await api.add('voice-a');
      await api.add('voice-a');
      await worker.start(async (voiceId, signal) => {
        runs.push(voiceId);
        if (voiceId !== 'voice-a') return;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        stopped = signal.reason;
      });
      await until('the worker to take voice-a', () => runs.length === 1, 30_000);
      // Queued again while it runs: still one run.
      await api.add('voice-a');
      await worker.remove('voice-a');
      await until('the run to stop', () => stopped !== undefined, 10_000);
      assert.match(String(stopped), /removed/);
      await api.add('voice-b');
      await until('voice-b to run', () => runs.includes('voice-b'), 30_000);
      assert.deepEqual(runs, ['voice-a', 'voice-b']);
    } finally {
      await worker.close();
      await api.close();
    }
  });

  test('a worker killed with -9 mid-refinement: another worker takes the refinement up', async () => {
    // The dying worker is a process of its own, so that kill -9 is what it is.
    const script = `
      const { BullRefinementQueue } = await import(${JSON.stringify(QUEUE_MODULE)});
      const queue = new BullRefinementQueue({ redisUrl: process.env.REDIS_URL, concurrency: 1, lockMs: ${LOCK_MS} });
      await queue.start(async (voiceId) => { process.stdout.write('took ' + voiceId + '\\n'); await new Promise(() => {}); });
      process.stdout.write('ready\\n');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, REDIS_URL: redis.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const api = new BullRefinementQueue({ redisUrl: redis.url, concurrency: 0, lockMs: LOCK_MS });
    let survivor: BullRefinementQueue | undefined;
    try {
      await until('the doomed worker to be ready', () => out.includes('ready'), 30_000);
      await api.add('voice-c');
      await until('the doomed worker to take voice-c', () => out.includes('took voice-c'), 30_000);
      child.kill('SIGKILL');
      await once(child, 'exit');
      const taken: string[] = [];
      survivor = new BullRefinementQueue({ redisUrl: redis.url, concurrency: 1, lockMs: LOCK_MS });
      await survivor.start(async (voiceId) => {
        taken.push(voiceId);
      });
      // Its lock runs out, the stalled-job check puts it back, and the survivor runs it.
      await until('the survivor to take voice-c', () => taken.includes('voice-c'), 60_000);
      assert.deepEqual(taken, ['voice-c']);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await survivor?.close();
      await api.close();
    }
  });
});
