import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cloneBody, CLONE_SCRIPT, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * Every header a response carries is in the served OpenAPI document, for that route and status.
 * Each documented operation (the admin API aside: it documents no responses) is called through
 * the real server at least once successfully, and the families with their errors, and each
 * answer's headers are compared with GET /api/v1/openapi.json.
 */

/** Headers HTTP itself defines for every response; everything else must be documented. */
const STANDARD = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'vary']);

const VOICE = presetFor('en-US');
/** An unknown [tag]: removed from the speech and reported in X-Voicelib-Warnings. */
const TAGGED = 'Hello [grumpy] there. A second sentence follows.';

type Operation = { responses: Record<string, { headers?: Record<string, unknown> }> };

describe('response headers in the OpenAPI document', () => {
  let server: TestServer;
  let limited: TestServer;
  let account: Account;
  let paths: Record<string, Record<string, Operation>>;
  const succeeded = new Set<string>();
  const problems: string[] = [];

  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    limited = await startServer({ RATE_LIMIT_PER_MINUTE: '1' });
    account = await server.createAccount('pro', 100_000);
    paths = (await server.request('GET', '/api/v1/openapi.json')).body.paths;
  });
  after(async () => {
    await server.close();
    await limited.close();
  });

  /**
   * Sends the request, and records every header of the answer that the document does not list for
   * `template` and the status. Returns the response with its body read.
   */
  async function call(
    method: string,
    template: string,
    url: string,
    options: { key?: string | null; body?: unknown; raw?: string | Uint8Array; headers?: Record<string, string>; on?: TestServer } = {},
  ) {
    const target = options.on ?? server;
    const res = await target.request(method, url, { key: options.key === undefined ? account.api_key : options.key, ...options });
    const where = `${method} ${template} ${res.status}`;
    const documented = paths[template]?.[method.toLowerCase()]?.responses[String(res.status)];
    if (!documented) {
      problems.push(`${where}: status not documented`);
      return res;
    }
    const names = new Set(Object.keys(documented.headers ?? {}).map((h) => h.toLowerCase()));
    for (const [name] of res.headers) {
      if (!STANDARD.has(name) && !names.has(name)) problems.push(`${where}: header ${name} not documented`);
    }
    if (res.status < 300) succeeded.add(`${method.toLowerCase()} ${template}`);
    return res;
  }

  test('account, models and voices', async () => {
    await call('GET', '/api/v1/ping', '/api/v1/ping');
    await call('GET', '/api/v1/ping', '/api/v1/ping', { key: null });
    await call('GET', '/api/v1/ping', '/api/v1/ping', { key: 'vl_not_a_key' });
    await call('GET', '/api/v1/me', '/api/v1/me');
    await call('GET', '/api/v1/models', '/api/v1/models');
    await call('GET', '/api/v1/voices', '/api/v1/voices?limit=2');
    await call('GET', '/api/v1/voices', '/api/v1/voices?limit=0');
    await call('GET', '/api/v1/voices/languages', '/api/v1/voices/languages');
    await call('GET', '/api/v1/voices/clones', '/api/v1/voices/clones');
    await call('GET', '/api/v1/voices/designs', '/api/v1/voices/designs');

    const recording = await speechWav(server, account.api_key, VOICE.id, CLONE_SCRIPT);
    const clone = await call('POST', '/api/v1/voices/clones', '/api/v1/voices/clones', { body: cloneBody(recording) });
    assert.equal(clone.status, 200, clone.text);
    await call('POST', '/api/v1/voices/clones', '/api/v1/voices/clones', { body: { ...cloneBody(recording), language: 'Klingonese' } });
    await call('DELETE', '/api/v1/voices/clones/{voiceId}', `/api/v1/voices/clones/${clone.body.id}`);
    await call('DELETE', '/api/v1/voices/clones/{voiceId}', `/api/v1/voices/clones/${clone.body.id}`);

    const previews = await call('POST', '/api/v1/voices/designs/previews', '/api/v1/voices/designs/previews', {
      body: { prompt: 'A calm, warm female narrator with a clear American accent', count: 1, preview_text: 'A short line.' },
    });
    assert.equal(previews.status, 200, previews.text);
    const saved = await call('POST', '/api/v1/voices/designs', '/api/v1/voices/designs', {
      body: { preview_id: previews.body.previews[0].preview_id, name: 'Header design' },
    });
    assert.equal(saved.status, 200, saved.text);
    await call('POST', '/api/v1/voices/designs', '/api/v1/voices/designs', { body: { preview_id: 'prev_none', name: 'x' } });
    await call('DELETE', '/api/v1/voices/designs/{voiceId}', `/api/v1/voices/designs/${saved.body.id}`);
  });

  test('speech, its record, audio, captions and history', async () => {
    const key = { 'idempotency-key': `headers-${Date.now()}` };
    const body = { text: TAGGED, voice: VOICE.id, model: 'v-lite', format: 'WAV' };
    const created = await call('POST', '/api/v1/tts', '/api/v1/tts', { body, headers: key });
    assert.equal(created.status, 200, created.text);
    assert.match(created.headers.get('x-voicelib-warnings') ?? '', /unknown_tag/);
    const replayed = await call('POST', '/api/v1/tts', '/api/v1/tts', { body, headers: key });
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
    await call('POST', '/api/v1/tts', '/api/v1/tts', { body: { ...body, voice: 'voice_none' } });
    await call('POST', '/api/v1/tts', '/api/v1/tts', { body: { ...body, speed: 9 } });

    const id = created.body.id as string;
    for (let i = 0; (await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key })).body.status === 'pending'; i++) {
      assert.ok(i < 200, 'the generation became ready');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await call('GET', '/api/v1/tts/{id}', `/api/v1/tts/${id}`);
    await call('GET', '/api/v1/tts/{id}', '/api/v1/tts/gen_none');
    await call('GET', '/api/v1/tts/{id}/audio', `/api/v1/tts/${id}/audio`);
    await call('GET', '/api/v1/tts/{id}/audio', `/api/v1/tts/${id}/audio`, { headers: { range: 'bytes=0-99' } });
    await call('GET', '/api/v1/tts/{id}/audio', `/api/v1/tts/${id}/audio`, { headers: { range: 'bytes=99999999-' } });
    const srt = await call('GET', '/api/v1/tts/{id}/captions', `/api/v1/tts/${id}/captions`);
    assert.match(srt.headers.get('content-disposition') ?? '', /\.srt"/);
    await call('GET', '/api/v1/tts/{id}/captions', `/api/v1/tts/${id}/captions?format=json`);
    await call('GET', '/api/v1/tts/{id}/captions', `/api/v1/tts/${id}/captions?format=vtt`);
    await call('GET', '/api/v1/tts', '/api/v1/tts?limit=5');
    await call('GET', '/api/v1/tts', '/api/v1/tts?limit=0');
    await call('DELETE', '/api/v1/tts/{id}', `/api/v1/tts/${id}`);
    await call('DELETE', '/api/v1/tts/{id}', `/api/v1/tts/${id}`);

    const streamed = await call('POST', '/api/v1/tts/stream', '/api/v1/tts/stream', { body });
    assert.equal(streamed.status, 200, streamed.text);
    assert.match(streamed.headers.get('x-voicelib-warnings') ?? '', /unknown_tag/);
    await call('POST', '/api/v1/tts/stream', '/api/v1/tts/stream', { body: { ...body, voice: 'voice_none' } });
  });

  test('lexicons, PLS export included', async () => {
    const entries = [{ text: 'W3C', alias: 'World Wide Web Consortium' }];
    const created = await call('POST', '/api/v1/lexicons', '/api/v1/lexicons', { body: { name: 'Headers', entries } });
    assert.equal(created.status, 201, created.text);
    const id = created.body.lexicon_id as string;
    await call('POST', '/api/v1/lexicons', '/api/v1/lexicons', { raw: 'text', headers: { 'content-type': 'text/plain' } });
    await call('GET', '/api/v1/lexicons', '/api/v1/lexicons');
    await call('GET', '/api/v1/lexicons/{id}', `/api/v1/lexicons/${id}`);
    const pls = await call('GET', '/api/v1/lexicons/{id}', `/api/v1/lexicons/${id}?format=pls`);
    assert.match(pls.headers.get('content-disposition') ?? '', /attachment/);
    await call('GET', '/api/v1/lexicons/{id}', '/api/v1/lexicons/lex_none');
    await call('PUT', '/api/v1/lexicons/{id}', `/api/v1/lexicons/${id}`, { body: { name: 'Renamed', entries } });
    await call('PUT', '/api/v1/lexicons/{id}', `/api/v1/lexicons/${id}`, { body: { name: '', entries } });
    await call('DELETE', '/api/v1/lexicons/{id}', `/api/v1/lexicons/${id}`);
    await call('DELETE', '/api/v1/lexicons/{id}', `/api/v1/lexicons/${id}`);
  });

  test('the OpenAI-compatible routes', async () => {
    const body = { model: 'v-lite', voice: 'alloy', input: TAGGED, response_format: 'wav' };
    const raw = await call('POST', '/v1/audio/speech', '/v1/audio/speech', { body });
    assert.equal(raw.status, 200, raw.text);
    assert.match(raw.headers.get('x-voicelib-warnings') ?? '', /unknown_tag/);
    const sse = await call('POST', '/v1/audio/speech', '/v1/audio/speech', { body: { ...body, stream_format: 'sse' } });
    assert.equal(sse.status, 200, sse.text);
    await call('POST', '/v1/audio/speech', '/v1/audio/speech', { body: { ...body, voice: 'nobody' } });
    await call('POST', '/v1/audio/speech', '/v1/audio/speech', { body, key: null });
    await call('GET', '/v1/models', '/v1/models');
    await call('GET', '/v1/models/{model}', '/v1/models/tts-1');
    await call('GET', '/v1/models/{model}', '/v1/models/gpt-5');
  });

  test('the speech WebSocket token', async () => {
    assert.equal((await call('POST', '/api/v1/tts/ws-token', '/api/v1/tts/ws-token')).status, 200);
    assert.equal((await call('POST', '/api/v1/tts/ws-token', '/api/v1/tts/ws-token', { key: null })).status, 401);
  });

  test('the ElevenLabs-compatible routes', async () => {
    const xi = { key: null, headers: { 'xi-api-key': account.api_key } };
    const tts = '/v1/text-to-speech/{voice_id}';
    const body = { text: TAGGED, model_id: 'v-lite' };
    for (const suffix of ['', '/stream', '/with-timestamps', '/stream/with-timestamps']) {
      const res = await call('POST', `${tts}${suffix}`, `/v1/text-to-speech/${VOICE.id}${suffix}?output_format=pcm_16000`, { ...xi, body });
      assert.equal(res.status, 200, res.text);
      assert.match(res.headers.get('x-voicelib-warnings') ?? '', /unknown_tag/);
    }
    assert.equal((await call('POST', tts, '/v1/text-to-speech/nobody', { ...xi, body })).status, 404);
    assert.equal((await call('POST', tts, `/v1/text-to-speech/${VOICE.id}`, { key: null, body })).status, 401);
    await call('GET', '/v1/voices', '/v1/voices', xi);
    await call('GET', '/v1/voices/{voice_id}', `/v1/voices/${VOICE.id}`, xi);
    await call('GET', '/v1/voices/{voice_id}', '/v1/voices/nobody', xi);
    await call('GET', '/v1/user', '/v1/user', xi);
    await call('GET', '/v1/user/subscription', '/v1/user/subscription', xi);
    await call('GET', '/v1/history', '/v1/history', xi);
    await call('GET', '/v1/models', '/v1/models', xi);
    const recording = await speechWav(server, account.api_key, presetFor('en-US', 'male').id, CLONE_SCRIPT);
    const form = new FormData();
    form.append('name', 'Header check');
    form.append('files', new Blob([recording], { type: 'audio/wav' }), 'sample.wav');
    const multipart = new Response(form);
    const added = await call('POST', '/v1/voices/add', '/v1/voices/add', {
      ...xi,
      raw: new Uint8Array(await multipart.arrayBuffer()),
      headers: { ...xi.headers, 'content-type': multipart.headers.get('content-type')! },
    });
    assert.equal(added.status, 200, added.text);
    assert.equal((await call('DELETE', '/v1/voices/{voice_id}', `/v1/voices/${added.body.voice_id}`, xi)).status, 200);
  });

  test('rate-limited answers', async () => {
    const poor = await limited.createAccount('pro', 10);
    await call('GET', '/api/v1/ping', '/api/v1/ping', { on: limited, key: poor.api_key });
    const refused = await call('GET', '/api/v1/ping', '/api/v1/ping', { on: limited, key: poor.api_key });
    assert.equal(refused.status, 429);
    assert.equal((await call('GET', '/v1/models', '/v1/models', { on: limited, key: poor.api_key })).status, 429);
  });

  test('every documented operation was answered, and every header it sent is documented', () => {
    const operations = Object.entries(paths)
      .filter(([path]) => !path.startsWith('/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    const unseen = operations.filter((op) => !succeeded.has(op));
    assert.deepEqual({ undocumented: problems, unseen }, { undocumented: [], unseen: [] });
  });
});
