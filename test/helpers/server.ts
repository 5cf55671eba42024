import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Container, buildContainer } from '../../src/container.js';
import { freshDatabase } from './database.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface Account {
  account_id: string;
  key_id: string;
  api_key: string;
}

export interface Response<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** The real server on 127.0.0.1 and an ephemeral port, with its own fresh database. */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  container: Container;
  dataDir: string;
  request<T = any>(method: string, path: string, options?: { key?: string | null; body?: unknown; raw?: string | Uint8Array; headers?: Record<string, string> }): Promise<Response<T>>;
  admin<T = any>(method: string, path: string, body?: unknown): Promise<Response<T>>;
  createAccount(plan?: string, points?: number): Promise<Account>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Reuse another server's database and data folder (restart tests); it is then not dropped. */
  reuse?: { databaseUrl: string; dataDir: string };
  /** The app's logger; silent unless a test wants to read what is logged. */
  logger?: AppOptions['logger'];
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const database = options.reuse
    ? { url: options.reuse.databaseUrl, dir: options.reuse.dataDir, drop: async () => undefined }
    : await freshDatabase();
  // The public base URL (hosted links) needs the real port, so pick a free one first.
  const port = await freePort();
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: database.dir,
    DATABASE_URL: database.url,
    ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    // Warming costs seconds of CPU per server; tests that speak pay one cold synthesis instead.
    ENGINE_WARMUP: 'false',
    ...env,
  });
  const container = await buildContainer(config);
  const app = await buildApp(container, { logger: options.logger ?? false });
  await app.listen({ host: '127.0.0.1', port });
  const url = `http://127.0.0.1:${port}`;
  await container.start();

  const request: TestServer['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers['authorization'] = `Bearer ${options.key}`;
    let body: string | Uint8Array | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetchReusingSafely(url + path, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await res.text();
    let parsed: unknown = text;
    // JSON (application/json, application/problem+json), not newline-delimited JSON.
    if (/[/+]json\s*(;|$)/.test(res.headers.get('content-type') ?? '') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as never, text };
  };

  return {
    url,
    app,
    container,
    dataDir: database.dir,
    request,
    admin: (method, path, body) =>
      request(method, `/admin/v1${path}`, { body, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
    async createAccount(plan = 'pro', points = 1000) {
      const res = await request('POST', '/admin/v1/accounts', {
        body: { plan, points },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      if (res.status !== 201) throw new Error(`createAccount failed: ${res.status} ${res.text}`);
      return res.body as Account;
    },
    async close() {
      await closeHttp(app);
      await container.close();
      await database.drop();
    },
  };
}

/**
 * `app.close()`, without waiting out the keep-alive timeout (72 s) of a client socket whose last
 * response was still being written when the close began: such a socket turns idle just after the one
 * sweep of idle connections the close makes, and the close then waits for it (a test that took 1 s
 * took 70 s in CI beside a busy neighbour). Idle sockets are swept again until the close is done;
 * requests in flight still finish.
 */
export async function closeHttp(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

/** An ephemeral port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * fetch, sent once more when a kept-alive connection was reset before any response came back: the
 * server closes sockets idle for its keep-alive timeout (72 s), and a test that computes for about
 * that long between two requests can hand its next request to a socket closing at that moment.
 * Nothing reached the server then, so sending again is what HTTP clients do for such a reset.
 */
async function fetchReusingSafely(url: string, init: RequestInit): Promise<globalThis.Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET' && code !== 'EPIPE') throw error;
    return fetch(url, init);
  }
}

/** A key's points balance, as GET /api/v1/ping reports it. */
export async function points(server: TestServer, key: string): Promise<number> {
  return (await server.request('GET', '/api/v1/ping', { key })).body.points;
}
