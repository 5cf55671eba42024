import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimitResult, RateLimiter } from './rate-limiter.js';

/** Milliseconds Redis gets to answer one command before the answer comes from memory instead. */
const COMMAND_TIMEOUT_MS = 2_000;
/** Milliseconds allowed to reach Redis at start-up. */
const CONNECT_TIMEOUT_MS = 5_000;
/** At most one warning per this many milliseconds while Redis is unreachable. */
const WARN_EVERY_MS = 60_000;

/**
 * Fixed windows kept in Redis (rate-limiter-flexible's atomic INCR + EXPIRE script), so every API
 * process sharing the Redis counts against one window per key and answers exactly as
 * `MemoryRateLimiter` does for a single process.
 *
 * When Redis cannot be reached while running, requests are not refused and not let through
 * unlimited: each process falls back to its own in-memory windows (the limit then applies per
 * process) until Redis answers again, and the answer carries a `warning` at most once a minute so
 * the HTTP layer logs it. Unreachable at start-up is an error (see `connect`).
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly fallback: MemoryRateLimiter;
  private lastWarningAt = Number.NEGATIVE_INFINITY;

  private constructor(
    private readonly redis: Redis,
    private readonly now: () => number,
  ) {
    this.fallback = new MemoryRateLimiter(now);
  }

  /** Connects to `url`, failing with a message that names it when Redis does not answer. */
  static async connect(url: string, now: () => number = Date.now): Promise<RedisRateLimiter> {
    const redis = new Redis(url, {
      lazyConnect: true,
      // A command sent while disconnected fails at once instead of waiting in a queue: the
      // request then gets its answer from memory rather than hanging.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Keep reconnecting in the background, at most every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // Connection errors surface through commands; without a listener ioredis prints each one.
    let socketError: Error | undefined;
    redis.on('error', (err: Error) => {
      socketError = err;
    });
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      redis.disconnect();
      const reason = socketError?.message ?? (err as Error).message;
      throw new Error(`REDIS_URL ${redacted(url)}: Redis is unreachable (${reason})`, { cause: err });
    }
    return new RedisRateLimiter(redis, now);
  }

  async hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    try {
      const res = await this.limiter(limit, windowMs).consume(bucket, 1);
      return { allowed: true, limit, remaining: res.remainingPoints, resetSeconds: seconds(res.msBeforeNext) };
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        return { allowed: false, limit, remaining: 0, resetSeconds: seconds(err.msBeforeNext) };
      }
      const answer = await this.fallback.hit(bucket, limit, windowMs);
      if (this.now() - this.lastWarningAt < WARN_EVERY_MS) return answer;
      this.lastWarningAt = this.now();
      const reason = err instanceof Error ? err.message : String(err);
      return { ...answer, warning: `Redis unreachable (${reason}): rate limits count per process until it answers` };
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    // Not QUIT: with Redis gone it waits for a reconnection that never comes and holds the process.
    this.redis.disconnect();
  }

  /** One limiter per (limit, window) pair; the counters themselves live in Redis under the bucket. */
  private limiter(limit: number, windowMs: number): RateLimiterRedis {
    const id = `${limit}/${windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: 'voicelib:rl',
        points: limit,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
        // Not connected: go to the fallback at once instead of trying the socket.
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable)';
  }
}
