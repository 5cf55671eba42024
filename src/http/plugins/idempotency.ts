import { Transform, type TransformCallback, pipeline } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { IdempotencyService, type IdempotencyTicket } from '../../domain/generations/idempotency.js';
import { AppError } from '../../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an `Idempotency-Key` header: a retry with the same key and body replays
     * the first response instead of running again (docs/reliability.md, "Idempotency-Key").
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyTicket: IdempotencyTicket | null;
  }
}

const HEADER = 'idempotency-key';
/** Visible ASCII, 1-255 characters (Stripe's limit): a UUID, a hash, an order number. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Larger responses are not kept (a retry runs again); TTS answers are far smaller. */
const MAX_STORED_BYTES = 64 * 1024 * 1024;
/** Response headers worth replaying: the body's type and the route's own `X-…` facts. */
const REPLAYED = /^(content-type|content-disposition|x-(?!request-id$|voice-ratelimit-).*)$/i;

const description =
  'Makes retries safe: the first request with a key runs; a retry with the same key and body within 24 h gets the ' +
  'same response again (header `Idempotent-Replayed: true`) without running or charging again. The same key with ' +
  'another body is 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. ' +
  'Keys are per account, 1-255 visible ASCII characters (a UUID is a good key). Failed requests free their key.';

/**
 * `config: { idempotent: true }` on a route of the encapsulating plugin makes it honour the
 * `Idempotency-Key` header (and documents the header in OpenAPI). Needs an authenticated caller:
 * register after the auth hook.
 */
export function registerIdempotency(app: FastifyInstance, deps: { idempotency: IdempotencyService }) {
  app.decorateRequest('idempotencyTicket', null);

  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent) document(route);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent || !request.caller) return;
    const key = request.headers[HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('bad_request', 'Idempotency-Key must be one value of 1-255 visible ASCII characters');
    }
    const fingerprint = IdempotencyService.fingerprint(request.method, request.routeOptions.url ?? request.url, request.body);
    const claim = await deps.idempotency.claim(request.caller.accountId, key, fingerprint);
    if (claim.kind === 'run') {
      request.idempotencyTicket = claim.ticket;
      return;
    }
    const { status, headers, body } = claim.response;
    reply.status(status).headers(headers).header('Idempotent-Replayed', 'true');
    return reply.send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ticket = request.idempotencyTicket;
    if (!ticket) return payload;
    request.idempotencyTicket = null;
    if (reply.statusCode < 200 || reply.statusCode >= 300) {
      await settle(request, () => deps.idempotency.release(ticket));
      return payload;
    }
    if (typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null) {
      const body = Buffer.from((payload ?? '') as string | Buffer);
      await store(request, reply, deps.idempotency, ticket, body);
      return payload;
    }
    if (typeof (payload as NodeJS.ReadableStream).pipe === 'function') {
      return recording(payload as NodeJS.ReadableStream, (body) =>
        body ? store(request, reply, deps.idempotency, ticket, body) : settle(request, () => deps.idempotency.release(ticket)),
      );
    }
    await settle(request, () => deps.idempotency.release(ticket));
    return payload;
  });

  // A reply that never reached onSend (none so far) must not keep its key claimed.
  app.addHook('onResponse', async (request) => {
    const ticket = request.idempotencyTicket;
    if (!ticket) return;
    request.idempotencyTicket = null;
    await settle(request, () => deps.idempotency.release(ticket));
  });
}

async function store(
  request: FastifyRequest,
  reply: FastifyReply,
  idempotency: IdempotencyService,
  ticket: IdempotencyTicket,
  body: Buffer,
): Promise<void> {
  if (body.length > MAX_STORED_BYTES) {
    request.log.warn({ bytes: body.length }, 'response too large to keep for Idempotency-Key replay; key released');
    return settle(request, () => idempotency.release(ticket));
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (REPLAYED.test(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  await settle(request, () => idempotency.complete(ticket, { status: reply.statusCode, headers, body }));
}

/**
 * The answer has been produced (and paid for), so a failure to record it is logged, not turned
 * into an error response: the client still gets its result, and the key is free to run again.
 */
async function settle(request: FastifyRequest, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    request.log.error({ err }, 'could not record the Idempotency-Key outcome');
  }
}

/**
 * Passes a streamed body through while keeping a copy; at its end `done(copy)` runs before the
 * last byte leaves, so a client that saw the whole stream can rely on the replay. A stream cut
 * short (or larger than the limit) calls `done(null)`.
 */
function recording(source: NodeJS.ReadableStream, done: (body: Buffer | null) => Promise<void>): Transform {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      if (size <= MAX_STORED_BYTES) chunks.push(Buffer.from(chunk));
      else chunks.length = 0;
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      finished = true;
      done(size <= MAX_STORED_BYTES ? Buffer.concat(chunks) : null).then(() => callback(), () => callback());
    },
  });
  copy.on('close', () => {
    if (!finished) {
      finished = true;
      void done(null);
    }
  });
  pipeline(source, copy, () => undefined);
  return copy;
}

/** Adds the header and the 409 / 422 answers to the route's OpenAPI description. */
function document(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as Record<string, unknown>;
  const headers = (schema['headers'] ?? Type.Object({})) as { properties?: Record<string, unknown> };
  schema['headers'] = {
    ...headers,
    type: 'object',
    properties: {
      ...(headers.properties ?? {}),
      // The documented form is the one the preHandler enforces (KEY_PATTERN), so generated keys are valid.
      [HEADER]: Type.Optional(
        Type.String({ pattern: KEY_PATTERN.source, 'x-malformed': 'one value of 1-255 visible ASCII characters', description }),
      ),
    },
  };
  const response = (schema['response'] ??= {}) as Record<string, unknown>;
  for (const status of [409, 422]) response[status] ??= Type.Ref('ErrorResponse');
}
