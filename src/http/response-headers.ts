import type { RouteOptions } from 'fastify';
import { Type } from 'typebox';

/**
 * Response headers in the OpenAPI document. Headers that every route sends, every authenticated
 * route, or every idempotent one, are added once, when the document is built (a @fastify/swagger
 * `transform`, so it sees each route as its plugins left it: the 409/422 the idempotency plugin
 * adds included); a route's own headers go in its response schema's `headers`, which
 * @fastify/swagger moves into the operation's response. test/http/openapi-headers.test.ts checks
 * that every header a response carries is documented for its route and status.
 */

type HeaderSchema = { type: 'string' | 'integer'; description: string };
type Headers = Record<string, HeaderSchema>;

const REQUEST_ID: Headers = {
  'X-Request-Id': { type: 'string', description: "The request's id in the server logs (the caller's own safe X-Request-Id is kept)" },
};

const RATE_LIMIT: Headers = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests allowed per minute for this key' },
  'RateLimit-Remaining': { type: 'integer', description: 'Requests left in the current minute' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the minute window resets' },
};

const VOICE_RATE_LIMIT: Headers = {
  'X-Voice-RateLimit-Limit': { type: 'integer', description: 'Clone and design calls allowed per hour for this key' },
  'X-Voice-RateLimit-Remaining': { type: 'integer', description: 'Clone and design calls left this hour' },
  'X-Voice-RateLimit-Reset': { type: 'integer', description: 'Seconds until the hourly window resets' },
};

const RETRY_AFTER: Headers = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' },
};

const IDEMPOTENT_REPLAYED: Headers = {
  'Idempotent-Replayed': {
    type: 'string',
    description: '"true" when this is the stored response to an earlier request with the same Idempotency-Key',
  },
};

/** The headers of a generation's answer, for the routes that speak. */
export const VOICE_ENGINE: Headers = {
  'X-Voice-Engine': { type: 'string', description: 'The speech engine that spoke (docs/engines.md)' },
};
export const WARNINGS: Headers = {
  'X-Voicelib-Warnings': {
    type: 'string',
    description:
      'Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): ' +
      'the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings")',
  },
};
export const GENERATION_ID: Headers = {
  'X-Generation-Id': { type: 'string', description: 'The generation record (GET /api/v1/tts/{id}, history)' },
};

/** The headers ElevenLabs' clients read on its speech answers (its `history-item-id` is our generation id). */
export const ELEVENLABS_SPEECH: Headers = {
  'history-item-id': { type: 'string', description: 'The generation record (ElevenLabs /v1/history, GET /api/v1/tts/{id})' },
  'request-id': { type: 'string', description: "The request's id (as X-Request-Id)" },
  'Cache-Control': { type: 'string', description: '"no-store": the bytes are made for this request' },
};

/** Statuses answered before the key is known, so without the rate-limit headers. */
const BEFORE_RATE_LIMIT = new Set(['401', '403']);

/** Prefixes of the routes behind the API key and its rate limits (registerApiAuth in app.ts). */
const AUTHENTICATED = ['/api/v1/', '/v1/'];

function headersFor(route: RouteOptions, status: string): Headers {
  const config = (route.config ?? {}) as { public?: boolean; voiceCreation?: boolean; idempotent?: boolean };
  const authenticated = AUTHENTICATED.some((prefix) => route.url.startsWith(prefix)) && !config.public;
  const counted = authenticated && !BEFORE_RATE_LIMIT.has(status);
  return {
    ...REQUEST_ID,
    ...(counted ? RATE_LIMIT : {}),
    ...(counted && config.voiceCreation ? VOICE_RATE_LIMIT : {}),
    ...(status === '429' || status === '503' ? RETRY_AFTER : {}),
    // Only successful answers are stored, so only they are replayed (plugins/idempotency.ts).
    ...(config.idempotent && status.startsWith('2') ? IDEMPOTENT_REPLAYED : {}),
  };
}

/** The @fastify/swagger `transform`: each documented response gets the shared headers. */
export function documentResponseHeaders({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }) {
  const routeSchema = schema as { hide?: boolean; response?: Record<string, object> } | undefined;
  if (!routeSchema?.response || routeSchema.hide) return { schema: routeSchema ?? {}, url };
  const response: Record<string, object> = {};
  for (const [status, body] of Object.entries(routeSchema.response)) {
    const own = (body as { headers?: Headers }).headers ?? {};
    response[status] = { ...body, headers: { ...headersFor(route, status), ...own } };
  }
  return { schema: { ...routeSchema, response }, url };
}

/** Audio bytes in any of the formats the API makes (docs/engines.md, formats). */
const AUDIO_BYTES = { type: 'string', format: 'binary' } as const;
export const AUDIO_CONTENT = {
  'audio/mpeg': { schema: AUDIO_BYTES },
  'audio/wav': { schema: AUDIO_BYTES },
  'audio/flac': { schema: AUDIO_BYTES },
  'audio/ogg': { schema: AUDIO_BYTES },
  'audio/pcm': { schema: AUDIO_BYTES },
  'audio/aac': { schema: AUDIO_BYTES },
  'application/octet-stream': { schema: AUDIO_BYTES },
};

/** Stored audio as GET /tts/:id/audio answers it: whole (200) or one byte range (206). */
const AUDIO_HEADERS = {
  'Accept-Ranges': { type: 'string', description: 'Always "bytes": single ranges are served' },
  'Content-Length': { type: 'integer', description: 'Bytes in this response' },
  'Content-Disposition': { type: 'string', description: 'inline, with the file name <generation id>.<extension>' },
  'Cache-Control': { type: 'string', description: '"private, max-age=3600": the stored audio never changes' },
};

export const AudioResponses = {
  200: Type.Unsafe({ description: 'The whole file', content: AUDIO_CONTENT, headers: AUDIO_HEADERS }),
  206: Type.Unsafe({
    description: 'The requested byte range',
    content: AUDIO_CONTENT,
    headers: {
      ...AUDIO_HEADERS,
      'Content-Range': { type: 'string', description: 'bytes START-END/SIZE' },
    },
  }),
};

/** Content-Range on 416, naming the file's size. */
export const RANGE_NOT_SATISFIABLE_HEADERS = {
  'Content-Range': { type: 'string', description: 'bytes */SIZE' },
};
