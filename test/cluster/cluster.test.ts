import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { CLI } from '../helpers/process.js';
import { freePort } from '../helpers/server.js';
import { type Service, servicesMissing, startPostgres, startRedis } from '../helpers/cluster-services.js';
import { type S3Fixture, startS3 } from '../helpers/services.js';
import { presetFor } from '../helpers/voices.js';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { until } from '../helpers/wait.js';

const skip = servicesMissing();
const ADMIN = 'cluster-admin-token-0123456789';
const VOICE = presetFor('en-US');
const SENTENCE = 'The harbour lights came on one by one while the ferry crossed the quiet bay. ';
const MEDIUM = SENTENCE.repeat(4).trim(); // 303 characters
/** Close to the 2,000-character limit: seconds of synthesis and encoding, so a kill lands mid-job. */
const LONG = SENTENCE.repeat(25).trim(); // 1,924 characters;
const INITIAL = 100_000;

interface Proc {
  role: string;
  port: number;
  child: ChildProcess;
  logs(): string;
}

/** Log lines of a process as JSON objects, from `from` characters on. */
function lines(proc: Proc, from = 0): Array<Record<string, any>> {
  return proc
    .logs()
    .slice(from)
    .split('\n')
    .flatMap((l) => {
      // The last line may still be half written.
      try {
        return [JSON.parse(l) as Record<string, any>];
      } catch {
        return [];
      }
    });
}

