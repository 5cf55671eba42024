import { AppError } from '../errors.js';
import type { RateLimitResult, RateLimiter } from './rate-limiter.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * The per-key limits every transport applies in the same way (HTTP routes, the WebSocket routes,
 * the Wyoming server): a request counts against its key's per-minute window, and clone and design
 * calls against the hourly one too. A refused count is a `rate_limited` error carrying the
 * `Retry-After` and `RateLimit-*` headers the HTTP transport sends.
 */
export async function countRequest(
  limiter: RateLimiter,
  keyId: string,
  perMinute: number,
  warn?: (message: string) => void,
): Promise<RateLimitResult> {
  const minute = await limiter.hit(`min:${keyId}`, perMinute, MINUTE_MS);
  // Said whether or not the request is let through: the answer came from memory, Redis being away.
  if (minute.warning) warn?.(minute.warning);
  if (!minute.allowed) throw limited(minute, `Rate limit of ${perMinute} requests per minute reached`);
  return minute;
}

/** Counts a clone or design call against the key's hourly window. */
export async function countVoiceCreation(limiter: RateLimiter, keyId: string, perHour: number): Promise<RateLimitResult> {
  const hour = await limiter.hit(`hour:${keyId}`, perHour, HOUR_MS);
  if (!hour.allowed) throw limited(hour, `Rate limit of ${perHour} clone and design calls per hour reached`);
  return hour;
}

function limited(result: RateLimitResult, what: string): AppError {
  return new AppError('rate_limited', `${what}; try again in ${result.resetSeconds} s`, {
    headers: {
      'Retry-After': String(result.resetSeconds),
      'RateLimit-Limit': String(result.limit),
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(result.resetSeconds),
    },
  });
}
