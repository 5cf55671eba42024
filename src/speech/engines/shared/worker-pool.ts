import type { ResourceLimits } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError, isAppError } from '../../../errors.js';
import { errorOf, type TaskReply } from './worker-serve.js';

export interface EngineWorkerPoolOptions {
  /** Engine name used in error messages, e.g. `Flite`. */
  name: string;
  /** Worker threads, all kept alive once started; each runs one request at a time. */
  size: number;
  /** The compiled worker module; its default export is made by `serveWorkerRequests`. */
  script: URL;
  /** Passed to every worker (read it with piscina's `workerData`). */
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
}

/**
 * An engine's worker threads, run by piscina and started on first use. Each worker takes one
 * request at a time (an engine instance — an ONNX session, a WASM module — is never entered twice);
 * further requests wait in piscina's queue and go to the first free worker. Idle workers are unref'd
 * so they never keep the process alive. A worker that dies fails its request (`provider_error`,
 * retryable) and piscina starts a replacement. Errors thrown in a worker keep their `AppError` code
 * (worker-serve.ts sends them as data: a structured clone would drop it).
 */
export class EngineWorkerPool<Request, Result> {
  private pool: Piscina<Request, TaskReply<Result>> | null = null;
  private closed = false;

  constructor(private readonly options: EngineWorkerPoolOptions) {}

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
      const { script, workerData, resourceLimits } = this.options;
      this.pool = new Piscina({
        filename: fileURLToPath(script),
        // A fixed number of threads: each holds its engine (an ONNX session is 100-350 MB and
        // seconds to load), so none is let go when idle.
        minThreads: this.size,
        maxThreads: this.size,
        concurrentTasksPerWorker: 1,
        ...(workerData === undefined ? {} : { workerData }),
        ...(resourceLimits === undefined ? {} : { resourceLimits }),
      });
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
    return new AppError('provider_error', `${this.options.name} worker stopped: ${message}`, { retryable: true });
  }
}
