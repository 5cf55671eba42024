import { FairQueue } from './fair-queue.js';
import type { JobHandler, JobQueue } from './job-queue.js';

/**
 * The embedded queue: jobs run in this process through the round-robin `FairQueue`, and payload
 * and result are passed by reference (no copy, no serialization).
 */
export class InProcessJobQueue<P, R> implements JobQueue<P, R> {
  readonly crossProcess = false;
  private readonly fair: FairQueue;

  constructor(
    concurrency: number,
    maxWaiting: number,
    private readonly handler: JobHandler<P, R>,
  ) {
    this.fair = new FairQueue(concurrency, maxWaiting);
  }

  run(key: string, payload: P): Promise<R> {
    return this.fair.run(key, () => this.handler(payload));
  }

  async close(): Promise<void> {}
}
