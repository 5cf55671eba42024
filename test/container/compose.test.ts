import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { ffprobe } from '../helpers/audio.js';
import { ROOT } from '../helpers/process.js';
import { PODMAN_ENV, PODMAN_SKIP, podman, readmeContainerCommands } from '../helpers/podman.js';
import { freePort } from '../helpers/server.js';
import { healthz } from '../helpers/wait.js';

const run = promisify(execFile);

/**
 * compose.yaml brought up for real with podman-compose, as README's "Containers" section says:
 * PostgreSQL and Redis (an image made from Debian's packages, scripts/build-stack-images.sh: no
 * registry is reachable here), a one-shot migration, the api and worker roles of the image
 * scripts/build-image.sh builds from the repository's Containerfile. The README's stack commands are
 * run as written (with this test's project name, port and images). Speech through the API port; a
 * worker killed mid-job and started again finishes the job; more workers; a stop with a request in
 * flight keeps the ledger exact, and the stack comes back with every record and audio file.
 * Skips, saying why, where podman or podman-compose is missing (outside CI). docs/containers.md.
 */
const COMPOSE = spawnSync('podman-compose', ['version']).status === 0;
const SKIP = PODMAN_SKIP || (COMPOSE ? false : 'podman-compose is not installed (Debian: podman-compose)');
const IMAGE = 'localhost/voicelib:test';
const PROJECT = `vlcompose${process.pid}`;

/** README's stack commands: its `podman-compose` lines (with any VAR=value before them). */
function readmeStackCommands(): string[][] {
  const commands = readmeContainerCommands().filter((words) => words[words.findIndex((w) => !/^\w+=/.test(w))] === 'podman-compose');
  assert.ok(commands.some((w) => w.join(' ') === 'podman-compose up -d'), 'README "Containers" has the stack commands (podman-compose up -d)');
  return commands;
}

