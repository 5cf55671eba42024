import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { randomToken } from '../../ids.js';
import { isOpenAiPath, openAiErrorBody } from '../openai-errors.js';
import { errorBody, fromStatus, sendError } from './errors.js';

/**
 * Longest request line (method + URL + version) we answer with anything but 414, in bytes.
 * Node's parser counts the URL against its 16 KiB header budget; past this we say "URI too
 * long" rather than "headers too large", because that is what the client got wrong.
 */
export const MAX_URL_BYTES = 8 * 1024;

/**
 * `frameworkErrors`: errors Fastify finds while routing, before any hook runs (a URL that is
 * not valid percent-encoding, a path parameter over `maxParamLength`). Our `onRequest` hook has
 * not run, so the request id header is set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('X-Request-Id', request.id);
  let appError: AppError;
  if (error.code === 'FST_ERR_BAD_URL') {
    appError = new AppError('bad_request', 'The URL is not valid percent-encoding');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    appError = new AppError('uri_too_long', 'A path segment of the URL is too long');
  } else {
    request.log.error({ code: error.code }, 'framework error');
    appError = fromStatus(error) ?? new AppError('internal_error', 'Something went wrong on our side');
  }
  return sendError(reply, appError);
}

function rawResponse(error: AppError, requestId: string, close: boolean, openAi = false): string {
  const body = JSON.stringify(openAi ? openAiErrorBody(error) : errorBody(error));
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    (close ? 'Connection: close\r\n' : '') +
    `\r\n${body}`
  );
}

/** Whether a header overflow is really an overlong request line (the URL), from the bytes read. */
function isLongRequestLine(raw: Buffer | undefined): boolean {
  if (!raw || !/^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'))) return false;
  const end = raw.indexOf('\r\n');
  return end === -1 ? raw.length > MAX_URL_BYTES : end > MAX_URL_BYTES;
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser rejected the bytes before there was a
 * request (headers over `maxHeaderSize`, a URL too long for it, garbage, a header timeout).
 * The connection cannot carry another request after a framing error, so it is closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let error: AppError;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    error = new AppError('request_timeout', 'The request was not received in time');
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    error = isLongRequestLine(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined)
      ? new AppError('uri_too_long', `The URL is too long; keep it under ${MAX_URL_BYTES} bytes`)
      : new AppError('headers_too_large', 'The request headers are too large');
  } else {
    error = new AppError('bad_request', 'The request is not valid HTTP');
  }
  // Only the code: the raw packet can hold a hosted link's token or an API key.
  this.log.debug({ code: err.code, status: error.status }, 'client error');
  // The request line, when it was read, says whether the client spoke to the OpenAI-compatible routes.
  const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 64).toString('latin1') : '';
  const target = /^[A-Z]+ (\S+)/.exec(raw)?.[1] ?? '';
  if (socket.writable) socket.write(rawResponse(error, `req_${randomToken(16)}`, true, isOpenAiPath(target)));
  socket.destroy();
}

/** Node answers an `Expect` it cannot meet with a bare 417; this gives it our body. */
export function onCheckExpectation(req: IncomingMessage, res: ServerResponse) {
  const error = new AppError('expectation_failed', 'Only "Expect: 100-continue" is supported');
  const body = JSON.stringify(isOpenAiPath(req.url ?? '') ? openAiErrorBody(error) : errorBody(error));
  res.writeHead(417, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': `req_${randomToken(16)}`,
    Connection: 'close',
  });
  res.end(body);
}
