/**
 * Where clone refinements wait for a process to run them (domain/voices/refinements.ts). A refinement is
 * known by its voice id; its state lives in the database, so the queue only says whose turn it is.
 * Two implementations: `InProcessRefinementQueue` (one process) and `BullRefinementQueue` (BullMQ on
 * Redis, worked by the worker processes).
 */
export interface RefinementQueue {
  /** Queues a voice's refinement; nothing happens when it is already queued or running. */
  add(voiceId: string): Promise<void>;
  /** Drops a queued refinement, and stops it when it runs in this process. */
  remove(voiceId: string): Promise<void>;
  /**
   * Starts running queued refinements, at most `concurrency` at once in this process, with `work`.
   * `work` resolves when the refinement is done, or was stopped by its signal (shutdown, removal).
   */
  start(work: RefinementWork): Promise<void>;
  close(): Promise<void>;
}

export type RefinementWork = (voiceId: string, signal: AbortSignal) => Promise<void>;

/** Refinements in memory, oldest first; what is unfinished at a restart is queued again from the database. */
export class InProcessRefinementQueue implements RefinementQueue {
  private readonly waiting: string[] = [];
  private readonly running = new Map<string, AbortController>();
  private work: RefinementWork | null = null;
  private closed = false;

  constructor(private readonly concurrency: number) {}

  async add(voiceId: string): Promise<void> {
    if (this.closed || this.running.has(voiceId) || this.waiting.includes(voiceId)) return;
    this.waiting.push(voiceId);
    this.pump();
  }

  async remove(voiceId: string): Promise<void> {
    const index = this.waiting.indexOf(voiceId);
    if (index >= 0) this.waiting.splice(index, 1);
    this.running.get(voiceId)?.abort(new Error('refinement removed'));
  }

  async start(work: RefinementWork): Promise<void> {
    this.work = work;
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    for (const controller of this.running.values()) controller.abort(new Error('shutting down'));
  }

  private pump(): void {
    const work = this.work;
    if (work === null) return;
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const voiceId = this.waiting.shift()!;
      const controller = new AbortController();
      this.running.set(voiceId, controller);
      void work(voiceId, controller.signal)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(voiceId);
          this.pump();
        });
    }
  }
}
