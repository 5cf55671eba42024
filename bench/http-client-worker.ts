import { parentPort } from 'node:worker_threads';

/**
 * A benchmark's HTTP client on a thread of its own: a request is sent, its whole body read as bytes
 * (never decoded or parsed: that is the client's cost, not the service's) and timed here, so
 * none of the client's work runs on the server's event loop.
 */

export interface ClientRequest {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface ClientReply {
  id: number;
  status: number;
  ms: number;
  bytes: number;
  /** The first 200 characters of a non-200 body. */
  error?: string;
}

const port = parentPort;
if (port === null) throw new Error('http-client-worker.js must run in a worker thread');

port.on('message', async (request: ClientRequest) => {
  const started = performance.now();
  try {
    const res = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
    const body = new Uint8Array(await res.arrayBuffer());
    const ms = performance.now() - started;
    const reply: ClientReply = { id: request.id, status: res.status, ms, bytes: body.length };
    if (res.status !== 200) reply.error = Buffer.from(body.subarray(0, 200)).toString('utf8');
    port.postMessage(reply);
  } catch (error) {
    port.postMessage({ id: request.id, status: 0, ms: performance.now() - started, bytes: 0, error: String(error) } satisfies ClientReply);
  }
});
