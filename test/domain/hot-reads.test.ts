import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startServer } from '../helpers/server.js';

/**
 * The hot reads (ping's balance, the voice listing) run on SQLite's reading connection, past
 * Kysely's queue: they must see every committed write and nothing a transaction has not committed.
 * On PostgreSQL (TEST_DATABASE_URL) the same reads go through Kysely, and the same holds.
 */
describe('hot reads', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('the balance a transaction has not committed is not read; once committed it is', async () => {
    const { account_id, api_key } = await server.createAccount('pro', 300);
    const { store } = server.container;
    if (server.container.database.dialect === 'sqlite') assert.ok(server.container.database.rowReader, 'SQLite has a row reader');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const transaction = store.transaction(async (tx) => {
      await tx.adjustPoints(account_id, 25);
      written();
      await held;
    });
    await wrote;
    // Read while the transaction is open and has changed the balance.
    assert.equal(await store.findPoints(account_id), 300);
    release();
    await transaction;
    assert.equal(await store.findPoints(account_id), 325);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: api_key })).body.points, 325);
  });

  test('the voice listing shows a voice saved a moment ago, and only the caller’s own', async () => {
    const mine = await server.createAccount('pro');
    const other = await server.createAccount('pro');
    const ids = async (key: string) =>
      ((await server.request('GET', '/api/v1/voices?type=clone', { key })).body.voices as { id: string }[]).map((v) => v.id);
    assert.deepEqual(await ids(mine.api_key), []);
    const created = await server.container.store.transaction(async (tx) => {
      const id = `voice_hotread${Date.now().toString(36)}`;
      await tx.insertVoice({
        id,
        account_id: mine.account_id,
        slot_owner_id: mine.account_id,
        type: 'clone',
        name: 'Hot read',
        languages: '["en-US"]',
        description: null,
        tags: null,
        identity: '{}',
        sample_key: null,
        sample_mime: null,
        url_token: null,
        created_at: new Date().toISOString(),
      });
      return id;
    });
    assert.deepEqual(await ids(mine.api_key), [created]);
    assert.deepEqual(await ids(other.api_key), []);
  });
});
