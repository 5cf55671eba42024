/**
 * What the service's JSON-over-WebSocket endpoints share (`/api/v1/tts/ws`, ElevenLabs' stream-input):
 * reading a client frame as a JSON object, and closing a socket that has gone quiet. Each endpoint
 * words its own errors (its clients parse different shapes), so a bad frame comes back as the reason.
 */

/** Why a frame is not a JSON object: a binary frame, text that is not JSON, or JSON that is not an object. */
export type FrameProblem = 'binary' | 'not_json' | 'not_object';

/** A client frame as a JSON object, or why it is not one. */
export function readJsonFrame(data: Buffer, isBinary: boolean): Record<string, unknown> | FrameProblem {
  if (isBinary) return 'binary';
  let message: unknown;
  try {
    message = JSON.parse(data.toString('utf8'));
  } catch {
    return 'not_json';
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return 'not_object';
  return message as Record<string, unknown>;
}

/**
 * Calls `onIdle` once `ms` pass without a `touch`; `stop` cancels it. The timer never keeps the
 * process alive (a shutdown closes the sockets).
 */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {
    this.touch();
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onIdle, this.ms);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
