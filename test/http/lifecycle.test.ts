import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { nativeLame, nativeSoxr } from '../../src/audio/native-audio.js';
import { freshDatabase } from '../helpers/database.js';
import { startProcess } from '../helpers/process.js';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('process lifecycle', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  before(async () => {
    db = await freshDatabase();
  });
  after(() => db.drop());

  test('health endpoints, and SIGTERM finishes an in-flight request before exiting', async () => {
    const port = await freePort();
    const token = 'lifecycle-admin-token-123';
    const server = await startProcess(
      { DATABASE_URL: db.url, DATA_DIR: db.dir, ADMIN_TOKEN: token, LOG_LEVEL: 'info', ENGINE_WARMUP: 'false' },
      port,
    );
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 200);
    assert.equal(((await ready.json()) as any).ok, true);

    // Start a request, send half its body, then ask the server to stop.
    const body = JSON.stringify({ plan: 'pro', points: 3 });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (d) => (response += d));
    socket.write(
      `POST /admin/v1/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(server.exitCode, null, 'still running while a request is in flight');
    socket.write(body.slice(10));
    const code = await exited;
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    assert.match(response, /^HTTP\/1.1 201/, response);
    assert.match(response, /"api_key":"vl_/);
    assert.equal(code, 0);
    // Structured logs with request ids, and never a key.
    const lines = server
      .logs()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    assert.ok(lines.some((l) => l.reqId && l.msg === 'request completed'));
    assert.ok(lines.some((l) => /shutting down/.test(l.msg)));
    // The ready line names the resampler and MP3 encoder in use: native where this machine has them.
    const readyLine = lines.find((l) => l.msg === 'voicelib ready');
    const native = nativeSoxr() !== null && nativeLame() !== null;
    assert.deepEqual(
      readyLine?.audio,
      native
        ? { resampler: 'libsoxr', mp3: 'libmp3lame' }
        : { resampler: 'Speex (WebAssembly)', mp3: 'LAME in WebAssembly (ffmpeg if it cannot load)' },
    );
    assert.ok(!server.logs().includes(token), 'the admin token is not logged');
    assert.ok(!/vl_[0-9a-z]{12}_[0-9a-z]{40}/.test(server.logs()), 'no API key is logged');
  });
});
