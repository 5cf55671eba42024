import { Piscina } from 'piscina';
import { AppError, type ErrorCode, isAppError } from '../errors.js';

/** What a worker handler returns: the result plus the buffers to move (not copy) back. */
export interface HandlerOutput<Result> {
  result: Result;
  transfer?: ArrayBuffer[];
}

/**
 * A worker's answer to one request. Errors travel as data: piscina passes a thrown error through a
 * structured clone, which keeps its message but not an `AppError`'s code or `retryable`.
 */
export type TaskReply<Result> = { ok: true; result: Result } | FailureReply;

/** An error sent between threads as data. */
export interface FailureReply {
  ok: false;
  code: ErrorCode;
  message: string;
  retryable: boolean | undefined;
}

/**
 * An error as data for another thread: an `AppError` keeps its code and `retryable`; anything else
 * becomes a retryable `provider_error` naming `engineName`.
 */
export function failureReply(error: unknown, engineName: string): FailureReply {
  if (isAppError(error)) return { ok: false, code: error.code, message: error.message, retryable: error.retryable };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, code: 'provider_error', message: `${engineName} failed: ${message}`, retryable: true };
}

/** The `AppError` a `FailureReply` carries, rebuilt on the receiving thread. */
export function errorOf(reply: FailureReply): AppError {
  return new AppError(reply.code, reply.message, { retryable: reply.retryable });
}

/**
 * Worker-thread side of `WorkerPool`: the piscina task function a worker module exports as its
 * default. piscina gives each worker one request at a time (`concurrentTasksPerWorker: 1`), so an
 * engine instance is never entered twice. Errors that are not `AppError`s become retryable
 * `provider_error`s naming the engine.
 *
 * @example
 * export default serveWorkerRequests('Piper', async (request) => ({ result: await run(request) }));
 */
export function serveWorkerRequests<Request, Result>(
  engineName: string,
  handle: (request: Request) => Promise<HandlerOutput<Result>> | HandlerOutput<Result>,
): (request: Request) => Promise<TaskReply<Result>> {
  if (!Piscina.isWorkerThread) throw new Error(`The ${engineName} worker must run in a piscina worker`);
  return async (request) => {
    try {
      const output = await handle(request);
      const reply: TaskReply<Result> = { ok: true, result: output.result };
      const transfer = output.transfer ?? [];
      if (transfer.length === 0) return reply;
      // piscina moves what a "transferable" lists instead of copying it (the audio samples).
      const movable = { [Piscina.transferableSymbol]: transfer, [Piscina.valueSymbol]: reply };
      return Piscina.move(movable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as TaskReply<Result>;
    } catch (error) {
      return failureReply(error, engineName);
    }
  };
}
