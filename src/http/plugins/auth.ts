import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { AccountService, Caller } from '../../domain/accounts/accounts.js';
import { AppError } from '../../errors.js';
import { countRequest, countVoiceCreation } from '../../ratelimit/key-limits.js';
import type { RateLimitResult, RateLimiter } from '../../ratelimit/rate-limiter.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Clone and design calls count against the hourly voice-creation limit too. */
    voiceCreation?: boolean;
    /** Routes reachable without an API key (the OpenAPI document). */
    public?: boolean;
  }
}

/** The key: `Authorization: Bearer <key>`, or (where `xiApiKey` is on) ElevenLabs' `xi-api-key: <key>` header. */
function presentedKey(request: FastifyRequest, xiApiKey: boolean): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1]! : null;
  }
  const xi = xiApiKey ? request.headers['xi-api-key'] : undefined;
  return typeof xi === 'string' && /^\S+$/.test(xi.trim()) ? xi.trim() : null;
}

function setRateHeaders(reply: FastifyReply, result: RateLimitResult) {
  reply.header('RateLimit-Limit', String(result.limit));
  reply.header('RateLimit-Remaining', String(result.remaining));
  reply.header('RateLimit-Reset', String(result.resetSeconds));
}

/**
 * Authenticates every route of the encapsulating plugin (401 / 403), then counts the request
 * against the key's per-minute window and, for clone and design calls, the hourly window.
 */
export function registerApiAuth(
  app: FastifyInstance,
  deps: { accounts: AccountService; rateLimiter: RateLimiter; config: Readonly<Config> },
  options: { xiApiKey?: boolean } = {},
) {
  const xiApiKey = options.xiApiKey === true;
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public) return;
    const presented = presentedKey(request, xiApiKey);
    if (!presented) {
      throw new AppError(
        'unauthorized',
        xiApiKey ? 'Send your API key as "Authorization: Bearer <key>" or "xi-api-key: <key>"' : 'Send your API key as "Authorization: Bearer <key>"',
      );
    }
    request.caller = await deps.accounts.keys.authenticate(presented);
    const who = { account: request.caller.accountId, key: request.caller.keyId };
    // pino adds bindings to the request's own logger in place (a child per request was 4 % of an
    // authenticated ping's CPU); the logger of `logger: false` has no setBindings and gets a child.
    const log = request.log as typeof request.log & { setBindings?: (bindings: object) => void };
    if (log.setBindings) log.setBindings(who);
    else request.log = request.log.child(who);

    const { requestsPerMinute, voiceCallsPerHour } = deps.config.rateLimit;
    const minute = await countRequest(deps.rateLimiter, request.caller.keyId, requestsPerMinute, (warning) => request.log.warn(warning));
    setRateHeaders(reply, minute);

    if (request.routeOptions.config.voiceCreation) {
      const hour = await countVoiceCreation(deps.rateLimiter, request.caller.keyId, voiceCallsPerHour);
      reply.header('X-Voice-RateLimit-Limit', String(hour.limit));
      reply.header('X-Voice-RateLimit-Remaining', String(hour.remaining));
      reply.header('X-Voice-RateLimit-Reset', String(hour.resetSeconds));
    }
  });
}
