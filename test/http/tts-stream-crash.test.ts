import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { freshDatabase } from '../helpers/database.js';
import { startProcess } from '../helpers/process.js';
import { freePort } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

const ADMIN = 'stream-crash-admin-token-0123456789';
const VOICE = presetFor('en-US');
const SENTENCE = 'The harbour lights came on one by one while the ferry crossed the quiet bay. ';
const TEXT = SENTENCE.repeat(25).trim(); // 1,949 characters, 25 sentences: seconds of synthesis on v-flash
const INITIAL = 5000;

type Server = Awaited<ReturnType<typeof startProcess>>;

describe('a crash in the middle of a stream', () => {
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

  test('kill -9 after the first bytes: restart refunds the stream and removes its partial audio', async () => {
    const env = { DATABASE_URL: database.url, DATA_DIR: database.dir, ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'info', ENGINE_WARMUP: 'false' };
    let port = await freePort();
    const first = await startProcess(env, port);
    servers.push(first);
    const created = await fetch(`http://127.0.0.1:${port}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro', points: INITIAL }),
    });
    const account = (await created.json()) as { account_id: string; api_key: string };
    observer = await openDatabase(database.url);
    const db = observer.db;
    const balance = async () =>
      Number((await db.selectFrom('accounts').select('points').where('id', '=', account.account_id).executeTakeFirstOrThrow()).points);

    // The first bytes arrive; then the process dies mid-stream.
    const id = await new Promise<string>((resolve, reject) => {
      const req = http.request(`http://127.0.0.1:${port}/api/v1/tts/stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.api_key}`, 'content-type': 'application/json' },
      });
      req.on('error', () => undefined); // the kill resets the connection
      req.on('response', (res) => {
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
        res.once('data', () => resolve(String(res.headers['x-generation-id'])));
        res.on('error', () => undefined);
      });
      req.end(JSON.stringify({ text: TEXT, voice: VOICE.id, model: 'v-flash', format: 'MP3' }));
    });
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    const spool = path.join(database.dir, 'spool');
    const open = await db.selectFrom('reservations').selectAll().where('ref_id', '=', id).executeTakeFirstOrThrow();
    assert.equal(open.status, 'open', 'the stream was cut off before it was recorded');
    assert.ok(fs.readdirSync(spool).some((name) => name.startsWith(`${id}.`)), 'the streamed bytes so far were spooled');
    assert.equal(await balance(), INITIAL - Number(open.amount), 'the points are held, not lost');

    port = await freePort();
    const second = await startProcess(env, port);
    servers.push(second);
    await until('start-up reconciliation', async () => second.logs().includes('"msg":"voicelib ready"'));
    const closed = await db.selectFrom('reservations').selectAll().where('ref_id', '=', id).executeTakeFirstOrThrow();
    assert.equal(closed.status, 'refunded');
    assert.equal(await balance(), INITIAL);
    assert.equal(await db.selectFrom('generations').select('id').where('id', '=', id).executeTakeFirst(), undefined);
    assert.deepEqual(fs.readdirSync(spool), [], 'the partial spool file is gone');
    const sum = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('account_id', '=', account.account_id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(sum.total), INITIAL, 'ledger = balance');
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
  });
});
