import { Worker } from 'node:worker_threads';
import { AppError } from '../../../errors.js';
import type { EspeakJob, WorkerRequest, WorkerResponse } from './worker.js';

type Success = Extract<WorkerResponse, { ok: true }>;

interface Pending {
  resolve: (response: Success) => void;
  reject: (error: AppError) => void;
}

interface Slot {
  worker: Worker | null;
  pending: Map<number, Pending>;
}

/**
 * A fixed number of espeak-ng worker threads, started on first use. Each request goes to the
 * worker with the fewest requests in flight and queues there; a worker that dies fails its own
 * requests (retryable) and is replaced on the next request.
 */
export class EspeakWorkerPool {
  private readonly slots: Slot[];
  private nextId = 1;
  private closed = false;

  constructor(
    size: number,
    private readonly script: URL,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: null, pending: new Map() }));
  }

  synthesize(job: EspeakJob): Promise<Success> {
    const slot = this.slots.reduce((best, slot) => (slot.pending.size < best.pending.size ? slot : best));
    return this.send(slot, { id: this.nextId++, kind: 'synthesize', job });
  }

  /** Starts every worker and runs the warm-up sentences in each. */
  async warm(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.send(slot, { id: this.nextId++, kind: 'warm' })));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker } = slot;
        slot.worker = null;
        this.failAll(slot, new AppError('service_unavailable', 'The espeak-ng engine is closed'));
        if (worker !== null) await worker.terminate();
      }),
    );
  }

  private send(slot: Slot, request: WorkerRequest): Promise<Success> {
    if (this.closed)
      return Promise.reject(new AppError('service_unavailable', 'The espeak-ng engine is closed'));
    const worker = slot.worker ?? this.start(slot);
    return new Promise<Success>((resolve, reject) => {
      slot.pending.set(request.id, { resolve, reject });
      worker.ref();
      worker.postMessage(request);
    });
  }

  private start(slot: Slot): Worker {
    const worker = new Worker(this.script);
    slot.worker = worker;
    worker.on('message', (response: WorkerResponse) => {
      const pending = slot.pending.get(response.id);
      slot.pending.delete(response.id);
      // An idle worker must not keep the process alive.
      if (slot.pending.size === 0) worker.unref();
      if (pending === undefined) return;
      if (response.ok) pending.resolve(response);
      else pending.reject(new AppError(response.code, response.message, { retryable: response.retryable }));
    });
    const lost = (reason: string) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.failAll(
        slot,
        new AppError('provider_error', `espeak-ng worker stopped: ${reason}`, { retryable: true }),
      );
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    return worker;
  }

  private failAll(slot: Slot, error: AppError): void {
    for (const pending of slot.pending.values()) pending.reject(error);
    slot.pending.clear();
  }
}
