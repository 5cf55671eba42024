/**
 * The one error type of the service. Domain code throws `new AppError('clone_limit', '...')`;
 * the HTTP layer renders `{ error: { code, message } }` with the status from `STATUS_BY_CODE`.
 */
export const STATUS_BY_CODE = {
  // 400
  invalid_json: 400,
  bad_request: 400,
  missing_field: 400,
  missing_text: 400,
  missing_voice: 400,
  missing_name: 400,
  missing_prompt: 400,
  missing_samples: 400,
  missing_preview_id: 400,
  missing_language: 400,
  invalid_sample: 400,
  unreadable_audio: 400,
  invalid_cursor: 400,
  // 401 / 402 / 403
  unauthorized: 401,
  insufficient_points: 402,
  forbidden: 403,
  // 404 / 405
  not_found: 404,
  voice_not_found: 404,
  preview_not_found: 404,
  method_not_allowed: 405,
  // 408 / 414 / 417 / 431: framing problems Node or Fastify catch before a route runs
  request_timeout: 408,
  uri_too_long: 414,
  expectation_failed: 417,
  headers_too_large: 431,
  // 409
  conflict: 409,
  audio_not_ready: 409,
  captions_unavailable: 409,
  clone_limit: 409,
  design_limit: 409,
  idempotency_key_in_use: 409,
  // 410
  preview_expired: 410,
  // 413
  payload_too_large: 413,
  text_too_long: 413,
  preview_text_too_long: 413,
  sample_too_large: 413,
  // 415 / 416
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  // 422
  validation_error: 422,
  unknown_model: 422,
  unsupported_language: 422,
  unsupported_control: 422,
  invalid_break_tag: 422,
  idempotency_key_reused: 422,
  // 429
  rate_limited: 429,
  // 5xx
  internal_error: 500,
  not_implemented: 501,
  provider_error: 502,
  service_unavailable: 503,
  queue_full: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export interface AppErrorOptions {
  /** Only for 502 `provider_error`: whether the same request may succeed if retried. */
  retryable?: boolean;
  /** Extra response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  cause?: unknown;
  /** The request field at fault (`speed`, `voice`), when one is; OpenAI-shaped errors report it as `param`. */
  param?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean | undefined;
  readonly headers: Record<string, string>;
  readonly param: string | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.retryable = options.retryable;
    this.headers = options.headers ?? {};
    this.param = options.param;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
