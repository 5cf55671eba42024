import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { CLOSE_GRACE_MS, closeWithin, connect, disconnectAll } from './bull-queue.js';
import type { RefinementQueue, RefinementWork } from './refinement-queue.js';

/** BullMQ queue of clone refinements; every role of one deployment must agree on it. */
export const REFINEMENT_QUEUE = 'voicelib-refine';
/**
 * A refinement is resumable at any step, so a worker killed mid-way is no reason to give up: its job
 * goes back to the queue this many times (BullMQ's stalled-job check) before it is failed.
 */
const MAX_STALLS = 20;

export interface BullRefinementOptions {
  redisUrl: string;
  /** Refinements this process runs at once (`REFINE_CONCURRENCY`; 0: this process only queues). */
  concurrency: number;
  /** How long a job's lock lasts without renewal, ms (a dead worker's job returns after this long). */
  lockMs: number;
}

/**
 * Refinements across processes: an API process adds a job per clone (job id = voice id, so a voice
 * is queued once), worker processes run them. The job carries nothing but the id; the refinement's
 * state is in the database, saved after every step, so a job taken up again after its worker died
 * continues from the last step.
 */
export class BullRefinementQueue implements RefinementQueue {
  private readonly owned: Redis[] = [];
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly options: BullRefinementOptions) {
    this.queue = new Queue(REFINEMENT_QUEUE, {
      connection: this.connect(),
      defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: { age: 24 * 3600, count: 1000 } },
    });
  }

  private connect(): Redis {
    return connect(this.options.redisUrl, this.owned);
  }

  async add(voiceId: string): Promise<void> {
    await this.queue.add('refine', { voiceId }, { jobId: voiceId, priority: 1 });
  }

  async remove(voiceId: string): Promise<void> {
    this.running.get(voiceId)?.abort(new Error('refinement removed'));
    // A job another worker holds cannot be removed; that worker stops at its next step, when it finds
    // the refinement gone from the database.
    await this.queue.remove(voiceId).catch(() => 0);
  }

  async start(work: RefinementWork): Promise<void> {
    if (this.options.concurrency === 0) return;
    this.worker = new Worker(
      REFINEMENT_QUEUE,
      async (job: Job) => {
        const { voiceId } = job.data as { voiceId: string };
        const controller = new AbortController();
        this.running.set(voiceId, controller);
        try {
          await work(voiceId, controller.signal);
        } finally {
          this.running.delete(voiceId);
        }
      },
      {
        connection: this.connect(),
        concurrency: this.options.concurrency,
        lockDuration: this.options.lockMs,
        stalledInterval: this.options.lockMs,
        maxStalledCount: MAX_STALLS,
      },
    );
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    for (const controller of this.running.values()) controller.abort(new Error('shutting down'));
    // With Redis gone, BullMQ's close waits for a reconnection that never comes (as the speech queue's).
    await closeWithin([this.worker?.close() ?? Promise.resolve(), this.queue.close()], CLOSE_GRACE_MS);
    disconnectAll(this.owned);
  }
}
