/**
 * The one interface between the processes that take requests and those that synthesize: `run`
 * hands a job to whoever works the queue and resolves with its result. Two implementations:
 * `InProcessJobQueue` (the embedded default, one process, fair in memory) and `BullJobQueue`
 * (BullMQ on Redis, jobs worked by `startBullWorker` in any number of worker processes).
 */
export interface JobQueue<P, R> {
  /**
   * True when the job runs in another process: its payload and result cross Redis as JSON, so
   * large bytes (the encoded audio) travel through the blob store instead (docs/architecture.md).
   */
  readonly crossProcess: boolean;
  /**
   * Runs `payload` when it is `key`'s turn. Rejects with 503 `queue_full` (Retry-After) when too
   * many jobs already wait, and with the job's own error when it failed.
   */
  run(key: string, payload: P): Promise<R>;
  close(): Promise<void>;
}

/** What a worker does with one job; throws to fail it. */
export type JobHandler<P, R> = (payload: P) => Promise<R>;