describe('api and worker processes over PostgreSQL, Redis and S3 (Ceph RGW)', { skip: skip ?? false }, () => {
  let postgres: Service;
  let redis: Service;
  /** Audio in Ceph RGW, as a cluster keeps it; null where the RGW recipe is absent (never in CI). */
  let s3: (S3Fixture & { stop(): Promise<void> }) | null = null;
  let observer: DatabaseHandle;
  let env: Record<string, string>;
  const procs: Proc[] = [];
  let dataDir: string;

  async function start(role: 'api' | 'worker'): Promise<Proc> {
    const port = await freePort();
    const child = spawn(process.execPath, [CLI, 'serve', '--role', role], {
      env: { ...process.env, ...env, PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
    });
    let logs = '';
    child.stdout!.on('data', (d) => (logs += d));
    child.stderr!.on('data', (d) => (logs += d));
    const proc: Proc = { role, port, child, logs: () => logs };
    procs.push(proc);
    await until(`${role} ready`, () => {
      if (child.exitCode !== null) throw new Error(`${role} exited: ${logs}`);
      return logs.includes('"msg":"voicelib ready"');
    }, 90_000);
    return proc;
  }
  const kill9 = async (proc: Proc) => {
    proc.child.kill('SIGKILL');
    if (proc.child.exitCode === null && proc.child.signalCode === null) await new Promise((r) => proc.child.once('exit', r));
  };
  const post = (api: Proc, url: string, key: string, body: unknown) =>
    fetch(`http://127.0.0.1:${api.port}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as any }));
  const tts = (api: Proc, key: string, text: string) => post(api, '/api/v1/tts', key, { text, voice: VOICE.id, model: 'v-pro' });
  const account = async (api: Proc) => {
    const res = await post(api, '/admin/v1/accounts', ADMIN, { plan: 'pro', points: INITIAL });
    assert.equal(res.status, 201);
    return res.body as { account_id: string; api_key: string };
  };

  /** Ledger = balance = INITIAL − charges of the records that exist; nothing open, nothing pending. */
  async function assertBooksBalance(accounts: string[]) {
    const db = observer.db;
    assert.deepEqual(await db.selectFrom('reservations').select('id').where('status', '=', 'open').execute(), []);
    const generations = await db.selectFrom('generations').selectAll().execute();
    assert.deepEqual(
      generations.filter((g) => g.status !== 'ready').map((g) => g.id),
      [],
      'no generation pending or failed',
    );
    for (const id of accounts) {
      const row = await db.selectFrom('accounts').select('points').where('id', '=', id).executeTakeFirstOrThrow();
      const sum = await db
        .selectFrom('ledger')
        .select((eb) => eb.fn.sum<number>('amount').as('total'))
        .where('account_id', '=', id)
        .executeTakeFirstOrThrow();
      const charged = generations.filter((g) => g.account_id === id).reduce((s, g) => s + Number(g.points_used), 0);
      assert.equal(Number(row.points), INITIAL - charged, `balance of ${id}`);
      assert.equal(Number(sum.total), Number(row.points), `ledger of ${id}`);
    }
    // Stored audio is exactly that of the records: no orphan object and none missing.
    let files: string[];
    if (s3) {
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'audio/' }));
      files = (listed.Contents ?? []).map((o) => o.Key!.slice('audio/'.length)).sort();
    } else {
      const audioDir = path.join(dataDir, 'blobs', 'audio');
      files = fs.existsSync(audioDir) ? fs.readdirSync(audioDir).sort() : [];
    }
    assert.deepEqual(files, generations.map((g) => g.audio_key.slice('audio/'.length)).sort(), 'no orphan audio');
  }

  before(async () => {
    postgres = await startPostgres();
    redis = await startRedis();
    const started = await startS3('voicelib-cluster');
    if ('skip' in started) console.log(`${started.skip}: the cluster shares DATA_DIR on local disk instead`);
    else s3 = started;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database voicelib_cluster');
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = '/voicelib_cluster';
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-cluster-'));
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'info',
      ENGINE_WARMUP: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_VOICE_PER_HOUR: '100000',
      QUEUE_CONCURRENCY: '1',
      QUEUE_MAX_WAITING: '4',
      // A dead worker's job is retried after 2 s instead of 30; every API sweeps every second,
      // which also shows a sweep never touches a live process's work.
      QUEUE_LOCK_MS: '2000',
      RECONCILE_INTERVAL_MS: '1000',
      ...(s3?.env ?? {}),
    };
    // Migrate once up front, so the four processes do not all race to create the schema.
    observer = await openDatabase(env.DATABASE_URL!);
    await observer.migrate();
  });
  after(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await observer?.close();
    redis?.stop();
    await s3?.stop();
    postgres?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a multi-process role refuses SQLite with a clear message', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--role', 'api'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'x.db')}`, REDIS_URL: redis.url },
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const code = await new Promise((r) => child.once('exit', r));
    assert.equal(code, 1);
    assert.match(err, /--role api .*needs PostgreSQL/);
  });

  let apis: Proc[] = [];
  let workers: Proc[] = [];
  const accounts: string[] = [];

  test('both APIs answer with the audio inline and jobs spread over both workers', async () => {
    apis = await Promise.all([start('api'), start('api')]);
    workers = await Promise.all([start('worker'), start('worker')]);
    const a = await account(apis[0]!);
    const b = await account(apis[1]!);
    accounts.push(a.account_id, b.account_id);
    const results = await Promise.all([
      tts(apis[0]!, a.api_key, MEDIUM),
      tts(apis[1]!, b.api_key, MEDIUM),
      tts(apis[1]!, a.api_key, MEDIUM),
      tts(apis[0]!, b.api_key, MEDIUM),
    ]);
    for (const r of results) {
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.match(r.body.audio_base64, /^data:audio\/mpeg;base64,/);
      assert.ok(Buffer.from(r.body.audio_base64.split(',')[1], 'base64').length > 10_000);
    }
    // Each worker logged at least one job it finished: the work was shared.
    const finishedBy = workers.map((w) => lines(w).filter((l) => l.msg === 'speech job finished').length);
    assert.ok(finishedBy.every((n) => n >= 1), `jobs per worker: ${finishedBy.join(', ')}`);
    assert.equal(finishedBy[0]! + finishedBy[1]!, 4);
    // The stored record is ready already and its hosted audio is served by the other API too.
    const got = await fetch(`http://127.0.0.1:${apis[1]!.port}/api/v1/tts/${results[0]!.body.id}`, {
      headers: { authorization: `Bearer ${a.api_key}` },
    }).then((r) => r.json() as Promise<any>);
    assert.equal(got.status, 'ready');
    await assertBooksBalance(accounts);
    // Design previews take the same queue: the worker stores the preview, the API inlines it.
    const designer = await account(apis[1]!);
    const previews = await post(apis[1]!, '/api/v1/voices/designs/previews', designer.api_key, {
      prompt: 'A calm, deep male narrator with a slow and warm delivery.',
      preview_text: 'Welcome to the evening news.',
      count: 1,
      include_audio: true,
    });
    assert.equal(previews.status, 200, JSON.stringify(previews.body));
    assert.match(previews.body.previews[0].audio_base64, /^data:audio\/mpeg;base64,/);
    const hosted = await fetch(previews.body.previews[0].preview_url.replace(/:\d+\//, `:${apis[0]!.port}/`));
    assert.equal(hosted.status, 200);
    assert.ok((await hosted.arrayBuffer()).byteLength > 1000);
    const designerRow = await observer.db.selectFrom('accounts').select('points').where('id', '=', designer.account_id).executeTakeFirstOrThrow();
    assert.equal(Number(designerRow.points), INITIAL - previews.body.points_used);
    const interrupted = await observer.db.selectFrom('ledger').select('id').where('reason', 'like', '%interrupted').execute();
    assert.equal(interrupted.length, 0, 'no sweep refunded a live process’s work');
  });

  test('kill -9 of the worker holding a job: it completes on the other worker, charged once', async (t) => {
    const a = await account(apis[0]!);
    accounts.push(a.account_id);
    const marks = workers.map((w) => w.logs().length);
    let early: unknown = null;
    const pending = tts(apis[0]!, a.api_key, LONG).then((r) => ((early = r), r));
    let holder = -1;
    let job = '';
    await until('a worker starts the long job', () => {
      if (early) throw new Error(`answered before any worker started: ${JSON.stringify(early)}`);
      holder = workers.findIndex((w, i) => lines(w, marks[i]).some((l) => l.msg === 'speech job started'));
      if (holder >= 0) job = lines(workers[holder]!, marks[holder]).find((l) => l.msg === 'speech job started')!.job;
      return holder >= 0;
    }, 90_000);
    await kill9(workers[holder]!);
    const killedFinished = lines(workers[holder]!, marks[holder]).some((l) => l.msg === 'speech job finished');
    assert.equal(killedFinished, false, 'the kill landed mid-synthesis');
    const res = await pending;
    const other = workers[1 - holder]!;
    t.diagnostic(`killed worker ${holder} holding ${job}; answer ${res.status}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(lines(other, marks[1 - holder]).some((l) => l.msg === 'speech job finished' && l.job === job), 'the other worker finished it');
    await assertBooksBalance(accounts);
    workers[holder] = await start('worker');
  });

  test('kill -9 of an API mid-request: after its restart, nothing is charged for the lost request', async () => {
    const a = await account(apis[0]!);
    accounts.push(a.account_id);
    const marks = workers.map((w) => w.logs().length);
    const lost = tts(apis[0]!, a.api_key, LONG).catch(() => null);
    await until('a worker starts the job', () => workers.some((w, i) => lines(w, marks[i]).some((l) => l.msg === 'speech job started')), 90_000);
    const open = await observer.db.selectFrom('reservations').selectAll().where('status', '=', 'open').execute();
    assert.equal(open.length, 1);
    await kill9(apis[0]!);
    assert.equal(await lost, null, 'the client lost its connection');
    apis[0] = await start('api');
    // The job ends on its worker either way: finished (its audio is then removed by the
    // reconciliation) or failed on finding its reservation refunded (it removes its audio itself).
    await until('the job ends', () =>
      workers.some((w, i) => lines(w, marks[i]).some((l) => l.msg === 'speech job finished' || l.msg === 'speech job failed')),
      90_000,
    );
    await until('its reservation is closed', async () => {
      const row = await observer.db.selectFrom('reservations').select('status').where('id', '=', open[0]!.id).executeTakeFirstOrThrow();
      return row.status !== 'open';
    }, 90_000);
    const row = await observer.db.selectFrom('reservations').selectAll().where('id', '=', open[0]!.id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'refunded');
    assert.equal(await observer.db.selectFrom('generations').select('id').where('id', '=', row.ref_id).executeTakeFirst(), undefined);
    await assertBooksBalance(accounts);
    // The restarted API works.
    assert.equal((await tts(apis[0]!, a.api_key, 'Back again.')).status, 200);
    await assertBooksBalance(accounts);
  });

  test('a full queue answers 503 with Retry-After and charges nothing', async () => {
    const a = await account(apis[0]!);
    accounts.push(a.account_id);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => tts(apis[i % 2]!, a.api_key, MEDIUM)));
    const refused = results.filter((r) => r.status === 503);
    assert.ok(refused.length >= 1, results.map((r) => r.status).join(','));
    for (const r of refused) {
      assert.equal(r.body.error.code, 'queue_full');
      assert.ok(Number(r.headers.get('retry-after')) > 0);
    }
    assert.deepEqual(results.filter((r) => r.status !== 503).map((r) => r.status), results.filter((r) => r.status !== 503).map(() => 200));
    await assertBooksBalance(accounts);
  });
});
