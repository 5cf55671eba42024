import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { ffprobe } from '../helpers/audio.js';
import { ROOT } from '../helpers/process.js';

const run = promisify(execFile);

/**
 * The image from the repository's Containerfile, built with podman from Debian packages
 * (scripts/build-image.sh), run for real: health, the CLI inside, speech through the port, a stop
 * with a request in flight, and a restart that keeps every record and file. Skips, saying why, where
 * podman is missing (outside CI). docs/containers.md.
 */
const PODMAN = spawnSync('podman', ['--version']).status === 0;
const SKIP = PODMAN ? false : 'podman is not installed (Debian: podman buildah mmdebstrap uidmap fuse-overlayfs slirp4netns netavark runc)';
/** These VMs need podman settings of their own (runc, rlimits): the shared recipe's, where present. */
const SHARED_CONF = path.resolve(ROOT, '../shared/scripts/containers.conf');
const env = { ...process.env, ...(existsSync(SHARED_CONF) && !process.env['CONTAINERS_CONF'] ? { CONTAINERS_CONF: SHARED_CONF } : {}) };
const TAG = 'localhost/voicelib:test';
const NAME = `voicelib-test-${process.pid}`;
const VOLUME = `${NAME}-data`;

async function podman(...args: string[]): Promise<string> {
  const { stdout } = await run('podman', args, { env, maxBuffer: 1 << 24, timeout: 900_000 });
  return stdout.trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function healthy(url: string, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy within ${ms} ms: ${await podman('logs', '--tail', '30', NAME).catch(() => '')}`);
}

describe('the container image (podman)', { skip: SKIP }, () => {
  let url: string;
  let key: string;
  before(async () => {
    const built = await run('bash', [path.join(ROOT, 'scripts', 'build-image.sh'), TAG], { env, maxBuffer: 1 << 26, timeout: 1_800_000 });
    assert.equal(built.stdout.trim().split('\n').at(-1), TAG);
    await podman('volume', 'create', VOLUME);
    url = `http://127.0.0.1:${await freePort()}`;
  });
  after(async () => {
    await podman('rm', '--force', '--time', '0', NAME).catch(() => undefined);
    await podman('volume', 'rm', '--force', VOLUME).catch(() => undefined);
  });

  test('image: size reported, non-root, CLI on the PATH, ffmpeg and onnxruntime load', async (t) => {
    const bytes = Number(await podman('image', 'inspect', '--format', '{{.Size}}', TAG));
    t.diagnostic(`image size ${(bytes / 1e6).toFixed(0)} MB`);
    assert.ok(bytes > 100e6 && bytes < 1.5e9, `${bytes} bytes`);
    const inside = await podman('run', '--rm', '--entrypoint', 'sh', TAG, '-c',
      'id -u; command -v voicelib; ffmpeg -version | head -1; node -e "require(\'/app/node_modules/onnxruntime-node\'); console.log(\'onnxruntime ok\')"');
    const [uid, cli, ffmpeg, ort] = inside.split('\n');
    assert.notEqual(uid, '0', 'runs as a non-root user');
    assert.equal(cli, '/usr/local/bin/voicelib');
    assert.match(ffmpeg ?? '', /^ffmpeg version/);
    assert.equal(ort, 'onnxruntime ok');
  });

  test('runs: healthy, an account made with the CLI inside, speech through the port', async (t) => {
    const port = new URL(url).port;
    await podman('run', '-d', '--name', NAME, '-p', `127.0.0.1:${port}:8080`, '-v', `${VOLUME}:/data`,
      '-e', `PUBLIC_BASE_URL=${url}`, '-e', 'SHUTDOWN_TIMEOUT_MS=30000', TAG);
    const ms = await healthy(url, 120_000);
    t.diagnostic(`cold start to healthy: ${ms} ms`);
    const health = spawnSync('podman', ['healthcheck', 'run', NAME], { env });
    assert.equal(health.status, 0, `HEALTHCHECK: ${health.stderr}`);
    const account = JSON.parse(await podman('exec', NAME, 'voicelib', 'admin', 'account', 'create', '--plan', 'pro', '--points', '1000', '--json'));
    key = account.api_key;
    const voices = (await (await fetch(`${url}/api/v1/voices?language=en-US&limit=1`, { headers: { authorization: `Bearer ${key}` } })).json()) as any;
    const res = await fetch(`${url}/api/v1/tts/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello from inside the container.', voice: voices.voices[0].id, model: 'v-lite' }),
    });
    assert.equal(res.status, 200);
    const probe = await ffprobe(Buffer.from(await res.arrayBuffer()));
    assert.equal(probe.streams[0]?.codec_name, 'mp3');
  });

  test('stop with a request in flight exits 0, the ledger stays exact, and a restart keeps every record and file', async (t) => {
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const voice = ((await (await fetch(`${url}/api/v1/voices?language=en-US&limit=1`, { headers: auth })).json()) as any).voices[0].id;
    const before = ((await (await fetch(`${url}/api/v1/ping`, { headers: auth })).json()) as any).points as number;
    const long = Array.from({ length: 30 }, (_, i) => `Sentence ${i + 1} keeps the server busy while it is asked to stop.`).join(' ');
    const inFlight = fetch(`${url}/api/v1/tts`, { method: 'POST', headers: auth, body: JSON.stringify({ text: long, voice, model: 'v-pro' }) })
      .then(async (r): Promise<{ status: number; body: any }> => ({ status: r.status, body: await r.json() }))
      .catch((err: unknown): { status: number; body: any } => ({ status: 0, body: String(err) }));
    await new Promise((r) => setTimeout(r, 300));
    await podman('stop', '--time', '40', NAME);
    const code = await podman('inspect', '--format', '{{.State.ExitCode}}', NAME);
    assert.equal(code, '0', await podman('logs', '--tail', '20', NAME));
    const fate = await inFlight;
    t.diagnostic(`the in-flight request: ${fate.status} ${fate.status === 200 ? fate.body.id : JSON.stringify(fate.body).slice(0, 120)}`);

    await podman('start', NAME);
    await healthy(url, 120_000);
    const after = ((await (await fetch(`${url}/api/v1/ping`, { headers: auth })).json()) as any).points as number;
    const history = ((await (await fetch(`${url}/api/v1/tts?limit=100`, { headers: auth })).json()) as any).generations as Array<{ id: string; points_used: number; status: string }>;
    const charged = history.reduce((sum, g) => sum + g.points_used, 0);
    // The ledger: the first test's speech and, if it finished, the in-flight one; nothing else taken.
    assert.equal(after, 1000 - charged, `balance ${after}, records ${charged}`);
    if (fate.status === 200) assert.ok(history.some((g) => g.id === fate.body.id), 'a finished request is kept');
    else assert.equal(after, before, 'an unfinished request is refunded');
    for (const g of history) {
      const audio = await fetch(`${url}/api/v1/tts/${g.id}/audio`, { headers: auth });
      if (g.status === 'ready') assert.equal(audio.status, 200, `${g.id} audio after the restart`);
    }
  });
});
