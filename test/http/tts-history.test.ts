import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GenerationRow } from '../../src/db/store.js';
import { newId, randomToken } from '../../src/ids.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const US = presetFor('en-US');
const GB = presetFor('en-GB');

/** A stored generation as the service writes one; `created_at` chosen by the test to force ties. */
function row(account: Account, createdAt: string, changes: Partial<GenerationRow> = {}): GenerationRow {
  const id = newId('gen');
  return {
    id,
    account_id: account.account_id,
    key_id: account.key_id,
    status: 'ready',
    model: 'v-pro',
    voice_id: US.id,
    engine: 'espeak-ng',
    format: 'MP3',
    mime_type: 'audio/mpeg',
    extension: 'mp3',
    sample_rate: 24000,
    characters: 10,
    points_used: 1,
    duration_seconds: 1,
    audio_key: `audio/${id}.mp3`,
    audio_bytes: 100,
    url_token: randomToken(32),
    words: '[]',
    text: 'Ten chars.',
    error_code: null,
    error_message: null,
    upload_attempts: 1,
    created_at: createdAt,
    ready_at: createdAt,
    ...changes,
  };
}

/** Newest first on (created_at, id), as the contract orders the history. */
const newestFirst = (a: GenerationRow, b: GenerationRow) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

async function allPages(server: TestServer, key: string, query: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; text: string; body: any } = await server.request(
      'GET',
      `/api/v1/tts?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.generations.length <= limit);
    assert.equal(res.body.has_more, res.body.next_cursor !== null);
    ids.push(...res.body.generations.map((g: { id: string }) => g.id));
    cursor = res.body.next_cursor;
    pages += 1;
    assert.ok(pages < 100, 'paging ends');
  } while (cursor);
  return ids;
}

describe('GET /api/v1/tts (history)', () => {
  let server: TestServer;
  let owner: Account;
  let member: Account;
  let stranger: Account;
  const stored: GenerationRow[] = [];

  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    owner = await server.createAccount('pro', 10_000);
    member = await server.createAccount('pro', 10_000);
    stranger = await server.createAccount('pro', 10_000);
    const ws = await server.admin('POST', '/workspaces', { owner_account_id: owner.account_id, name: 'Team' });
    assert.equal(ws.status, 201);
    const added = await server.admin('POST', `/workspaces/${ws.body.workspace_id}/members`, { account_id: member.account_id });
    assert.equal(added.status, 201);

    // 40 records in 8 timestamps: five share each millisecond, so pages split ties on the id.
    for (let i = 0; i < 40; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 12, 0, 0, Math.floor(i / 5))).toISOString();
      const r = row(owner, at, {
        model: i % 3 === 0 ? 'v-lite' : 'v-pro',
        voice_id: i % 2 === 0 ? US.id : GB.id,
        status: i % 7 === 0 ? 'failed' : 'ready',
        ...(i % 7 === 0 ? { error_code: 'upload_failed', error_message: 'storage refused the audio' } : {}),
      });
      await server.container.store.insertGeneration(r);
      stored.push(r);
    }
    await server.container.store.insertGeneration(row(member, '2026-01-01T12:00:00.003Z'));
    await server.container.store.insertGeneration(row(stranger, '2026-01-01T12:00:00.003Z'));
  });
  after(() => server.close());

  test('a real generation appears first with every contract field', async () => {
    const made = await server.request('POST', '/api/v1/tts', {
      key: owner.api_key,
      body: { text: 'History, please.', voice: US.id, model: 'v-lite', format: 'WAV' },
    });
    assert.equal(made.status, 200, made.text);
    const res = await server.request('GET', '/api/v1/tts?limit=1', { key: owner.api_key });
    assert.equal(res.status, 200, res.text);
    const [first] = res.body.generations;
    assert.equal(first.id, made.body.id);
    assert.deepEqual(
      Object.keys(first).sort(),
      ['audio_url', 'captions_url', 'characters', 'created_at', 'format', 'id', 'model', 'points_used', 'status', 'stream_url', 'text', 'voice_id'],
    );
    assert.equal(first.text, 'History, please.', 'the text as the request gave it');
    assert.equal(first.model, 'v-lite');
    assert.equal(first.voice_id, US.id);
    assert.equal(first.format, 'WAV');
    assert.equal(first.characters, 16);
    assert.equal(first.points_used, 1);
    assert.equal(first.stream_url, `${server.url}/api/v1/tts/${made.body.id}/audio`);
    assert.ok(!Number.isNaN(Date.parse(first.created_at)));
    assert.equal(res.body.has_more, true);
    // Cleaned up so the stored set below is the whole history again.
    assert.equal((await server.request('DELETE', `/api/v1/tts/${made.body.id}`, { key: owner.api_key })).status, 200);
  });

  test('pages newest first with no duplicates or gaps, ties split by id', async () => {
    const expected = [...stored].sort(newestFirst).map((r) => r.id);
    for (const limit of [1, 7, 20, 40, 100]) {
      assert.deepEqual(await allPages(server, owner.api_key, '', limit), expected, `limit ${limit}`);
    }
    const first = await server.request('GET', '/api/v1/tts', { key: owner.api_key });
    assert.equal(first.body.generations.length, 20, 'default page size');
  });

  test('rows added or deleted between pages neither shift nor repeat a page (keyset, not offset)', async () => {
    const expected = [...stored].sort(newestFirst).map((r) => r.id);
    const page1 = await server.request('GET', '/api/v1/tts?limit=10', { key: owner.api_key });
    const seen: string[] = page1.body.generations.map((g: { id: string }) => g.id);
    assert.deepEqual(seen, expected.slice(0, 10));
    // A newer record arrives and one already shown is deleted; an offset would now skip or repeat.
    const newer = row(owner, new Date().toISOString());
    await server.container.store.insertGeneration(newer);
    await server.container.store.deleteGeneration(seen[2]!, owner.account_id);
    const page2 = await server.request(
      'GET',
      `/api/v1/tts?limit=10&cursor=${encodeURIComponent(page1.body.next_cursor)}`,
      { key: owner.api_key },
    );
    assert.deepEqual(
      page2.body.generations.map((g: { id: string }) => g.id),
      expected.slice(10, 20),
    );
    await server.container.store.deleteGeneration(newer.id, owner.account_id);
    const gone = stored.findIndex((r) => r.id === seen[2]);
    await server.container.store.insertGeneration(stored[gone]!);
  });

  test('filters by voice_id, model and status, and pages within the filter', async () => {
    const check = async (query: string, keep: (r: GenerationRow) => boolean) => {
      const expected = stored.filter(keep).sort(newestFirst).map((r) => r.id);
      assert.ok(expected.length > 0);
      assert.deepEqual(await allPages(server, owner.api_key, query, 4), expected, query);
    };
    await check(`&voice_id=${GB.id}`, (r) => r.voice_id === GB.id);
    await check('&model=v-lite', (r) => r.model === 'v-lite');
    await check('&status=failed', (r) => r.status === 'failed');
    await check(`&status=ready&model=v-pro&voice_id=${US.id}`, (r) => r.status === 'ready' && r.model === 'v-pro' && r.voice_id === US.id);
    const none = await server.request('GET', '/api/v1/tts?model=v-studio', { key: owner.api_key });
    assert.deepEqual(none.body, { generations: [], has_more: false, next_cursor: null });
    const failed = await server.request('GET', '/api/v1/tts?status=failed&limit=1', { key: owner.api_key });
    assert.deepEqual(failed.body.generations[0].error, { code: 'upload_failed', message: 'storage refused the audio' });
  });

  test("another account's records never appear, workspace members included (as on GET /tts/:id)", async () => {
    const ownerIds = new Set(await allPages(server, owner.api_key, '', 100));
    assert.equal(ownerIds.size, stored.length);
    for (const account of [member, stranger]) {
      const ids = await allPages(server, account.api_key, '', 100);
      assert.equal(ids.length, 1);
      assert.ok(!ownerIds.has(ids[0]!));
      const single = await server.request('GET', `/api/v1/tts/${ids[0]}`, { key: owner.api_key });
      assert.equal(single.status, 404, 'the single-record rule agrees');
    }
    // A cursor taken from one account's page gives another account only its own rows.
    const page = await server.request('GET', '/api/v1/tts?limit=1', { key: owner.api_key });
    const foreign = await server.request('GET', `/api/v1/tts?cursor=${page.body.next_cursor}`, { key: stranger.api_key });
    assert.equal(foreign.status, 200);
    for (const g of foreign.body.generations) assert.ok(!ownerIds.has(g.id));
  });

  test('the OpenAPI document describes the history query and page', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const list = doc.paths['/api/v1/tts'].get;
    assert.deepEqual(list.parameters.map((p: { name: string }) => p.name), ['limit', 'cursor', 'voice_id', 'model', 'status']);
    const page = list.responses['200'].content['application/json'].schema;
    assert.deepEqual(Object.keys(page.properties), ['generations', 'has_more', 'next_cursor']);
    assert.ok(list.responses['400']);
  });

  test('a cursor the service did not give out is 400 invalid_cursor; a bad limit is 422', async () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = ['nonsense', 'e30', json(['yesterday', 'gen_abc']), json(['2026-01-01T00:00:00.000Z', "x' OR 1=1"]), '%%%', json({})];
    for (const cursor of bad) {
      const res = await server.request('GET', `/api/v1/tts?cursor=${encodeURIComponent(cursor)}`, { key: owner.api_key });
      assert.equal(res.status, 400, cursor);
      assert.equal(res.body.error.code, 'invalid_cursor');
      assert.equal(typeof res.body.error.message, 'string');
    }
    for (const limit of ['0', '101', 'ten']) {
      const res = await server.request('GET', `/api/v1/tts?limit=${limit}`, { key: owner.api_key });
      assert.equal(res.status, 422, limit);
      assert.equal(res.body.error.code, 'validation_error');
    }
    const status = await server.request('GET', '/api/v1/tts?status=done', { key: owner.api_key });
    assert.equal(status.status, 422);
    assert.equal((await server.request('GET', '/api/v1/tts')).status, 401);
  });
});
