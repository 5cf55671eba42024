import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Kysely, sql } from 'kysely';
import { openDatabase } from '../../src/db/database.js';
import { SyncedSqliteDialect, WalSync } from '../../src/db/wal-sync.js';

let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-wal-'));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A promise settled from outside, and whether it has settled. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('WalSync: group commit of the write-ahead log', () => {
  test('calls during a sync share the one sync after it; each waits for a sync that started after it', async () => {
    const file = path.join(dir, 'group-wal');
    fs.writeFileSync(file, 'frames');
    const wal = new WalSync(file);
    const first = wal.sync().then(() => wal.syncs);
    // Each call notes how many syncs had started when it resolved.
    const later = Array.from({ length: 10 }, () => wal.sync().then(() => wal.syncs));
    assert.equal(await first, 1);
    assert.deepEqual(await Promise.all(later), Array(10).fill(2), 'ten calls during the first sync shared one more');
    await wal.sync();
    assert.equal(wal.syncs, 3, 'a call with no sync running starts its own');
  });

  test('no WAL file (all checkpointed and removed) is nothing to sync', async () => {
    const wal = new WalSync(path.join(dir, 'absent-wal'));
    await wal.sync();
    assert.equal(wal.syncs, 1);
  });
});

describe('the SQLite dialect that syncs the WAL after a connection that wrote', { timeout: 10_000 }, () => {
  let db: Kysely<{ t: { id: number; v: string } }>;
  let wroteFlag = false;
  let syncs: Array<ReturnType<typeof deferred>> = [];

  before(async () => {
    const { default: Sqlite } = await import('libsql');
    const database = new Sqlite(path.join(dir, 'dialect.db'));
    database.exec('PRAGMA journal_mode = WAL; create table t (id integer primary key, v text)');
    // What database.ts does: every statement but a select marks the holder as having written.
    const marking = {
      prepare(text: string) {
        const statement = database.prepare(text);
        if (!/^\s*select\b/i.test(text)) wroteFlag = true;
        return statement;
      },
      close: () => database.close(),
    };
    const wrote = () => {
      const was = wroteFlag;
      wroteFlag = false;
      return was;
    };
    const sync = () => {
      const pending = deferred();
      syncs.push(pending);
      return pending.promise;
    };
    db = new Kysely({ dialect: new SyncedSqliteDialect({ database: marking as never }, { wrote, sync }) });
  });
  after(() => db.destroy());

  test('a read does not wait for a sync', async () => {
    syncs = [];
    await db.selectFrom('t').selectAll().execute();
    assert.equal(syncs.length, 0);
  });

  test('a write resolves only once its sync has, and the connection is free meanwhile', async () => {
    syncs = [];
    const insert = db.insertInto('t').values({ id: 1, v: 'one' }).execute();
    assert.equal(await settled(insert), false, 'waiting for the WAL sync');
    assert.equal(syncs.length, 1);
    // Another query runs while the sync is pending: the connection was released first.
    const rows = await db.selectFrom('t').selectAll().execute();
    assert.deepEqual(rows, [{ id: 1, v: 'one' }]);
    syncs[0]!.resolve();
    await insert;
  });

  test('a transaction waits for one sync after its commit', async () => {
    syncs = [];
    const done = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 2, v: 'two' }).execute();
      await trx.insertInto('t').values({ id: 3, v: 'three' }).execute();
      assert.equal(syncs.length, 0, 'nothing synced inside the transaction');
    });
    await new Promise((r) => setImmediate(r));
    assert.equal(syncs.length, 1);
    assert.equal(await settled(done), false);
    syncs[0]!.resolve();
    await done;
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    assert.equal(count.rows[0]!.n, 3);
  });
});

describe('a holder that does not wait for its sync', { timeout: 10_000 }, () => {
  test('its write resolves with its sync pending; the next write waits for a sync of its own', async () => {
    const { default: Sqlite } = await import('libsql');
    const database = new Sqlite(path.join(dir, 'nowait.db'));
    database.exec('PRAGMA journal_mode = WAL; create table t (id integer primary key)');
    let wroteFlag = false;
    let waitFlag = true;
    const syncs: Array<ReturnType<typeof deferred>> = [];
    const marking = {
      prepare(text: string) {
        if (!/^\s*select\b/i.test(text)) wroteFlag = true;
        return database.prepare(text);
      },
      close: () => database.close(),
    };
    const db = new Kysely<{ t: { id: number } }>({
      dialect: new SyncedSqliteDialect({ database: marking as never }, {
        wrote: () => [wroteFlag, (wroteFlag = false)][0]!,
        waits: () => [waitFlag, (waitFlag = true)][0]!,
        sync: () => {
          const pending = deferred();
          syncs.push(pending);
          return pending.promise;
        },
      }),
    });
    try {
      const relaxed = db.transaction().execute(async (trx) => {
        waitFlag = false; // what DatabaseHandle.commitWithoutWaiting does
        await trx.insertInto('t').values({ id: 1 }).execute();
      });
      await relaxed; // resolves although its sync has not
      assert.equal(syncs.length, 1, 'its sync was started');
      const plain = db.insertInto('t').values({ id: 2 }).execute();
      assert.equal(await settled(plain), false, 'a plain write waits again (the flag was forgotten)');
      assert.equal(syncs.length, 2);
      for (const sync of syncs) sync.resolve();
      await plain;
    } finally {
      await db.destroy();
    }
  });
});

describe('openDatabase on a SQLite file', () => {
  test('commits under synchronous NORMAL, their WAL synced by the driver; :memory: keeps FULL', async () => {
    const file = await openDatabase(`sqlite:${path.join(dir, 'open.db')}`);
    const memory = await openDatabase('sqlite::memory:');
    try {
      const mode = async (db: typeof file.db) =>
        (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous;
      assert.equal(await mode(file.db), 1, 'NORMAL on a file');
      assert.equal(await mode(memory.db), 2, 'FULL (the default) in memory');
      await file.migrate();
      const wal = `${path.join(dir, 'open.db')}-wal`;
      assert.ok(fs.existsSync(wal), 'the file runs in WAL mode');
    } finally {
      await file.close();
      await memory.close();
    }
  });
});
