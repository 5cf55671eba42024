import type { FairQueue } from './fair-queue.js';
import type { JobHandler, JobQueue } from './job-queue.js';

/**
 * The embedded queue: jobs run in this process through the round-robin `FairQueue`, and payload
 * and result are passed by reference (no copy, no serialization).
 */
export class InProcessJobQueue<P, R> implements JobQueue<P, R> {
  readonly crossProcess = false;
  constructor(
    /** Shared with whatever else runs synthesis in this process (streaming), so one limit holds. */
    private readonly fair: FairQueue,
    private readonly handler: JobHandler<P, R>,
  ) {}

  run(key: string, payload: P): Promise<R> {
    return this.fair.run(key, () => this.handler(payload));
  }

  async close(): Promise<void> {}
}
