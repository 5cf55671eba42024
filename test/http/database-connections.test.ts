import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * PostgreSQL may end a connection at any time (a restart, a failover, an operator's
 * pg_terminate_backend). An idle pooled connection ended that way is an 'error' event on the pool:
 * unheard, it ends the whole process. Here the server runs in this test process, so an unheard
 * event fails the test. Runs on PostgreSQL only (TEST_DATABASE_URL, set by .ci/run).
 */
const admin = process.env['TEST_DATABASE_URL'];

describe('PostgreSQL ending the server\'s connections', { skip: admin ? false : 'PostgreSQL only: set TEST_DATABASE_URL' }, () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer();
    account = await server.createAccount('pro', 10);
  });
  after(() => server.close());

  test('idle connections ended by the server: the process lives on and the next requests are answered', async () => {
    // A few requests at once leave several idle connections in the pool.
    const warm = await Promise.all([1, 2, 3, 4].map(() => server.request('GET', '/api/v1/me', { key: account.api_key })));
    for (const res of warm) assert.equal(res.status, 200, res.text);
    const database = new URL(server.container.config.databaseUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      const ended = await client.query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and state = 'idle' and query not ilike '%listen%'
            and query not ilike '%advisory%'`,
        [database],
      );
      assert.ok(ended.rowCount! > 0, 'the pool held idle connections to end');
    } finally {
      await client.end();
    }
    // Let the terminations arrive as 'error' events on the idle clients.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ping = await server.request('GET', '/api/v1/ping', { key: account.api_key });
    assert.equal(ping.status, 200, ping.text);
    assert.equal(ping.body.points, 10);
  });
});
