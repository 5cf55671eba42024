import { Worker } from 'node:worker_threads';
import type { ClientReply, ClientRequest } from './http-client-worker.js';

/**
 * POSTs JSON from a worker thread and answers the wall time to the last body byte, as the client
 * measured it (see `http-client-worker.ts`). Requests may overlap; each is answered by id.
 */
export class ThreadClient {
  private readonly worker = new Worker(new URL('./http-client-worker.js', import.meta.url));
  private readonly waiting = new Map<number, (reply: ClientReply) => void>();
  private nextId = 1;

  constructor() {
    this.worker.on('message', (reply: ClientReply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  /** Milliseconds from sending to the last byte of a 200 answer; throws on anything else. */
  async post(url: string, key: string, body: unknown): Promise<number> {
    return (await this.postSized(url, key, body)).ms;
  }

  /** As `post`, with the answer's length in bytes. */
  async postSized(url: string, key: string, body: unknown): Promise<{ ms: number; bytes: number }> {
    const request: ClientRequest = {
      id: this.nextId++,
      url,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
    const reply = await new Promise<ClientReply>((resolve) => {
      this.waiting.set(request.id, resolve);
      this.worker.postMessage(request);
    });
    if (reply.status !== 200) throw new Error(`POST ${url} ${reply.status}: ${reply.error ?? ''}`);
    return { ms: reply.ms, bytes: reply.bytes };
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