describe('the compose stack (podman-compose)', { skip: SKIP }, () => {
  let env: NodeJS.ProcessEnv = PODMAN_ENV;
  let url: string;
  let key: string;
  let voice: string;
  const commands = COMPOSE ? readmeStackCommands() : [];
  const container = (service: string, n = 1) => `${PROJECT}_${service}_${n}`;

  /** A README line, run in the repository with this test's project name. */
  async function readme(pattern: RegExp): Promise<string> {
    const words = commands.find((c) => pattern.test(c.join(' ')));
    assert.ok(words, `README's stack commands include ${pattern}`);
    const assignments = Object.fromEntries(words.filter((w) => /^\w+=/.test(w)).map((w) => w.split('=', 2) as [string, string]));
    const args = words.slice(words.indexOf('podman-compose') + 1);
    const { stdout } = await run('podman-compose', ['-p', PROJECT, ...args], {
      cwd: ROOT,
      env: { ...env, ...assignments },
      maxBuffer: 1 << 24,
      timeout: 600_000,
    });
    return stdout;
  }

  const healthy = (ms: number) => healthz(url, ms, () => podman('logs', '--tail', '30', container('api')));

  const auth = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
  const balance = async () => ((await (await fetch(`${url}/api/v1/ping`, { headers: auth() })).json()) as { points: number }).points;
  const long = (what: string, sentences = 30) =>
    Array.from({ length: sentences }, (_, i) => `Sentence ${i + 1} keeps the ${what} busy for a while.`).join(' ');
  const speak = (text: string) =>
    fetch(`${url}/api/v1/tts`, { method: 'POST', headers: auth(), body: JSON.stringify({ text, voice, model: 'v-pro' }) })
      .then(async (r): Promise<{ status: number; body: any }> => ({ status: r.status, body: await r.json() }))
      .catch((err: unknown): { status: number; body: any } => ({ status: 0, body: String(err) }));

  before(async () => {
    const built = await run('bash', [path.join(ROOT, 'scripts', 'build-image.sh'), IMAGE], { env, maxBuffer: 1 << 26, timeout: 1_800_000 });
    assert.equal(built.stdout.trim().split('\n').at(-1), IMAGE);
    const stack = (await run('bash', [path.join(ROOT, 'scripts', 'build-stack-images.sh')], { env, maxBuffer: 1 << 26, timeout: 900_000 })).stdout.trim();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      ...env,
      VOICELIB_IMAGE: IMAGE,
      POSTGRES_IMAGE: stack,
      REDIS_IMAGE: stack,
      VOICELIB_PORT: String(port),
      PUBLIC_BASE_URL: url,
    };
  });
  after(async () => {
    await run('podman-compose', ['-p', PROJECT, 'down', '-v'], { cwd: ROOT, env, timeout: 300_000 }).catch(() => undefined);
    for (const volume of ['postgres', 'redis', 'data', 'models']) await podman('volume', 'rm', '--force', `${PROJECT}_${volume}`).catch(() => undefined);
    await podman('network', 'rm', '--force', `${PROJECT}_default`).catch(() => undefined);
  });

  test("README's `up -d`: migration once, then the api answers; an account made with the CLI inside; speech through the port", async (t) => {
    await readme(/ up -d$/);
    t.diagnostic(`up to healthy: ${await healthy(240_000)} ms`);
    assert.equal(await podman('inspect', '--format', '{{.State.ExitCode}}', container('migrate')), '0', 'the one-shot migration succeeded');
    const made = await readme(/exec api voicelib admin account create/);
    key = /api_key:\s*(\S+)/.exec(made)?.[1] ?? '';
    assert.match(key, /\S{20,}/, made);
    const voices = (await (await fetch(`${url}/api/v1/voices?language=en-US&limit=1`, { headers: auth() })).json()) as any;
    voice = voices.voices[0].id;
    const res = await fetch(`${url}/api/v1/tts/stream`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ text: 'Hello from the compose stack.', voice, model: 'v-lite' }),
    });
    assert.equal(res.status, 200);
    assert.equal((await ffprobe(Buffer.from(await res.arrayBuffer()))).streams[0]?.codec_name, 'mp3');
  });

  test('a worker killed mid-job: the job is finished by the worker started again, and charged once', async (t) => {
    const before = await balance();
    const logsBefore = await podman('logs', container('worker'));
    const started = logsBefore.split('\n').filter((l) => l.includes('speech job started')).length;
    const asked = speak(long('worker'));
    // Killed once it has the job (its log says so), not before.
    const deadline = Date.now() + 60_000;
    while ((await podman('logs', container('worker'))).split('\n').filter((l) => l.includes('speech job started')).length === started) {
      assert.ok(Date.now() < deadline, 'the worker never started the job');
      await new Promise((r) => setTimeout(r, 100));
    }
    await podman('kill', container('worker'));
    await podman('start', container('worker'));
    const answer = await asked;
    assert.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 200));
    const logs = await podman('logs', container('worker'));
    assert.ok(logs.includes('speech job finished'), 'the restarted worker finished it');
    assert.ok(answer.body.points_used > 0);
    assert.equal(await balance(), before - answer.body.points_used, 'charged once');
    // The answer comes with its audio; the hosted copy is ready moments later.
    let record: any;
    for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
      record = await (await fetch(`${url}/api/v1/tts/${answer.body.id}`, { headers: auth() })).json();
      if (record.status !== 'pending') break;
    }
    assert.equal(record.status, 'ready');
    const audio = await fetch(`${url}/api/v1/tts/${answer.body.id}/audio`, { headers: auth() });
    assert.equal(audio.status, 200);
    t.diagnostic(`the killed worker's job: ${answer.body.id}, ${answer.body.points_used} points`);
  });

  test("README's WORKERS=3: three workers share the queue", async () => {
    await readme(/^WORKERS=\d+ podman-compose up -d$/);
    for (const n of [1, 2, 3]) {
      assert.equal(await podman('inspect', '--format', '{{.State.Running}}', container('worker', n)), 'true', `worker ${n}`);
    }
    const answers = await Promise.all(['one', 'two', 'three'].map((w) => speak(`A request for worker ${w}.`)));
    for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body).slice(0, 200));
  });

  test("README's stop with a request in flight exits 0 everywhere, the ledger stays exact, and `up -d` brings back every record and file", async (t) => {
    const initial = 100_000;
    const before = await balance();
    // Short enough to finish within the stop's grace on a busy 2-core machine.
    const inFlight = speak(long('stack', 8));
    await new Promise((r) => setTimeout(r, 500));
    await readme(/ stop -t \d+$/);
    for (const name of [container('api'), container('worker', 1), container('worker', 2), container('worker', 3)]) {
      const code = await podman('inspect', '--format', '{{.State.ExitCode}}', name);
      assert.equal(code, '0', `${name}: ${await podman('logs', '--tail', '20', name)}`);
    }
    const fate = await inFlight;
    t.diagnostic(`the in-flight request: ${fate.status} ${fate.status === 200 ? fate.body.id : JSON.stringify(fate.body).slice(0, 120)}`);

    await readme(/ up -d$/);
    await healthy(240_000);
    const after = await balance();
    const history = ((await (await fetch(`${url}/api/v1/tts?limit=100`, { headers: auth() })).json()) as any).generations as Array<{
      id: string;
      points_used: number;
      status: string;
    }>;
    const charged = history.reduce((sum, g) => sum + g.points_used, 0);
    assert.equal(after, initial - charged, `balance ${after}, records ${charged}`);
    if (fate.status === 200) assert.ok(history.some((g) => g.id === fate.body.id), 'a finished request is kept');
    else assert.equal(after, before, 'an unfinished request is refunded');
    for (const g of history) {
      if (g.status !== 'ready') continue;
      const audio = await fetch(`${url}/api/v1/tts/${g.id}/audio`, { headers: auth() });
      assert.equal(audio.status, 200, `${g.id} audio after the restart`);
    }
  });
});
