/** Outcome of counting one request against a window. */
export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the current window ends and the count resets. */
  resetSeconds: number;
  /**
   * Set when the answer did not come from the shared store (Redis unreachable), at most once a
   * minute, for the log.
   */
  warning?: string;
}

/**
 * Fixed-window request counter. `MemoryRateLimiter` serves one process; `RedisRateLimiter`
 * serves many API processes sharing one Redis, with the same answers.
 */
export interface RateLimiter {
  /** Counts one request for `bucket`; refuses once `limit` requests were seen in the window. */
  hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}
