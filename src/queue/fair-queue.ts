import { AppError } from '../errors.js';

interface Waiting {
  run: () => void;
}

/**
 * Runs at most `concurrency` tasks at once and, when tasks wait, takes them round-robin across
 * keys: a key that submits 100 requests waits behind its own backlog, not in front of another
 * key's first request. When `maxWaiting` tasks already wait, new ones are refused with 503.
 */
export class FairQueue {
  private running = 0;
  private waiting = 0;
  /** Keys with waiting tasks, in round-robin order. */
  private readonly order: string[] = [];
  private readonly byKey = new Map<string, Waiting[]>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
    /** Seconds a refused client is told to wait. */
    private readonly retryAfterSeconds = 5,
  ) {}

  get stats() {
    return { running: this.running, waiting: this.waiting, keys: this.order.length };
  }

  /** Runs `task` when a slot is free and it is `key`'s turn. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency && this.waiting === 0) return this.start(task);
    if (this.waiting >= this.maxWaiting) {
      return Promise.reject(
        new AppError('queue_full', 'The speech queue is full; try again shortly', {
          headers: { 'Retry-After': String(this.retryAfterSeconds) },
        }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      let list = this.byKey.get(key);
      if (!list) {
        list = [];
        this.byKey.set(key, list);
        this.order.push(key);
      }
      list.push({ run: () => this.start(task).then(resolve, reject) });
      this.waiting += 1;
    });
  }

  private async start<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.next();
    }
  }

  private next(): void {
    while (this.running < this.concurrency && this.order.length > 0) {
      const key = this.order.shift()!;
      const list = this.byKey.get(key)!;
      const item = list.shift()!;
      this.waiting -= 1;
      if (list.length > 0) this.order.push(key);
      else this.byKey.delete(key);
      item.run();
    }
  }
}
