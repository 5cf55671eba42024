/** Outcome of counting one request against a window. */
export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the current window ends and the count resets. */
  resetSeconds: number;
}

/**
 * Fixed-window request counter. The in-memory implementation serves one process; a Redis
 * implementation (INCR + PEXPIRE) serves many API processes with the same answers.
 */
export interface RateLimiter {
  /** Counts one request for `bucket`; refuses once `limit` requests were seen in the window. */
  hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}
