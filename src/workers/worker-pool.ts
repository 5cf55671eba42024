import type { ResourceLimits } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError, isAppError } from '../errors.js';
import { errorOf, type TaskReply } from './worker-serve.js';

export interface WorkerPoolOptions {
  /** Name used in error messages and by the fault switch (worker-entry.cts), e.g. `Flite`. */
  name: string;
  /** Worker threads at most; each runs one request at a time. */
  size: number;
  /**
   * Threads kept when idle (default `size`: an engine's threads hold its loaded engine, seconds to
   * load again); threads above it end after `idleTimeoutMs` without work.
   */
  minSize?: number;
  idleTimeoutMs?: number;
  /** The compiled worker module; its default export is made by `serveWorkerRequests`. */
  script: URL;
  /** Passed to every worker (read it with piscina's `workerData`). */
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
}

/** The CommonJS file every thread loads; it imports `script` (worker-entry.cts says why). */
const ENTRY = fileURLToPath(new URL('./worker-entry.cjs', import.meta.url));

/** How a worker's failure outside its own error reply is answered: retryable, as the pool replaces it. */
function workerLost(name: string, why: string): AppError {
  return new AppError('service_unavailable', `The ${name} worker stopped (${why}); try again`, {
    retryable: true,
    headers: { 'Retry-After': '1' },
  });
}

/**
 * Worker threads run by piscina and started on first use. Each worker takes one request at a time
 * (an engine instance — an ONNX session, a WASM module — is never entered twice); further requests
 * wait in piscina's queue and go to the first free worker. Idle workers are unref'd so they never
 * keep the process alive. Errors thrown in a worker keep their `AppError` code (worker-serve.ts sends
 * them as data: a structured clone would drop it).
 *
 * Supervised: a worker that cannot load its module or dies mid-request fails that request with a
 * retryable 503 (`workerLost`), piscina starts a replacement, and the pool's 'error' event, which
 * piscina emits for a thread's uncaught error, is listened to: unheard, it ended the process.
 */
export class WorkerPool<Request, Result> {
  private pool: Piscina<Request, TaskReply<Result>> | null = null;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /**
   * Runs one request on the next free worker. `transfer` lists buffers moved, not copied. An aborted
   * `signal` drops a queued request; a running one is stopped by ending its worker (piscina starts
   * another, which loads its engine again).
   */
  async run(request: Request, transfer: ArrayBuffer[] = [], signal?: AbortSignal): Promise<Result> {
    const pool = this.start();
    let reply: TaskReply<Result>;
    try {
      reply = await pool.run(request, {
        transferList: transfer,
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      throw this.failure(error, signal);
    }
    if (reply.ok) return reply.result;
    throw errorOf(reply);
  }

  /**
   * Sends the same request once per worker at the same time (start-up, warm-up) and waits for all.
   * Each worker takes one request at a time, so with all of them idle each gets one.
   */
  broadcast(request: Request): Promise<Result[]> {
    return Promise.all(Array.from({ length: this.size }, () => this.run(request)));
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    // Requests still queued or running are rejected (as `service_unavailable`, see `failure`).
    if (pool !== null) await pool.destroy();
  }

  private get size(): number {
    return Math.max(1, this.options.size);
  }

  private start(): Piscina<Request, TaskReply<Result>> {
    if (this.closed) throw this.closedError();
    if (this.pool === null) {
      const { script, workerData, resourceLimits, name } = this.options;
      this.pool = new Piscina({
        filename: ENTRY,
        argv: [script.href, name],
        // By default a fixed number of threads: each holds its engine (an ONNX session is 100-350 MB
        // and seconds to load), so none is let go when idle.
        minThreads: Math.min(this.size, Math.max(1, this.options.minSize ?? this.size)),
        maxThreads: this.size,
        ...(this.options.idleTimeoutMs === undefined ? {} : { idleTimeout: this.options.idleTimeoutMs }),
        concurrentTasksPerWorker: 1,
        ...(workerData === undefined ? {} : { workerData }),
        ...(resourceLimits === undefined ? {} : { resourceLimits }),
      });
      // The request the thread was running is failed by piscina itself (see `failure`).
      this.pool.on('error', () => undefined);
    }
    return this.pool;
  }

  private closedError(): AppError {
    return new AppError('service_unavailable', `The ${this.options.name} engine is closed`);
  }

  private failure(error: unknown, signal: AbortSignal | undefined): AppError {
    if (isAppError(error)) return error;
    if (this.closed) return this.closedError();
    const message = error instanceof Error ? error.message : String(error);
    if (signal?.aborted) {
      return new AppError('service_unavailable', `${this.options.name} request cancelled`);
    }
    return workerLost(this.options.name, message);
  }
}
