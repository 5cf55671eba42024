import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, isAppError } from '../../errors.js';
import { elevenLabsErrorBody, isElevenLabsRequest } from '../elevenlabs-errors.js';
import { isOpenAiPath, openAiErrorBody } from '../openai-errors.js';
import { validationToAppError } from '../validation.js';

/** The wire shape of every failure. */
export function errorBody(error: AppError) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.retryable === undefined ? {} : { retryable: error.retryable }),
    },
  };
}

/**
 * Sends an error in the contract's shape, or in ElevenLabs' or OpenAI's on the compatible `/v1/...`
 * routes (ElevenLabs' paths, and any request carrying its `xi-api-key` header; OpenAI's otherwise).
 */
export function sendError(reply: FastifyReply, error: AppError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const request = reply.request;
  const body = isElevenLabsRequest(request)
    ? elevenLabsErrorBody(error)
    : isOpenAiPath(request.url)
      ? openAiErrorBody(error)
      : errorBody(error);
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/** A code for a status Fastify gave an error we have no specific mapping for. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  417: 'expectation_failed',
  431: 'headers_too_large',
  503: 'service_unavailable',
};

/** Fastify's own client-side errors (FST_ERR_* with a 4xx/503 status) → a stable code. */
export function fromStatus(error: FastifyError): AppError | null {
  const status = error.statusCode;
  if (status === undefined || !(error.code ?? '').startsWith('FST_ERR')) return null;
  const code = CODE_BY_STATUS[status] ?? (status < 500 ? 'bad_request' : null);
  return code ? new AppError(code, `The request could not be handled (${error.code})`) : null;
}

/** Maps Fastify's own errors (parsing, body size, media type) onto the contract's codes. */
function fromFastify(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_json', 'The request body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_json', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Send the body as application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('bad_request', 'Content-Length does not match the body');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return new AppError('invalid_json', 'The request body is not valid JSON');
  }
  if (error.statusCode === 413) return new AppError('payload_too_large', 'The request body is too large');
  if (error.statusCode === 415) return new AppError('unsupported_media_type', 'Send the body as application/json');
  return fromStatus(error);
}

/**
 * One error handler for the whole app: AppErrors render as they are, validation and parser
 * errors are translated, and anything else becomes a 500 whose details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance, allowedMethods: (url: string) => string[]) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let appError: AppError | null = null;
    // A request no route takes is a 405 (or 404) whatever its body, even when Fastify fails it
    // before the not-found handler runs: it asks a QUERY request for a Content-Type, parses its
    // JSON body, or (Node 20.19, whose router lists no QUERY) throws FST_ERR_NOT_FOUND. Found by
    // Schemathesis.
    if (request.is404 && !isAppError(error) && error.code?.startsWith('FST_')) {
      return sendError(reply, unrouted(request, allowedMethods));
    }
    if (isAppError(error)) appError = error;
    else if (error.validation) appError = validationToAppError(error.validation as never, error.validationContext ?? 'body');
    else appError = fromFastify(error);

    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('internal_error', 'Something went wrong on our side; the request id identifies it');
    } else if (appError.status >= 500) {
      request.log.error({ err: error, cause: appError.cause }, appError.message);
    }
    return sendError(reply, appError);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => sendError(reply, unrouted(request, allowedMethods)));
}

/** No route took the request: 405 with `Allow` when the path has other methods, else 404. */
function unrouted(request: FastifyRequest, allowedMethods: (url: string) => string[]): AppError {
  const path = request.url.split('?')[0] ?? '/';
  const allowed = allowedMethods(path);
  if (allowed.length > 0) {
    return new AppError('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
  return new AppError('not_found', `No route ${request.method} ${path}`);
}

/** Remembers every route's pattern so an unmatched request can be told 405 instead of 404. */
export function routeTable(app: FastifyInstance) {
  const routes: Array<{ pattern: RegExp; methods: Set<string>; literal: boolean }> = [];
  app.addHook('onRoute', (route) => {
    const source = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const pattern = new RegExp(`^${source}/?$`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const existing = routes.find((r) => r.pattern.source === pattern.source);
    const set = existing?.methods ?? new Set<string>();
    for (const m of methods) if (m !== 'HEAD') set.add(m);
    if (!existing) routes.push({ pattern, methods: set, literal: !route.url.includes(':') });
  });
  // A path that is a route of its own (`/voices/designs/previews`) is that resource, as the
  // OpenAPI document says, not also an instance of a parametric one (`/voices/designs/:voiceId`).
  return (path: string): string[] => {
    const matching = routes.filter((r) => r.pattern.test(path));
    const literal = matching.filter((r) => r.literal);
    const methods = new Set<string>();
    for (const r of literal.length > 0 ? literal : matching) for (const m of r.methods) methods.add(m);
    return [...methods].sort();
  };
}
