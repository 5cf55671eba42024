import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerApiAuth } from '../../src/http/plugins/auth.js';
import { registerErrorHandling } from '../../src/http/plugins/errors.js';
import { registerIdempotency } from '../../src/http/plugins/idempotency.js';
import { sharedSchemas } from '../../src/http/schemas.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * A streamed answer (as POST /tts/stream sends) through the real plugin, auth and database: the
 * routes here are test fixtures that stream bytes, since no streaming route exists on this branch.
 */
describe('Idempotency-Key on a streamed response', () => {
  let server: TestServer;
  let account: Account;
  let app: FastifyInstance;
  let url: string;
  let runs = 0;
  const chunks = [Buffer.from('ID3'), Buffer.alloc(70_000, 7), Buffer.from([0xff, 0xfb, 0x90, 0x00])];

  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount();
    // As the app builds Fastify: the shared schemas carry the project's own keywords (x-malformed).
    app = Fastify({ ajv: { customOptions: { strict: false } } });
    registerErrorHandling(app, () => []);
    for (const schema of sharedSchemas) app.addSchema(schema);
    await app.register(async (v1) => {
      registerApiAuth(v1, server.container);
      registerIdempotency(v1, server.container);
      v1.post('/stream', { config: { idempotent: true } }, async (_request, reply) => {
        runs++;
        reply.header('Content-Type', 'audio/mpeg').header('X-Generation-Id', `gen_${runs}`);
        return reply.send(Readable.from(chunks));
      });
      v1.post('/broken', { config: { idempotent: true } }, async (_request, reply) => {
        runs++;
        const source = new Readable({ read() {} });
        source.push(chunks[1]);
        setImmediate(() => source.destroy(new Error('engine died mid-stream')));
        return reply.header('Content-Type', 'audio/mpeg').send(source);
      });
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await app.close();
    await server.close();
  });

  const call = (path: string, key: string) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ text: 'hello' }),
    });

  test('the streamed bytes and their headers are replayed exactly; the handler ran once', async () => {
    const first = await call('/stream', 'stream-1');
    const firstBytes = Buffer.from(await first.arrayBuffer());
    assert.deepEqual(firstBytes, Buffer.concat(chunks));
    const replay = await call('/stream', 'stream-1');
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.headers.get('content-type'), 'audio/mpeg');
    assert.equal(replay.headers.get('x-generation-id'), first.headers.get('x-generation-id'));
    assert.deepEqual(Buffer.from(await replay.arrayBuffer()), firstBytes);
    assert.equal(runs, 1);
    const row = await server.container.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'stream-1').executeTakeFirstOrThrow();
    assert.equal(row.response_encoding, 'base64', 'binary bodies are kept as base64 text');
  });

  test('a stream cut short frees its key, so the retry runs', async () => {
    runs = 0;
    const broken = await call('/broken', 'stream-2').then((res) => res.arrayBuffer()).then(() => 'completed', () => 'cut');
    assert.equal(broken, 'cut');
    // The key is freed once the server has torn the stream down; poll the database for it.
    const db = server.container.database.db;
    for (let i = 0; (await db.selectFrom('idempotency_keys').select('key').where('key', '=', 'stream-2').execute()).length > 0; i++) {
      if (i > 400) throw new Error('the key was never freed');
      await new Promise((r) => setTimeout(r, 25));
    }
    // The row is gone once its delete commits; the key is free for a request once that delete is
    // on disk too (the WAL synced off the event loop, docs/reliability.md F13). Until then a retry
    // is refused with 409 idempotency_key_in_use, which a client retries.
    for (let i = 0; ; i++) {
      const retry = await call('/broken', 'stream-2');
      await retry.arrayBuffer().catch(() => undefined);
      if (retry.status !== 409) break;
      if (i > 400) throw new Error('the key stayed in use');
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(runs, 2, 'the retry ran instead of being refused or replayed');
  });
});
