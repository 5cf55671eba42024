import type { FastifyRequest } from 'fastify';
import type { AppError } from '../errors.js';

/**
 * Errors on the ElevenLabs-compatible routes take ElevenLabs' shape,
 * `{ detail: { status, message } }` (what its SDKs and the agent frameworks report); the status
 * codes stay the native API's and `status` is the native snake_case code
 * (docs/elevenlabs-compatibility.md).
 */

/** Paths only the ElevenLabs-compatible surface serves under `/v1`. */
const ELEVENLABS_PATHS = /^\/v[12]\/(text-to-speech|voices|user|history)(\/|\?|$)/;

/**
 * True for an ElevenLabs path, and for any `/v1` request that authenticates the way its clients do
 * (`xi-api-key`): `GET /v1/models` is both OpenAI's and ElevenLabs', told apart by that header.
 */
export function isElevenLabsRequest(request: Pick<FastifyRequest, 'url' | 'headers'>): boolean {
  if (ELEVENLABS_PATHS.test(request.url)) return true;
  return request.url.startsWith('/v1') && typeof request.headers['xi-api-key'] === 'string';
}

export function elevenLabsErrorBody(error: AppError) {
  return {
    detail: {
      status: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      ...(error.retryable === undefined ? {} : { retryable: error.retryable }),
    },
  };
}
