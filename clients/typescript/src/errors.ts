/**
 * A failed API call: the API's `{ error: { code, message } }` with the HTTP status. `code` is the
 * stable snake_case code to branch on (`insufficient_points`, `voice_not_found`, `rate_limited`...).
 * Network failures keep their own error type; a non-JSON answer (a proxy's page) gets the code
 * `http_<status>`.
 */
export class VoicelibError extends Error {
  override readonly name = 'VoicelibError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The server's X-Request-Id for this call, to quote when asking for help. */
    readonly requestId: string | null = null,
    /** Seconds the server asked to wait (Retry-After on 429 and 503). */
    readonly retryAfterSeconds: number | null = null,
    /** Only on 502: whether the server thinks retrying may succeed. */
    readonly retryable?: boolean,
  ) {
    super(message);
  }

  /** Reads a failed response's body (once) into an error. */
  static async fromResponse(response: Response, parsedBody?: unknown): Promise<VoicelibError> {
    let body = parsedBody;
    if (body === undefined) {
      const text = await response.text().catch(() => '');
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const error = (body as { error?: { code?: unknown; message?: unknown; retryable?: unknown } } | null)?.error;
    const retryAfter = Number(response.headers.get('retry-after'));
    const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
    const message =
      typeof error?.message === 'string'
        ? error.message
        : `HTTP ${response.status} ${response.statusText}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`;
    return new VoicelibError(
      response.status,
      code,
      message,
      response.headers.get('x-request-id'),
      Number.isFinite(retryAfter) && response.headers.has('retry-after') ? retryAfter : null,
      typeof error?.retryable === 'boolean' ? error.retryable : undefined,
    );
  }
}
