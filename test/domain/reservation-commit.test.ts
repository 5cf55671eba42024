import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../../src/db/database.js';
import { Store } from '../../src/db/store.js';
import { PointsLedger } from '../../src/domain/accounts/points.js';
import { type TestServer, startServer } from '../helpers/server.js';

/**
 * A reservation's commit does not wait for the disk (docs/reliability.md, F1): its settlement or
 * refund, which does, makes it durable before anyone is answered. Everything else still waits.
 */
describe('a reservation commits without waiting for the disk', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('the ledger asks it for the reservation only, not for the settlement or a refund', async () => {
    const { database } = server.container;
    const asked: string[] = [];
    let step = '';
    // The server's own way to commit without waiting, with each use noted.
    const store = new Store(database.db, null, async (trx) => {
      asked.push(step);
      await database.commitWithoutWaiting(trx);
    });
    const ledger = new PointsLedger(store);
    const { account_id } = await server.createAccount('pro', 100);
    step = 'reserve';
    const first = await ledger.reserve(account_id, 30, 'generation', { type: 'generation', id: 'gen_a' });
    step = 'settle';
    await first.settle(20);
    step = 'reserve';
    const second = await ledger.reserve(account_id, 10, 'generation', { type: 'generation', id: 'gen_b' });
    step = 'refund';
    await second.refund();
    assert.deepEqual(asked, ['reserve', 'reserve']);
    // The ledger is exact either way: 100 - 20 (settled) - 0 (refunded).
    assert.equal((await store.findAccount(account_id))!.points, 80);
  });

  test('PostgreSQL: synchronous_commit is off in that transaction only', { skip: !process.env['TEST_DATABASE_URL'] && 'SQLite run (TEST_DATABASE_URL unset)' }, async () => {
    // The test cluster runs with synchronous_commit off for speed: this database gets it on, and a
    // handle opened after that sees it, as a production server would.
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.container.database.db);
    await sql.raw(`alter database "${rows[0]!.name}" set synchronous_commit = on`).execute(server.container.database.db);
    const handle = await openDatabase(server.container.config.databaseUrl);
    try {
      const store = new Store(handle.db, null, handle.commitWithoutWaiting);
      // The transaction's own connection, to ask PostgreSQL what it will do at commit.
      const setting = async (tx: Store) => {
        const db = (tx as unknown as { db: Kysely<unknown> }).db;
        const answer = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
        return answer.rows[0]!.synchronous_commit;
      };
      assert.equal(await store.transaction(setting, { waitForDisk: false }), 'off');
      assert.equal(await store.transaction(setting), 'on', 'a plain transaction, on the same pool, waits');
      assert.equal(await store.transaction(setting, { waitForDisk: false }), 'off');
    } finally {
      await handle.close();
    }
  });
});
