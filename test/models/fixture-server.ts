import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  url: string;
  range: string | undefined;
  status: number;
}

/**
 * A static file server on 127.0.0.1 with single-range support, recording every request. A file is
 * served from memory (a Buffer) or streamed from disk (a path), so real 90 MB weights need no copy
 * in memory.
 */
export class FixtureServer {
  readonly files = new Map<string, Buffer | string>();
  readonly requests: Served[] = [];
  ignoreRanges = false;
  private server = http.createServer((request, response) => this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = decodeURIComponent(request.url ?? '');
    const range = request.headers.range;
    const body = this.files.get(url);
    const send = (status: number, headers: Record<string, string | number>, data?: Buffer) => {
      this.requests.push({ url, range, status });
      response.writeHead(status, headers);
      response.end(data);
    };
    if (body === undefined) {
      send(404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
      return;
    }
    const length = typeof body === 'string' ? statSync(body).size : body.length;
    const match = range && !this.ignoreRanges ? /^bytes=(\d+)-$/.exec(range) : null;
    const start = match ? Number(match[1]) : null;
    if (start !== null && start >= length) {
      send(416, { 'content-range': `bytes */${length}` });
      return;
    }
    const from = start ?? 0;
    const headers: Record<string, string | number> =
      start === null
        ? { 'content-length': length, 'accept-ranges': 'bytes' }
        : { 'content-range': `bytes ${from}-${length - 1}/${length}`, 'content-length': length - from };
    const status = start === null ? 200 : 206;
    if (typeof body !== 'string') {
      send(status, headers, body.subarray(from));
      return;
    }
    this.requests.push({ url, range, status });
    response.writeHead(status, headers);
    createReadStream(body, { start: from }).pipe(response);
  }
}
