import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../src/db/database.js';
import { Store, type VoiceRow } from '../../src/db/store.js';
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

  const voiceRow = (accountId: string, id: string): VoiceRow => ({
    id,
    account_id: accountId,
    slot_owner_id: accountId,
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
  const ids = async (key: string, type = 'clone') =>
    ((await server.request('GET', `/api/v1/voices?type=${type}`, { key })).body.voices as { id: string }[]).map((v) => v.id);

  // On SQLite the listing's rows are kept between reads (KeptAnswers): these read the listing
  // while a write is open, so a kept answer from before the commit would show here.
  test('the voice listing shows a voice saved a moment ago, not before its commit, and only the caller’s own', async () => {
    const mine = await server.createAccount('pro');
    const other = await server.createAccount('pro');
    assert.deepEqual(await ids(mine.api_key), []);
    assert.deepEqual(await ids(other.api_key), []);
    const id = `voice_hotread${Date.now().toString(36)}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const transaction = server.container.store.transaction(async (tx) => {
      await tx.insertVoice(voiceRow(mine.account_id, id));
      written();
      await held;
    });
    await wrote;
    assert.deepEqual(await ids(mine.api_key), [], 'not committed yet');
    assert.deepEqual(await ids(mine.api_key, 'clone&limit=5'), [], 'not committed yet (another query)');
    release();
    await transaction;
    assert.deepEqual(await ids(mine.api_key), [id]);
    assert.deepEqual(await ids(mine.api_key, 'clone&limit=5'), [id]);
    assert.deepEqual(await ids(other.api_key), []);
    // Deleted through the API: gone from the next listing.
    const deleted = await server.request('DELETE', `/api/v1/voices/clones/${id}`, { key: mine.api_key });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.deepEqual(await ids(mine.api_key), []);
  });

  test('a voice another connection commits (the admin CLI, another process) is listed within one second', async () => {
    const mine = await server.createAccount('pro');
    assert.deepEqual(await ids(mine.api_key), []);
    const elsewhere = await openDatabase(server.container.config.databaseUrl);
    const id = `voice_elsewhere${Date.now().toString(36)}`;
    try {
      await new Store(elsewhere.db).insertVoice(voiceRow(mine.account_id, id));
    } finally {
      await elsewhere.close();
    }
    const started = Date.now();
    let listed = await ids(mine.api_key);
    while (listed.length === 0 && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      listed = await ids(mine.api_key);
    }
    assert.deepEqual(listed, [id], 'listed within a second');
  });
});
