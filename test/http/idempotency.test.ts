import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { speechWav, cloneBody } from '../helpers/recordings.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US', 'male');
const TEXT = 'Charge me once, however often the network drops the answer.'; // 59 characters → 4 points on v-pro

describe('Idempotency-Key', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    account = await server.createAccount('pro', 10_000);
  });
  after(() => server.close());

  const post = (path: string, key: string, body: unknown, idempotencyKey?: string) =>
    server.request('POST', path, {
      key,
      body,
      ...(idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } }),
    });
  const points = async (key: string) => (await server.request('GET', '/api/v1/ping', { key })).body.points as number;
  const generationsOf = async (accountId: string) =>
    (await server.container.database.db.selectFrom('generations').select('id').where('account_id', '=', accountId).execute()).map((r) => r.id);

  test('POST /tts: the same key and body replays the first response, with no second charge or record', async () => {
    const body = { text: TEXT, voice: VOICE.id, model: 'v-pro' };
    const before = await points(account.api_key);
    const first = await post('/api/v1/tts', account.api_key, body, 'order-1001');
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    // Key order and whitespace do not make another request.
    const again = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      raw: JSON.stringify({ model: 'v-pro', voice: VOICE.id, text: TEXT }, null, 2),
      headers: { 'content-type': 'application/json', 'idempotency-key': 'order-1001' },
    });
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.text, first.text, 'the body is replayed byte for byte');
    assert.equal(again.headers.get('content-type'), first.headers.get('content-type'));
    assert.equal(again.headers.get('x-voice-engine'), first.headers.get('x-voice-engine'));
    assert.notEqual(again.headers.get('x-request-id'), first.headers.get('x-request-id'));
    assert.equal(before - (await points(account.api_key)), 4, 'charged once');
    assert.deepEqual(await generationsOf(account.account_id), [first.body.id], 'one record');

    // Without a key every request runs.
    const plain = await post('/api/v1/tts', account.api_key, body);
    assert.notEqual(plain.body.id, first.body.id);
  });

  test('the same key with another body is 422 and runs nothing', async () => {
    const first = await post('/api/v1/tts', account.api_key, { text: TEXT, voice: VOICE.id }, 'reused-key');
    assert.equal(first.status, 200);
    const before = await points(account.api_key);
    const other = await post('/api/v1/tts', account.api_key, { text: `${TEXT} Again.`, voice: VOICE.id }, 'reused-key');
    assert.equal(other.status, 422);
    assert.equal(other.body.error.code, 'idempotency_key_reused');
    assert.match(other.body.error.message, /different request/);
    assert.deepEqual(Object.keys(other.body), ['error']);
    // Another route with the key is another request too.
    const elsewhere = await post(
      '/api/v1/voices/designs/previews',
      account.api_key,
      { prompt: 'A calm, deep male narrator with a slow pace.', preview_text: TEXT, count: 1 },
      'reused-key',
    );
    assert.equal(elsewhere.status, 422);
    assert.equal(await points(account.api_key), before);
  });

  test('a key another request is still running under is 409; concurrent requests with one key run once', async () => {
    // The state a request in flight in another API process leaves: its claim, not yet completed.
    const body = { text: TEXT, voice: VOICE.id };
    assert.equal((await post('/api/v1/tts', account.api_key, body, 'in-flight')).status, 200);
    await server.container.database.db
      .updateTable('idempotency_keys')
      .set({ status: 'in_progress', holder: 'proc_elsewhere', response_status: null, response_body: null })
      .where('key', '=', 'in-flight')
      .execute();
    const busy = await post('/api/v1/tts', account.api_key, { ...body, text: 'Another text.' }, 'in-flight');
    assert.equal(busy.status, 422, 'another body than the one in flight');
    const conflict = await post('/api/v1/tts', account.api_key, body, 'in-flight');
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.error.code, 'idempotency_key_in_use');

    // Several at once in this process: one runs; the others are refused (409) or replayed, never
    // run; one with another body is 422 or 409, never run. (CI once saw two of a pair run on
    // PostgreSQL: the second read the first's fresh row as a lost claim of this process.)
    for (const round of [1, 2, 3]) {
      const before = await points(account.api_key);
      const key = `together-${round}`;
      const racers = await Promise.all([
        ...[1, 2, 3, 4].map(() => post('/api/v1/tts', account.api_key, body, key)),
        post('/api/v1/tts', account.api_key, { ...body, text: 'Another text.' }, key),
      ]);
      const ran = racers.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
      assert.equal(ran.length, 1, racers.map((r) => `${r.status} ${r.text.slice(0, 80)}`).join('\n'));
      // Whichever arrived first ran (the requests travel on separate connections): a racer with
      // its body is refused (409) or replayed; one with the other body is 422 or 409.
      const winner = racers.indexOf(ran[0]!);
      const sameBody = (i: number) => (i === 4) === (winner === 4);
      racers.forEach((other, i) => {
        if (i === winner) return;
        if (sameBody(i) && other.status === 200) assert.equal(other.text, ran[0]!.text);
        else if (sameBody(i)) assert.equal(other.body.error.code, 'idempotency_key_in_use', other.text);
        else assert.ok(other.status === 422 || other.status === 409, `${other.status} ${other.text}`);
      });
      assert.equal(ran[0]!.body.points_used, winner === 4 ? 1 : 4);
      assert.equal(before - (await points(account.api_key)), ran[0]!.body.points_used, 'charged once');
    }
  });

  test('a failed request frees its key; keys are per account; malformed keys are 400', async () => {
    const missing = await post('/api/v1/tts', account.api_key, { text: TEXT, voice: 'voice_nope' }, 'retry-me');
    assert.equal(missing.status, 404);
    const fixed = await post('/api/v1/tts', account.api_key, { text: TEXT, voice: VOICE.id }, 'retry-me');
    assert.equal(fixed.status, 200, 'not 422: the failed attempt left nothing behind');
    assert.equal(fixed.headers.get('idempotent-replayed'), null);

    const other = await server.createAccount('pro', 100);
    const theirs = await post('/api/v1/tts', other.api_key, { text: TEXT, voice: VOICE.id }, 'retry-me');
    assert.equal(theirs.status, 200);
    assert.equal(theirs.headers.get('idempotent-replayed'), null);
    assert.notEqual(theirs.body.id, fixed.body.id);
    assert.equal(await points(other.api_key), 96);

    for (const bad of ['x'.repeat(256), 'has space', 'é']) {
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text: TEXT, voice: VOICE.id },
        headers: { 'idempotency-key': encodeURIComponent(bad) === bad ? bad : Buffer.from(bad).toString('latin1') },
      });
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.error.code, 'bad_request');
    }
  });

  test('keys expire after 24 h: an expired key runs again and the sweep deletes it', async () => {
    const body = { text: TEXT, voice: VOICE.id };
    const first = await post('/api/v1/tts', account.api_key, body, 'old-key');
    const db = server.container.database.db;
    await db.updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('key', '=', 'old-key').execute();
    const fresh = await post('/api/v1/tts', account.api_key, { ...body, text: `${TEXT} New.` }, 'old-key');
    assert.equal(fresh.status, 200, 'another body is fine once the key expired');
    assert.notEqual(fresh.body.id, first.body.id);

    await db.updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('key', '=', 'old-key').execute();
    assert.ok((await server.container.idempotency.sweepExpired()) >= 1);
    assert.equal((await db.selectFrom('idempotency_keys').select('key').where('key', '=', 'old-key').execute()).length, 0);
  });

  test('design previews and clones: replayed without a second charge, preview batch or voice', async () => {
    const designer = await server.createAccount('pro', 1000);
    const body = { prompt: 'A calm, deep male narrator with a slow pace.', preview_text: 'Hello there, listener.', count: 1 };
    const first = await post('/api/v1/voices/designs/previews', designer.api_key, body, 'design-1');
    assert.equal(first.status, 200, first.text);
    const replay = await post('/api/v1/voices/designs/previews', designer.api_key, body, 'design-1');
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.text, first.text);
    assert.equal(await points(designer.api_key), 1000 - first.body.points_used);
    assert.equal((await fetch(first.body.previews[0].preview_url)).status, 200, 'the first batch was not replaced');

    const save = { preview_id: first.body.previews[0].preview_id, name: 'Narrator' };
    const saved = await post('/api/v1/voices/designs', designer.api_key, save, 'save-1');
    assert.equal(saved.status, 200, saved.text);
    const savedAgain = await post('/api/v1/voices/designs', designer.api_key, save, 'save-1');
    assert.equal(savedAgain.text, saved.text);

    const recording = await speechWav(server, designer.api_key, VOICE.id, 'The rainbow is a division of white light into many beautiful colors.');
    const clone = await post('/api/v1/voices/clones', designer.api_key, cloneBody(recording), 'clone-1');
    assert.equal(clone.status, 200, clone.text);
    const cloneAgain = await post('/api/v1/voices/clones', designer.api_key, cloneBody(recording), 'clone-1');
    assert.equal(cloneAgain.headers.get('idempotent-replayed'), 'true');
    assert.equal(cloneAgain.text, clone.text);
    const clones = await server.request('GET', '/api/v1/voices/clones', { key: designer.api_key });
    assert.deepEqual(
      clones.body.voices.map((v: { id: string }) => v.id),
      [clone.body.id],
      'one clone, one slot',
    );
    const designs = await server.request('GET', '/api/v1/voices/designs', { key: designer.api_key });
    assert.equal(designs.body.used, 1);
  });

  test('the OpenAPI document describes the header and the 409 and 422 answers', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    for (const [path, expected] of [
      ['/api/v1/tts', true],
      ['/api/v1/voices/designs/previews', true],
      ['/api/v1/voices/designs', true],
      ['/api/v1/voices/clones', true],
    ] as const) {
      const operation = doc.paths[path].post;
      const header = (operation.parameters ?? []).find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key');
      assert.equal(Boolean(header), expected, path);
      assert.match(header.description, /24 h/);
      assert.ok(operation.responses['409'] && operation.responses['422'], path);
    }
    assert.equal(
      (doc.paths['/api/v1/tts/{id}'].get.parameters ?? []).some((p: { name: string }) => p.name === 'idempotency-key'),
      false,
    );
  });
});
