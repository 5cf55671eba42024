import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Service, startPostgres, startRedis } from '../../test/helpers/cluster-services.js';
import { freePort } from '../../test/helpers/server.js';
import { startS3 } from '../../test/helpers/services.js';
import { REPO } from '../common.js';

export const ADMIN = 'soak-admin-token-0123456789abcdef';
const CLI = path.join(REPO, 'dist', 'src', 'cli.js');

/** One `voicelib serve` process the soak drives and watches. */
export interface ServerProcess {
  role: string;
  url: string;
  child: ChildProcess;
}

/** A deployment under soak: its API URLs, every process (to sample), and how to tear it down. */
export interface Deployment {
  name: string;
  apis: string[];
  processes: ServerProcess[];
  databaseUrl: string;
  stop(): Promise<void>;
}

const BASE_ENV = {
  ADMIN_TOKEN: ADMIN,
  LOG_LEVEL: 'warn',
  ENGINE_WARMUP: 'false',
  // The soak checks that limits answer 429 with Retry-After, so they must be reachable: 8 keys ×
  // 2 clients each hit the per-minute window within the run.
  RATE_LIMIT_PER_MINUTE: '240',
  QUEUE_CONCURRENCY: '2',
  QUEUE_MAX_WAITING: '24',
};

async function spawnServer(role: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [CLI, 'serve', '--role', role], {
    env: { ...process.env, ...BASE_ENV, ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: url },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${role} exited: ${errors}`);
    // Workers serve health routes only; APIs also answer ping.
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${role} did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { role, url, child };
}

function stopAll(processes: ServerProcess[]): Promise<void> {
  return Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
        }),
    ),
  ).then(() => undefined);
}

/** `npm start` as a user runs it: one process, SQLite, local disk, in-process queue. */
export async function singleProcess(): Promise<Deployment> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-soak-'));
  const server = await spawnServer('all', { DATA_DIR: dataDir });
  return {
    name: 'single process (SQLite)',
    apis: [server.url],
    processes: [server],
    databaseUrl: `sqlite:${path.join(dataDir, 'voicelib.db')}`,
    async stop() {
      await stopAll([server]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** 2 API + 2 worker processes over PostgreSQL, Redis and (where the recipe exists) Ceph RGW. */
export async function cluster(): Promise<Deployment> {
  const services: Service[] = [];
  const postgres = await startPostgres();
  services.push(postgres);
  const redis = await startRedis();
  services.push(redis);
  const s3 = await startS3('voicelib-soak');
  if ('skip' in s3) console.log(`${s3.skip}: the soak cluster shares DATA_DIR instead`);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database voicelib_soak');
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = '/voicelib_soak';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-soak-cluster-'));
  const env = { DATABASE_URL: url.toString(), REDIS_URL: redis.url, DATA_DIR: dataDir, ...('skip' in s3 ? {} : s3.env) };
  // The first API migrates; the others start once the schema exists.
  const first = await spawnServer('api', env);
  const rest = await Promise.all([spawnServer('api', env), spawnServer('worker', env), spawnServer('worker', env)]);
  const processes = [first, ...rest];
  return {
    name: `cluster: 2 API + 2 workers (PostgreSQL, Redis${'skip' in s3 ? '' : ', RGW'})`,
    apis: [first.url, rest[0]!.url],
    processes,
    databaseUrl: env.DATABASE_URL,
    async stop() {
      await stopAll(processes);
      if (!('skip' in s3)) await s3.stop();
      for (const s of services.reverse()) s.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory (MB) and open descriptors of a live process, from /proc. */
export function sample(pid: number): { rssMb: number; fds: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { rssMb: rssKb / 1024, fds: fs.readdirSync(`/proc/${pid}/fd`).length };
  } catch {
    return null;
  }
}
