import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type } from 'typebox';

/**
 * Response headers in the OpenAPI document. Headers that every route sends, or every
 * authenticated route, are added here once (an `onRoute` hook) instead of in each route's
 * schema; @fastify/swagger moves a response schema's `headers` into the operation's response.
 */

type HeaderSchema = { type: 'string' | 'integer'; description: string };

const REQUEST_ID: Record<string, HeaderSchema> = {
  'X-Request-Id': { type: 'string', description: "The request's id in the server logs (the caller's own safe X-Request-Id is kept)" },
};

const RATE_LIMIT: Record<string, HeaderSchema> = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests allowed per minute for this key' },
  'RateLimit-Remaining': { type: 'integer', description: 'Requests left in the current minute' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the minute window resets' },
};

const VOICE_RATE_LIMIT: Record<string, HeaderSchema> = {
  'X-Voice-RateLimit-Limit': { type: 'integer', description: 'Clone and design calls allowed per hour for this key' },
  'X-Voice-RateLimit-Remaining': { type: 'integer', description: 'Clone and design calls left this hour' },
  'X-Voice-RateLimit-Reset': { type: 'integer', description: 'Seconds until the hourly window resets' },
};

const RETRY_AFTER: Record<string, HeaderSchema> = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' },
};

/** Statuses answered before the key is known, so without the rate-limit headers. */
const BEFORE_RATE_LIMIT = new Set(['401', '403']);

function headersFor(route: RouteOptions, status: string): Record<string, HeaderSchema> {
  const config = (route.config ?? {}) as { public?: boolean; voiceCreation?: boolean };
  const authenticated = route.url.startsWith('/api/v1/') && !config.public;
  const counted = authenticated && !BEFORE_RATE_LIMIT.has(status);
  return {
    ...REQUEST_ID,
    ...(counted ? RATE_LIMIT : {}),
    ...(counted && config.voiceCreation ? VOICE_RATE_LIMIT : {}),
    ...(status === '429' || status === '503' ? RETRY_AFTER : {}),
  };
}

/** Registers the hook; call before any route is registered. */
export function documentResponseHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, object> } | undefined;
    if (!schema?.response || schema.hide) return;
    const response: Record<string, object> = {};
    for (const [status, body] of Object.entries(schema.response)) {
      const own = (body as { headers?: Record<string, HeaderSchema> }).headers ?? {};
      response[status] = { ...body, headers: { ...headersFor(route, status), ...own } };
    }
    route.schema = { ...schema, response };
  });
}

/** Stored audio as GET /tts/:id/audio answers it: whole (200) or one byte range (206). */
const AUDIO_BYTES = { type: 'string', format: 'binary' } as const;
const AUDIO_CONTENT = {
  'audio/mpeg': { schema: AUDIO_BYTES },
  'audio/wav': { schema: AUDIO_BYTES },
  'audio/flac': { schema: AUDIO_BYTES },
  'audio/ogg': { schema: AUDIO_BYTES },
  'application/octet-stream': { schema: AUDIO_BYTES },
};
const AUDIO_HEADERS = {
  'Accept-Ranges': { type: 'string', description: 'Always "bytes": single ranges are served' },
  'Content-Length': { type: 'integer', description: 'Bytes in this response' },
  'Content-Disposition': { type: 'string', description: 'inline, with the file name <generation id>.<extension>' },
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
