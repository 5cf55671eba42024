import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError, type ErrorCode, isAppError } from '../errors.js';
import { newId } from '../ids.js';
import type { JobHandler, JobQueue } from './job-queue.js';

/** BullMQ queue name; every role of one deployment must agree on it. */
export const SPEECH_QUEUE = 'voicelib-speech';
/**
 * Admission and fairness bookkeeping (see ADMIT): jobs admitted and not yet started, globally and
 * per key. `{speech}` is a Redis Cluster hash tag so the script's keys share one slot.
 */
const WAITING = 'voicelib:{speech}:waiting';
/** BullMQ's highest (least urgent) priority. */
const MAX_PRIORITY = 2_097_152;
/** Seconds a refused client is told to wait (as the in-process queue does). */
const RETRY_AFTER_SECONDS = 5;

/**
 * Atomically: forget entries older than the job timeout (an API that died between admitting and
 * adding leaves one behind), refuse (-1) when `max` jobs already wait, else record the job and
 * return how many jobs its key now has waiting, which becomes its BullMQ priority. Jobs of a key
 * with a short backlog therefore start before the deeper backlog of a flooding key: the n-th
 * waiting job of every key runs before any key's (n+1)-th, the round robin of FairQueue.
 * KEYS: global set, key's set. ARGV: now ms, job id, max, stale-before ms, set lifetime ms.
 */
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[4])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return redis.call('ZCARD', KEYS[2])
`;

/** What travels in Redis: the caller's fairness key and the payload. */
interface Envelope<P> {
  key: string;
  payload: P;
}

/** A job's outcome: its result, or the AppError it ended with (kept as data, so no BullMQ retry). */
type Outcome<R> = { ok: R } | { error: { code: ErrorCode; message: string; retryable?: boolean } };

export interface BullOptions {
  redisUrl: string;
  /** Jobs admitted and not started, across every API process, before 503 queue_full. */
  maxWaiting: number;
  /** How long an API waits for a job's result before answering 502 (retryable). */
  jobTimeoutMs: number;
}

/**
 * A connection of our own (BullMQ never closes one it was given: `close` below does). BullMQ's
 * blocking commands need maxRetriesPerRequest: null. While Redis is unreachable ioredis reconnects
 * by itself and the commands waiting on it fail where they were sent (a request gets its 5xx), so
 * the connection's own error events carry nothing more and are not left to crash the process.
 */
export function connect(url: string, owned: Redis[]): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null });
  client.on('error', () => undefined);
  owned.push(client);
  return client;
}

/** How long closing waits for Redis before the connections are cut (ms). */
export const CLOSE_GRACE_MS = 3000;

/** Waits for `closing` to settle, or `ms`, whichever comes first; close errors are not news at shutdown. */
export async function closeWithin(closing: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(closing), grace]);
  clearTimeout(timer);
}

export const disconnectAll = (owned: Redis[]) => {
  for (const client of owned) client.disconnect();
};

const waitingOf = (key: string) => `${WAITING}:${key}`;

/** The producer side (API processes): admits, prioritizes and adds jobs, then awaits their outcome. */
export class BullJobQueue<P, R> implements JobQueue<P, R> {
  readonly crossProcess = true;
  private readonly redis: Redis;
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly owned: Redis[] = [];

  constructor(private readonly options: BullOptions) {
    this.redis = connect(options.redisUrl, this.owned);
    this.queue = new Queue(SPEECH_QUEUE, {
      connection: connect(options.redisUrl, this.owned),
      defaultJobOptions: {
        attempts: 1,
        // Results are read at once through QueueEvents; keep a short history for operators.
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600, count: 1000 },
      },
    });
    this.events = new QueueEvents(SPEECH_QUEUE, { connection: connect(options.redisUrl, this.owned) });
    // One listener pair per job in flight: a few hundred is normal, not a leak.
    this.events.setMaxListeners(0);
  }

  /** Resolves once the events stream is read, so no completion is missed by a job added after it. */
  async ready(): Promise<void> {
    await this.events.waitUntilReady();
    await this.queue.waitUntilReady();
  }

  async run(key: string, payload: P): Promise<R> {
    const id = newId('job');
    const now = Date.now();
    const lifetime = this.options.jobTimeoutMs * 2;
    const rank = Number(
      await this.redis.eval(ADMIT, 2, WAITING, waitingOf(key), now, id, this.options.maxWaiting, now - lifetime, lifetime),
    );
    if (rank < 0) {
      throw new AppError('queue_full', 'The speech queue is full; try again shortly', {
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    }
    let job: Job;
    try {
      job = await this.queue.add('speak', { key, payload } satisfies Envelope<P>, {
        jobId: id,
        priority: Math.min(rank, MAX_PRIORITY),
      });
    } catch (err) {
      await forget(this.redis, key, id);
      throw err;
    }
    let outcome: Outcome<R>;
    try {
      outcome = (await job.waitUntilFinished(this.events, this.options.jobTimeoutMs)) as Outcome<R>;
    } catch (err) {
      // Failed on the worker (an unexpected error, or stalled twice: both of its workers died), or
      // no answer in time. A job still waiting is withdrawn; one running finds its reservation
      // refunded when it ends and discards its audio (SpeechJobRunner).
      await job.remove().catch(() => undefined);
      await forget(this.redis, key, id);
      throw new AppError('provider_error', 'Speech synthesis failed on a worker; try again', { retryable: true, cause: err });
    }
    if ('error' in outcome) {
      const { code, message, retryable } = outcome.error;
      throw new AppError(code, message, retryable === undefined ? {} : { retryable });
    }
    return outcome.ok;
  }

  async close(): Promise<void> {
    // With Redis gone, BullMQ's close waits for a reconnection that never comes: give it a moment
    // to close cleanly, then cut the connections, which ends any wait.
    await closeWithin([this.events.close(), this.queue.close()], CLOSE_GRACE_MS);
    disconnectAll(this.owned);
  }
}

/** Drops a job from the admission and fairness sets: it started, or will never run. Idempotent. */
async function forget(redis: Redis, key: string, id: string): Promise<void> {
  await redis.multi().zrem(WAITING, id).zrem(waitingOf(key), id).exec();
}

export interface BullWorkerOptions {
  redisUrl: string;
  /** Jobs this process runs at once. */
  concurrency: number;
  /**
   * How long a job's lock lasts without renewal (renewed every half of it while the worker lives).
   * A worker killed mid-job loses its lock after this long; the stalled-job check (same period)
   * then puts the job back for another worker, once (maxStalledCount 1), then fails it.
   */
  lockMs: number;
  /** Named in logs and on each job (`processedBy`), to tell workers apart. */
  name: string;
  onEvent?: (event: 'started' | 'finished' | 'failed', jobId: string, data: unknown, err?: unknown) => void;
}

/** The consumer side (worker processes): runs jobs with `handler` until closed. */
export async function startBullWorker<P, R>(handler: JobHandler<P, R>, options: BullWorkerOptions): Promise<{ close(): Promise<void> }> {
  const owned: Redis[] = [];
  const redis = connect(options.redisUrl, owned);
  const worker = new Worker(
    SPEECH_QUEUE,
    async (job: Job): Promise<Outcome<R>> => {
      const { key, payload } = job.data as Envelope<P>;
      await forget(redis, key, job.id!);
      options.onEvent?.('started', job.id!, payload);
      try {
        const ok = await handler(payload);
        options.onEvent?.('finished', job.id!, payload);
        return { ok };
      } catch (err) {
        options.onEvent?.('failed', job.id!, payload, err);
        if (!isAppError(err)) throw err;
        return { error: { code: err.code, message: err.message, ...(err.retryable === undefined ? {} : { retryable: err.retryable }) } };
      }
    },
    {
      connection: connect(options.redisUrl, owned),
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      maxStalledCount: 1,
      name: options.name,
    },
  );
  await worker.waitUntilReady();
  return {
    async close() {
      await closeWithin([worker.close()], CLOSE_GRACE_MS);
      disconnectAll(owned);
    },
  };
}
