import type { AppError, ErrorCode } from '../errors.js';

/**
 * Errors on the OpenAI-compatible routes (`/v1/...`) take OpenAI's shape,
 * `{ error: { message, type, param, code } }`, so OpenAI's clients raise their typed errors; the
 * status codes stay the native API's. `code` is the native snake_case code.
 */

/** Paths served in OpenAI's shape: `/v1` and everything under it (not `/api/v1`). */
export function isOpenAiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** OpenAI's error `type` for a status: its families, as its API and clients name them. */
function typeFor(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** The field a domain error is about, when the error itself does not say (names as on /v1/audio/speech). */
const PARAM_BY_CODE: Partial<Record<ErrorCode, string>> = {
  missing_text: 'input',
  text_too_long: 'input',
  invalid_break_tag: 'input',
  missing_voice: 'voice',
  voice_not_found: 'voice',
  unknown_model: 'model',
  unsupported_control: 'instructions',
};

export function openAiErrorBody(error: AppError) {
  return {
    error: {
      message: error.message,
      type: typeFor(error.status),
      param: error.param ?? PARAM_BY_CODE[error.code] ?? null,
      code: error.code,
      ...(error.retryable === undefined ? {} : { retryable: error.retryable }),
    },
  };
}
