import { parentPort } from 'node:worker_threads';
import { isAppError } from '../../../errors.js';
import type { PoolRequest, PoolResponse } from './worker-pool.js';

/** What a worker handler returns: the result plus the buffers to move (not copy) back. */
export interface HandlerOutput<Result> {
  result: Result;
  transfer?: ArrayBuffer[];
}

/**
 * Worker-thread side of `EngineWorkerPool`: handles requests strictly one at a time, in arrival
 * order (an engine instance is never entered twice), and turns thrown errors into error replies.
 * Errors that are not `AppError`s become retryable `provider_error`s naming the engine.
 */
export function serveWorkerRequests<Request, Result>(
  engineName: string,
  handle: (request: Request) => Promise<HandlerOutput<Result>> | HandlerOutput<Result>,
): void {
  const port = parentPort;
  if (port === null) throw new Error(`The ${engineName} worker must run in a worker thread`);
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (message: PoolRequest<Request>) => {
    queue = queue.then(async () => {
      let reply: PoolResponse<Result>;
      let transfer: ArrayBuffer[] = [];
      try {
        const output = await handle(message.request);
        reply = { id: message.id, ok: true, result: output.result };
        transfer = output.transfer ?? [];
      } catch (error) {
        reply = isAppError(error)
          ? {
              id: message.id,
              ok: false,
              code: error.code,
              message: error.message,
              retryable: error.retryable,
            }
          : {
              id: message.id,
              ok: false,
              code: 'provider_error',
              message: `${engineName} failed: ${error instanceof Error ? error.message : String(error)}`,
              retryable: true,
            };
      }
      port.postMessage(reply, transfer);
    });
  });
}
