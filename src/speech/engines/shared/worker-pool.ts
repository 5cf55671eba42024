import { type ResourceLimits, Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../../../errors.js';

/**
 * Message protocol between an engine and its worker threads: the engine posts `{ id, request }`;
 * the worker (see `serveWorkerRequests`) answers `{ id, ok: true, result }` or an error.
 */
export interface PoolRequest<Request> {
  id: number;
  request: Request;
}

export type PoolResponse<Result> =
  | { id: number; ok: true; result: Result }
  | { id: number; ok: false; code: ErrorCode; message: string; retryable: boolean | undefined };

interface Pending<Result> {
  resolve: (result: Result) => void;
  reject: (error: AppError) => void;
}

interface Slot<Result> {
  worker: Worker | null;
  pending: Map<number, Pending<Result>>;
}

export interface EngineWorkerPoolOptions {
  /** Engine name used in error messages, e.g. `Flite`. */
  name: string;
  /** Worker threads; each runs its requests one at a time, in arrival order. */
  size: number;
  /** The compiled worker module. */
  script: URL;
  /** Passed to every worker as `workerData`. */
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
}

/**
 * A fixed number of engine worker threads, started on first use. Each request goes to the worker
 * with the fewest requests in flight and queues there. A worker that dies fails its own requests
 * (`provider_error`, retryable) and is replaced on the next request. Idle workers are unref'd so
 * they never keep the process alive.
 */
export class EngineWorkerPool<Request, Result> {
  private readonly slots: Array<Slot<Result>>;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: EngineWorkerPoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({
      worker: null,
      pending: new Map(),
    }));
  }

  /** Runs one request on the least busy worker. `transfer` lists buffers moved, not copied. */
  run(request: Request, transfer: ArrayBuffer[] = []): Promise<Result> {
    const slot = this.slots.reduce((best, candidate) =>
      candidate.pending.size < best.pending.size ? candidate : best,
    );
    return this.send(slot, request, transfer);
  }

  /** Sends the same request to every worker (start-up, warm-up) and waits for all of them. */
  broadcast(request: Request): Promise<Result[]> {
    return Promise.all(this.slots.map((slot) => this.send(slot, request, [])));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker } = slot;
        slot.worker = null;
        this.failAll(slot, this.closedError());
        if (worker !== null) await worker.terminate();
      }),
    );
  }

  private closedError(): AppError {
    return new AppError('service_unavailable', `The ${this.options.name} engine is closed`);
  }

  private send(slot: Slot<Result>, request: Request, transfer: ArrayBuffer[]): Promise<Result> {
    if (this.closed) return Promise.reject(this.closedError());
    const worker = slot.worker ?? this.start(slot);
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      worker.ref();
      const message: PoolRequest<Request> = { id, request };
      worker.postMessage(message, transfer);
    });
  }

  private start(slot: Slot<Result>): Worker {
    const { script, workerData, resourceLimits, name } = this.options;
    const worker = new Worker(script, { workerData, ...(resourceLimits ? { resourceLimits } : {}) });
    slot.worker = worker;
    worker.on('message', (response: PoolResponse<Result>) => {
      const pending = slot.pending.get(response.id);
      slot.pending.delete(response.id);
      if (slot.pending.size === 0) worker.unref();
      if (pending === undefined) return;
      if (response.ok) pending.resolve(response.result);
      else pending.reject(new AppError(response.code, response.message, { retryable: response.retryable }));
    });
    const lost = (reason: string) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.failAll(
        slot,
        new AppError('provider_error', `${name} worker stopped: ${reason}`, { retryable: true }),
      );
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    return worker;
  }

  private failAll(slot: Slot<Result>, error: AppError): void {
    for (const pending of slot.pending.values()) pending.reject(error);
    slot.pending.clear();
  }
}
