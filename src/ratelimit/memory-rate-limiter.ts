import type { RateLimitResult, RateLimiter } from './rate-limiter.js';

interface Window {
  startedAt: number;
  count: number;
}

/** Fixed windows in a Map; expired windows are swept once a minute so idle keys cost nothing. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window & { windowMs: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    let window = this.windows.get(bucket);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0, windowMs };
      this.windows.set(bucket, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [bucket, window] of this.windows) {
      if (now - window.startedAt >= window.windowMs) this.windows.delete(bucket);
    }
  }
}
