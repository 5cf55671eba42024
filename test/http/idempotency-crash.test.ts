import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { freshDatabase } from '../helpers/database.js';
import { startProcess } from '../helpers/process.js';
import { freePort } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

const ADMIN = 'idem-crash-admin-token-0123456789';
const VOICE = presetFor('en-US');
const LONG = 'The harbour lights came on one by one while the ferry crossed the quiet bay. '.repeat(26).slice(0, 2000);
const TEXT = 'Retry me after the crash and charge me once.'; // 44 characters → 3 points on v-pro
const INITIAL = 1000;

type Server = Awaited<ReturnType<typeof startProcess>>;

describe('Idempotency-Key across a crash', () => {
  const servers: Server[] = [];
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let observer: DatabaseHandle | undefined;
  after(async () => {
    for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
    await observer?.close();
    await database?.drop();
  });

  test('kill -9 while a keyed request holds its claim and points: restart frees the key, the retry charges once', async () => {
    database = await freshDatabase();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: database.dir,
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'info',
      ENGINE_WARMUP: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      // One synthesis at a time: the keyed request waits in the queue behind two long ones.
      QUEUE_CONCURRENCY: '1',
    };
    let port = await freePort();
    const first = await startProcess(env, port);
    servers.push(first);
    const post = (url: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const account = async () => {
      const res = await post('/admin/v1/accounts', ADMIN, { plan: 'pro', points: INITIAL * 10 });
      return (await res.json()) as { account_id: string; api_key: string };
    };
    const blocker = await account();
    const payer = await account();
    observer = await openDatabase(database.url);
    const db = observer.db;

    const inFlight = [
      post('/api/v1/tts', blocker.api_key, { text: LONG, voice: VOICE.id }),
      post('/api/v1/tts', blocker.api_key, { text: LONG, voice: VOICE.id }),
      post('/api/v1/tts', payer.api_key, { text: TEXT, voice: VOICE.id }, { 'idempotency-key': 'crash-1' }),
    ].map((p) => p.catch(() => null));
    await until('the keyed request claimed its key and reserved its points', async () => {
      const claim = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'crash-1').executeTakeFirst();
      const held = await db.selectFrom('reservations').select('id').where('account_id', '=', payer.account_id).where('status', '=', 'open').execute();
      return claim?.status === 'in_progress' && held.length === 1;
    });
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    await Promise.all(inFlight);
    const atKill = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'crash-1').executeTakeFirstOrThrow();
    assert.equal(atKill.status, 'in_progress', 'the kill left the key claimed');

    port = await freePort();
    const second = await startProcess(env, port);
    servers.push(second);
    await until('start-up reconciliation', async () => second.logs().includes('"msg":"voicelib ready"'));

    const retry = await post('/api/v1/tts', payer.api_key, { text: TEXT, voice: VOICE.id }, { 'idempotency-key': 'crash-1' });
    assert.equal(retry.status, 200, await retry.clone().text());
    assert.equal(retry.headers.get('idempotent-replayed'), null, 'the retry ran: the first attempt never finished');
    const generation = (await retry.json()) as { id: string };
    const replay = await post('/api/v1/tts', payer.api_key, { text: TEXT, voice: VOICE.id }, { 'idempotency-key': 'crash-1' });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(((await replay.json()) as { id: string }).id, generation.id);

    // Reserved, refunded by the restart, charged by the retry: 3 points in all, one record.
    const ledger = await db.selectFrom('ledger').select(['amount', 'reason']).where('account_id', '=', payer.account_id).orderBy('created_at').execute();
    assert.deepEqual(
      ledger.map((row) => Number(row.amount)),
      [INITIAL * 10, -3, 3, -3],
      JSON.stringify(ledger),
    );
    assert.match(ledger[2]!.reason, /refund:interrupted$/);
    const records = await db.selectFrom('generations').select('id').where('account_id', '=', payer.account_id).execute();
    assert.deepEqual(records.map((r) => r.id), [generation.id]);
  });
});
