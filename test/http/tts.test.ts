import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseDataUri } from '../helpers/audio.js';
import { type Account, type TestServer, closeHttp, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');

async function waitReady(server: TestServer, key: string, id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.request('GET', `/api/v1/tts/${id}`, { key });
    if (res.body.status !== 'pending' || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST /api/v1/tts and the generation lifecycle', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 10_000);
  });
  after(() => server.close());

  test('answers pending with the audio inline, charges ceil(chars/15), then becomes ready', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.'; // 44 characters → 3 points
    const before = (await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points;
    const res = await server.request('POST', '/api/v1/tts', { key: account.api_key, body: { text, voice: VOICE.id } });
    assert.equal(res.status, 200, res.text);
    const g = res.body;
    assert.match(g.id, /^gen_[0-9a-z]{20}$/);
    assert.equal(g.status, 'pending');
    assert.equal(g.audio_url, null);
    assert.equal(g.format, 'MP3');
    assert.equal(g.model, 'v-pro');
    assert.equal(g.points_used, 3);
    assert.equal(g.stream_url, `${server.url}/api/v1/tts/${g.id}/audio`);
    assert.equal(g.captions_url, `${server.url}/api/v1/tts/${g.id}/captions`);
    assert.equal(g.captions, undefined);
    const { mime, data } = parseDataUri(g.audio_base64);
    assert.equal(mime, 'audio/mpeg');
    assert.ok(data.length > 1000);

    const after = (await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points;
    assert.equal(before - after, 3);
    const ledger = await server.container.store.ledgerForRef('generation', g.id);
    assert.deepEqual(
      ledger.map((l) => l.amount),
      [-3],
    );

    const ready = await waitReady(server, account.api_key, g.id);
    assert.equal(ready.body.status, 'ready');
    assert.match(ready.body.audio_url, new RegExp(`^${server.url}/files/audio/${g.id}/[0-9a-z]{32}\\.mp3$`));
    assert.deepEqual(Object.keys(ready.body).sort(), ['audio_url', 'captions_url', 'format', 'id', 'status', 'stream_url']);

    // The hosted link plays without the key and holds exactly the audio returned inline.
    const hosted = await fetch(ready.body.audio_url);
    assert.equal(hosted.status, 200);
    assert.equal(hosted.headers.get('content-type'), 'audio/mpeg');
    assert.deepEqual(Buffer.from(await hosted.arrayBuffer()), data);
    // The stream link needs the key.
    assert.equal((await server.request('GET', `/api/v1/tts/${g.id}/audio`)).status, 401);
    const streamed = await fetch(g.stream_url, { headers: { authorization: `Bearer ${account.api_key}` } });
    assert.equal(streamed.status, 200);
    assert.equal(streamed.headers.get('accept-ranges'), 'bytes');
    assert.deepEqual(Buffer.from(await streamed.arrayBuffer()), data);

    // DELETE removes record, audio and timings; the hosted link stops working.
    const del = await server.request('DELETE', `/api/v1/tts/${g.id}`, { key: account.api_key });
    assert.deepEqual(del.body, { ok: true, id: g.id, deleted: true });
    assert.equal((await fetch(ready.body.audio_url)).status, 404);
    assert.equal((await server.request('GET', `/api/v1/tts/${g.id}`, { key: account.api_key })).status, 404);
    assert.equal((await server.request('GET', `/api/v1/tts/${g.id}/captions`, { key: account.api_key })).status, 404);
    assert.equal((await server.request('DELETE', `/api/v1/tts/${g.id}`, { key: account.api_key })).status, 404);
    assert.equal(await server.container.blobs.size(`audio/${g.id}.mp3`), null);
  });

  test('costs follow the model: v-flash /20, v-lite /30, v-studio /15, slug accepted', async () => {
    const text = 'a'.repeat(61);
    for (const [model, points] of [
      ['v-studio', 5],
      ['v-flash', 4],
      ['v-lite', 3],
    ] as const) {
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text, voice: VOICE.slug, model, format: 'WAV' },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.points_used, points, model);
      assert.equal(res.body.model, model);
    }
  });

  test('break and emotion tags count toward the cost', async () => {
    const text = '[happy] Hi <break time="1s"/> there'; // 35 characters → 3 points
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text, voice: VOICE.id, format: 'WAV' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.points_used, 3);
  });

  test('refusals change nothing: no points taken, no record left', async () => {
    const poor = await server.createAccount('pro', 2);
    const count = async () =>
      (await server.container.store.listLedger(poor.account_id, 100)).length;
    const rows = await count();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ text: 'x'.repeat(31), voice: VOICE.id }, 402, 'insufficient_points'],
      [{ text: 'hello', voice: 'voice_does_not_exist' }, 404, 'voice_not_found'],
      [{ text: 'hello', voice: VOICE.id, model: 'v-ultra' }, 422, 'unknown_model'],
      [{ text: 'hello', voice: VOICE.id, model: 'v-studio', temperature: 1 }, 422, 'unsupported_control'],
      [{ text: 'hello', voice: VOICE.id, model: 'v-flash', temperature: 1 }, 422, 'unsupported_control'],
      [{ text: 'hello', voice: VOICE.id, model: 'v-pro', delivery_mode: 'STABLE' }, 422, 'unsupported_control'],
      [{ text: 'hello <break time="11s"/>', voice: VOICE.id }, 422, 'invalid_break_tag'],
      [{ text: 'x'.repeat(2001), voice: VOICE.id }, 413, 'text_too_long'],
      [{ text: '   ', voice: VOICE.id }, 400, 'missing_text'],
    ];
    for (const [body, status, code] of cases) {
      const res = await server.request('POST', '/api/v1/tts', { key: poor.api_key, body });
      assert.equal(res.status, status, `${JSON.stringify(body).slice(0, 60)} → ${res.text}`);
      assert.equal(res.body.error.code, code);
    }
    const temperatureError = await server.request('POST', '/api/v1/tts', {
      key: poor.api_key,
      body: { text: 'hello', voice: VOICE.id, model: 'v-studio', temperature: 1 },
    });
    assert.match(temperatureError.body.error.message, /v-studio.*temperature/);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: poor.api_key })).body.points, 2);
    assert.equal(await count(), rows);
    const generations = await server.container.database.db
      .selectFrom('generations')
      .select('id')
      .where('account_id', '=', poor.account_id)
      .execute();
    assert.equal(generations.length, 0);
  });

  test('a balance exactly equal to the cost is enough', async () => {
    const exact = await server.createAccount('pro', 1);
    const res = await server.request('POST', '/api/v1/tts', {
      key: exact.api_key,
      body: { text: 'Fifteen chars!!', voice: VOICE.id, format: 'PCM' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: exact.api_key })).body.points, 0);
  });

  test("another account's generation is 404 everywhere", async () => {
    const other = await server.createAccount('pro', 100);
    const mine = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Private words.', voice: VOICE.id, format: 'WAV' },
    });
    const id = mine.body.id;
    await waitReady(server, account.api_key, id);
    for (const [method, path] of [
      ['GET', `/api/v1/tts/${id}`],
      ['GET', `/api/v1/tts/${id}/audio`],
      ['GET', `/api/v1/tts/${id}/captions`],
      ['DELETE', `/api/v1/tts/${id}`],
    ] as const) {
      const res = await server.request(method, path, { key: other.api_key });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.error.code, 'not_found');
    }
    assert.equal((await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key })).status, 200);
  });

  test('a long answer carries its audio inline as one unbroken base64 run, byte for byte the hosted file', async () => {
    // ~20 s of WAV, its base64 written straight into the answer (splicedJson).
    const text = 'Every sentence here adds a little more to the length of this answer. '.repeat(12).trim();
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text, voice: VOICE.id, format: 'WAV', model: 'v-lite' },
    });
    assert.equal(res.status, 200, res.text);
    const encoded = (res.body.audio_base64 as string).slice('data:audio/wav;base64,'.length);
    assert.match(encoded, /^[A-Za-z0-9+/]+={0,2}$/, 'padding only at the very end');
    const inline = parseDataUri(res.body.audio_base64).data;
    assert.ok(inline.length > 300_000, `${inline.length} bytes`);
    const ready = await waitReady(server, account.api_key, res.body.id);
    const hosted = Buffer.from(await (await fetch(ready.body.audio_url)).arrayBuffer());
    assert.ok(hosted.equals(inline), `${hosted.length} hosted vs ${inline.length} inline bytes`);
  });

  test('Range requests: 206 with Content-Range, suffix ranges, 416 past the end', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Ranges are useful for seeking.', voice: VOICE.id, format: 'WAV' },
    });
    const full = parseDataUri(res.body.audio_base64).data;
    await waitReady(server, account.api_key, res.body.id);
    const url = `${server.url}/api/v1/tts/${res.body.id}/audio`;
    const auth = { authorization: `Bearer ${account.api_key}` };

    const part = await fetch(url, { headers: { ...auth, range: 'bytes=0-99' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 0-99/${full.length}`);
    assert.equal(part.headers.get('content-length'), '100');
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), full.subarray(0, 100));

    const open = await fetch(url, { headers: { ...auth, range: `bytes=${full.length - 10}-` } });
    assert.equal(open.status, 206);
    assert.deepEqual(Buffer.from(await open.arrayBuffer()), full.subarray(full.length - 10));

    const suffix = await fetch(url, { headers: { ...auth, range: 'bytes=-20' } });
    assert.equal(suffix.status, 206);
    assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), full.subarray(full.length - 20));

    const beyond = await fetch(url, { headers: { ...auth, range: `bytes=${full.length}-` } });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.headers.get('content-range'), `bytes */${full.length}`);
    assert.equal(((await beyond.json()) as any).error.code, 'range_not_satisfiable');

    const ready = await server.request('GET', `/api/v1/tts/${res.body.id}`, { key: account.api_key });
    const hosted = await fetch(ready.body.audio_url, { headers: { range: 'bytes=10-19' } });
    assert.equal(hosted.status, 206);
    assert.deepEqual(Buffer.from(await hosted.arrayBuffer()), full.subarray(10, 20));
    assert.equal((await fetch(ready.body.audio_url.replace(/[0-9a-z]{32}/, 'x'.repeat(32)))).status, 404);
  });

  test('captions inline on create', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'One two three. Four five six seven eight.', voice: VOICE.id, captions: 'word', format: 'WAV' },
    });
    assert.equal(res.status, 200, res.text);
    const cues = res.body.captions.trim().split(/\n\n/);
    assert.equal(cues.length, 8);
    assert.match(cues[0], /^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\nOne$/);
    const phrase = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'One two three. Four five six seven eight.', voice: VOICE.id, captions: true, format: 'WAV' },
    });
    assert.deepEqual(
      phrase.body.captions
        .trim()
        .split(/\n\n/)
        .map((c: string) => c.split('\n')[2]),
      ['One two three.', 'Four five six seven', 'eight.'],
    );
  });
});

describe('pending generations', () => {
  test('pending: audio 409, captions available; a restart resumes the upload', async (t) => {
    // Where the time goes (this test once took 70 s in CI, ~1 s anywhere else).
    let mark = performance.now();
    const steps: string[] = [];
    const step = (name: string) => {
      steps.push(`${name} ${Math.round(performance.now() - mark)} ms`);
      mark = performance.now();
    };
    const first = await startServer({ UPLOAD_DELAY_MS: '600000' });
    const account = await first.createAccount('pro', 100);
    const res = await first.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Waiting for storage.', voice: VOICE.id },
    });
    const id = res.body.id;
    const pending = await first.request('GET', `/api/v1/tts/${id}`, { key: account.api_key });
    assert.equal(pending.body.status, 'pending');
    assert.equal(pending.body.audio_url, null);
    const audio = await first.request('GET', `/api/v1/tts/${id}/audio`, { key: account.api_key });
    assert.equal(audio.status, 409);
    assert.equal(audio.body.error.code, 'audio_not_ready');
    const captions = await first.request('GET', `/api/v1/tts/${id}/captions?format=json`, { key: account.api_key });
    assert.equal(captions.status, 200);
    assert.deepEqual(
      captions.body.words.map((w: any) => w.word),
      ['Waiting', 'for', 'storage.'],
    );

    // Stop the process with the upload still pending, then start a new one on the same data.
    const reuse = { databaseUrl: first.container.config.databaseUrl, dataDir: first.container.config.dataDir };
    step('first server');
    await closeHttp(first.app);
    step('its HTTP close');
    await first.container.close();
    step('its container close');
    const second = await startServer({}, { reuse });
    step('second start');
    try {
      const ready = await waitReady(second, account.api_key, id);
      assert.equal(ready.body.status, 'ready');
      const hosted = await fetch(ready.body.audio_url);
      assert.equal(hosted.status, 200);
      assert.deepEqual(Buffer.from(await hosted.arrayBuffer()), parseDataUri(res.body.audio_base64).data);
      step('resumed upload');
    } finally {
      await second.close();
      step('second close');
      await first.close(); // drops the database the two servers shared
      step('database drop');
      t.diagnostic(steps.join(', '));
    }
  });
});
