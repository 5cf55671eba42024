import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

interface Outcome {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** Body bytes the client had written when the server closed (it never stops on its own). */
  sent: number;
}

/**
 * Sends a request whose body trickles in one byte at a time, every 50 ms, and never ends
 * (Content-Length promises far more). Resolves when the server closes the connection; nothing
 * here closes it, so a server that waits for the body forever fails the test by never resolving.
 */
function slowBody(url: string, headers: Record<string, string>): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      const lines = Object.entries({ host: `${hostname}:${port}`, 'content-type': 'application/json', 'content-length': '100000', ...headers });
      socket.write(`POST /api/v1/tts HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n{`);
      timer = setInterval(() => {
        if (socket.writable) {
          socket.write(' ');
          sent += 1;
        }
      }, 50);
    });
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    // A reset after the answer (writing into a closed socket) counts as closing, like an end.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ received, sent });
    });
  });
}

function status(received: string): number {
  return Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? 0);
}

function body(received: string): { error?: { code?: string; message?: string } } {
  return JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as never;
}

/** F5: a slow request body no longer holds a connection open (docs/reliability.md). */
describe('slow request bodies', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    // Small enough that the test waits a second, not the default two minutes.
    server = await startServer({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 1000);
  });
  after(() => server.close());

  test('a 401 given before the body arrived closes the connection', async () => {
    const outcome = await slowBody(server.url, {});
    assert.equal(status(outcome.received), 401, outcome.received);
    assert.match(outcome.received, /\r\nconnection: close\r\n/i);
    assert.equal(body(outcome.received).error?.code, 'unauthorized');
  });

  test('a 413 for a declared length over the limit closes the connection', async () => {
    const outcome = await slowBody(server.url, { authorization: `Bearer ${account.api_key}`, 'content-length': '999999999' });
    assert.equal(status(outcome.received), 413, outcome.received);
    assert.match(outcome.received, /\r\nconnection: close\r\n/i);
    assert.equal(body(outcome.received).error?.code, 'payload_too_large');
  });

  test('an authorized body too slow to arrive within REQUEST_TIMEOUT_MS gets 408 and a closed connection', async () => {
    const outcome = await slowBody(server.url, { authorization: `Bearer ${account.api_key}` });
    assert.equal(status(outcome.received), 408, outcome.received);
    assert.equal(body(outcome.received).error?.code, 'request_timeout');
    assert.ok(outcome.sent > 0, 'the body had started to arrive');
  });

  test('headers that never finish get 408 and a closed connection', async () => {
    const { hostname, port } = new URL(server.url);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      let data = '';
      socket.on('connect', () => socket.write(`GET /api/v1/ping HTTP/1.1\r\nhost: ${hostname}\r\nx-slow: `));
      socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(data));
    });
    assert.equal(status(received), 408, received);
    assert.equal(body(received).error?.code, 'request_timeout');
  });

  test('a quick request on the same server still keeps its connection alive', async () => {
    const res = await server.request('GET', '/api/v1/ping', { key: account.api_key });
    assert.equal(res.status, 200);
    assert.notEqual(res.headers.get('connection'), 'close');
  });
});
