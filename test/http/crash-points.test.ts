import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { freshDatabase } from '../helpers/database.js';
import { startProcess } from '../helpers/process.js';
import { freePort } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

const ADMIN = 'crash-admin-token-0123456789';
const VOICE = presetFor('en-US');
const SENTENCE = 'The harbour lights came on one by one while the ferry crossed the quiet bay. ';
const TEXT = SENTENCE.repeat(8).trim(); // 607 characters → 41 points on v-pro
const PROMPT = 'A bright, friendly young female presenter with a clear voice and a quick pace.';
const PREVIEW_TEXT = 'Welcome to the evening news, here are the headlines.'; // 52 characters → 4 points a preview
const TTS_REQUESTS = 16;
/** Preview counts of the designers' batches: staggered, so some finish while others are part-way. */
const BATCHES = [1, 2, 3, 3];
const INITIAL = 5000;

type Server = Awaited<ReturnType<typeof startProcess>>;

/** Every file under `dir`, relative to it ('' when the folder does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

describe('a crash never loses points', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let observer: DatabaseHandle;
  const servers: Server[] = [];
  before(async () => {
    database = await freshDatabase();
  });
  after(async () => {
    for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
    await observer?.close();
    await database.drop();
  });

  test('kill -9 with generations and design previews in flight: restart refunds exactly the unfinished ones', async (t) => {
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: database.dir,
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'info',
      ENGINE_WARMUP: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_VOICE_PER_HOUR: '100000',
      // One synthesis at a time, so most requests wait in the queue holding a reservation.
      QUEUE_CONCURRENCY: '1',
    };
    // Finished generations stay `pending` with their spool file until the restart resumes them.
    let port = await freePort();
    const first = await startProcess({ ...env, UPLOAD_DELAY_MS: '600000' }, port);
    servers.push(first);
    const post = (url: string, key: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const account = async () => {
      const res = await post('/admin/v1/accounts', ADMIN, { plan: 'pro', points: INITIAL });
      assert.equal(res.status, 201);
      return (await res.json()) as { account_id: string; api_key: string };
    };
    const speaker = await account();
    const designers = await Promise.all(BATCHES.map(account));
    const accounts = [speaker, ...designers].map((a) => a.account_id);

    observer = await openDatabase(database.url);
    const db = observer.db;
    const blobs = path.join(database.dir, 'blobs');
    const spool = path.join(database.dir, 'spool');

    // Fire everything at once; the kill cuts most of them off, so failures are expected here.
    const calls = [
      ...Array.from({ length: TTS_REQUESTS }, () => post('/api/v1/tts', speaker.api_key, { text: TEXT, voice: VOICE.id })),
      ...designers.map((d, i) =>
        post('/api/v1/voices/designs/previews', d.api_key, { prompt: PROMPT, preview_text: PREVIEW_TEXT, count: BATCHES[i] }),
      ),
    ].map((p) => p.then(async (res) => ({ status: res.status, body: (await res.json()) as any })).catch(() => null));

    // Kill once some generations and a preview batch are done and work of both kinds is still
    // open, with a preview batch part-way: some of its audio files written, its rows not yet.
    await until('generations and previews done, others in flight', async () => {
      const done = await db.selectFrom('generations').select('id').execute();
      const previewed = await db.selectFrom('design_previews').select('id').execute();
      const open = await db.selectFrom('reservations').selectAll().where('status', '=', 'open').execute();
      const halfBatch = open.some(
        (r) => r.ref_type === 'design_batch' && (JSON.parse(r.artifacts) as string[]).some((k) => fs.existsSync(path.join(blobs, k))),
      );
      return done.length >= 2 && previewed.length > 0 && open.filter((r) => r.ref_type === 'generation').length >= 3 && halfBatch;
    });
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const answered = (await Promise.all(calls)).filter((c) => c !== null && c.status === 200);

    // The kill happened mid-flight: reservations are open and their points are held, not lost.
    const openAtKill = await db.selectFrom('reservations').selectAll().where('status', '=', 'open').execute();
    const orphanFilesAtKill = openAtKill
      .flatMap((r) => JSON.parse(r.artifacts) as string[])
      .filter((k) => fs.existsSync(path.join(blobs, k)));
    assert.ok(openAtKill.length > 0, 'requests were in flight at the kill');
    assert.ok(orphanFilesAtKill.length > 0, 'a preview batch had written audio at the kill');
    const heldAtKill = openAtKill.reduce((sum, r) => sum + Number(r.amount), 0);
    const balancesAtKill = await balances();
    t.diagnostic(
      `at the kill: ${answered.length} answered, ${openAtKill.length} reservations open holding ${heldAtKill} points, ` +
        `${orphanFilesAtKill.length} preview files of unsettled batches, ${filesUnder(spool).length} spool files, ` +
        `${filesUnder(path.join(blobs, '.partial')).length} partial writes, balances ${JSON.stringify(balancesAtKill)}`,
    );

    // Start again on the same database and data folder; `voicelib ready` is logged after start-up work.
    port = await freePort();
    const second = await startProcess(env, port);
    servers.push(second);
    await until('start-up reconciliation', async () => second.logs().includes('"msg":"voicelib ready"'));
    assert.match(second.logs(), /reconciled reservations left open by a previous process/);
    // A resumed upload marks its record ready, then removes the spool file: wait for both (the
    // record is visible here a moment before its commit is on disk and the removal follows).
    await until('resumed uploads', async () => {
      const pending = await db.selectFrom('generations').select('id').where('status', '=', 'pending').execute();
      return pending.length === 0 && filesUnder(spool).length === 0;
    });

    // No reservation left open; each closed one matches whether its result exists.
    const reservations = await db.selectFrom('reservations').selectAll().execute();
    assert.equal(reservations.filter((r) => r.status === 'open').length, 0);
    const generations = await db.selectFrom('generations').selectAll().execute();
    const previews = await db.selectFrom('design_previews').selectAll().execute();
    for (const r of reservations) {
      const exists =
        r.ref_type === 'generation'
          ? generations.some((g) => g.id === r.ref_id)
          : previews.some((p) => p.batch_id === r.ref_id);
      assert.equal(r.status, exists ? 'settled' : 'refunded', `${r.ref_type} ${r.ref_id}`);
    }
    const refunded = reservations.filter((r) => r.status === 'refunded');
    assert.deepEqual(refunded.map((r) => r.id).sort(), openAtKill.map((r) => r.id).sort(), 'exactly the open ones refunded');
    const refundRows = await db.selectFrom('ledger').selectAll().where('reason', 'like', '%:refund:interrupted').execute();
    assert.equal(refundRows.length, refunded.filter((r) => Number(r.amount) > 0).length);

    // Every answered request is recorded (and charged); no generation is pending or failed.
    for (const c of answered) {
      if (c!.body.id) assert.ok(generations.some((g) => g.id === c!.body.id), `answered generation ${c!.body.id} exists`);
      for (const p of c!.body.previews ?? []) assert.ok(previews.some((row) => row.id === p.preview_id));
    }
    assert.deepEqual(
      generations.map((g) => g.status),
      generations.map(() => 'ready'),
    );

    // Balance = initial − charges of what exists, and the ledger sums to the balance.
    const after = await balances();
    for (const id of accounts) {
      const spent =
        generations.filter((g) => g.account_id === id).reduce((s, g) => s + Number(g.points_used), 0) +
        previews.filter((p) => p.account_id === id).length * Math.ceil(PREVIEW_TEXT.length / 15);
      assert.equal(after[id], INITIAL - spent, `balance of ${id}`);
      const sum = await db
        .selectFrom('ledger')
        .select((eb) => eb.fn.sum<number>('amount').as('total'))
        .where('account_id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(sum.total), after[id], `ledger of ${id}`);
    }
    const totalAtKill = Object.values(balancesAtKill).reduce((a, b) => a + b, 0);
    const totalAfter = Object.values(after).reduce((a, b) => a + b, 0);
    assert.equal(totalAfter, totalAtKill + heldAtKill, 'exactly the held points came back');

    // No orphan files: stored audio is exactly that of the records; the spool is empty (above).
    assert.deepEqual(filesUnder(path.join(blobs, '.partial')), [], 'no partial blob writes left');
    assert.deepEqual(filesUnder(path.join(blobs, 'audio')), generations.map((g) => g.audio_key.slice('audio/'.length)).sort());
    assert.deepEqual(filesUnder(path.join(blobs, 'previews')), previews.map((p) => p.audio_key.slice('previews/'.length)).sort());
    t.diagnostic(
      `after restart: ${generations.length} generations, ${previews.length} previews, ${refunded.length} reservations refunded ` +
        `(${heldAtKill} points), balances ${JSON.stringify(after)}`,
    );

    // The restarted server takes new paid work normally.
    const again = await post('/api/v1/tts', speaker.api_key, { text: 'Back again.', voice: VOICE.id });
    assert.equal(again.status, 200);
    assert.equal((await balances())[speaker.account_id], after[speaker.account_id]! - 1);

    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));

    async function balances(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('accounts').select(['id', 'points']).where('id', 'in', accounts).execute();
      return Object.fromEntries(rows.map((r) => [r.id, Number(r.points)]));
    }
  });
});
