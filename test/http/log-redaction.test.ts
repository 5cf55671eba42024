import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { redactUrl } from '../../src/http/log-redaction.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');

describe('hosted-link tokens stay out of the logs', () => {
  let server: TestServer;
  let account: Account;
  const lines: string[] = [];
  before(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    server = await startServer({}, { logger: { level: 'info', stream } });
    account = await server.createAccount('pro', 1000);
  });
  after(() => server.close());

  test('the request log keeps method, route and request id but not the token', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Secret links stay secret.', voice: VOICE.id },
    });
    assert.equal(res.status, 200, res.text);
    const id: string = res.body.id;
    let audioUrl: string | null = null;
    for (let i = 0; i < 300 && !audioUrl; i++) {
      const g = await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key });
      if (g.body.status === 'ready') audioUrl = g.body.audio_url;
      else if (g.body.status !== 'pending') assert.fail(g.text);
      else await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(audioUrl, 'the generation became ready');
    const token = /\/([0-9a-z]{32})\.mp3$/.exec(audioUrl)![1]!;

    const hosted = await fetch(audioUrl, { headers: { 'x-request-id': 'trace-hosted-1' } });
    assert.equal(hosted.status, 200);
    await hosted.arrayBuffer();
    await new Promise((r) => setImmediate(r));

    const log = lines.join('\n');
    assert.ok(!log.includes(token), 'the token is never logged');
    assert.ok(!log.includes(account.api_key), 'the API key is never logged');
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === 'trace-hosted-1' && l.req);
    assert.ok(incoming, 'the hosted request is logged with its request id');
    assert.equal(incoming.req.method, 'GET');
    assert.equal(incoming.req.url, `/files/audio/${id}/[redacted].mp3`);
    // Other URLs are logged as they are.
    assert.ok(lines.some((l) => JSON.parse(l).req?.url === `/api/v1/tts/${id}`));
    // After authentication, the request's lines name the account and key (not the secret).
    const completed = lines.map((l) => JSON.parse(l)).find((l) => l.res && l.account === account.account_id);
    assert.ok(completed, 'the completed authenticated request is logged with its account');
    assert.equal(completed.key, account.key_id);
  });

  test('every hosted-link kind and odd spellings are redacted; other paths are untouched', () => {
    const token = 'abcdefghij0123456789abcdefghij01';
    assert.equal(redactUrl(`/files/audio/gen_1/${token}.mp3`), '/files/audio/gen_1/[redacted].mp3');
    assert.equal(redactUrl(`/files/previews/p_1/${token}.mp3?x=1`), '/files/previews/p_1/[redacted].mp3?x=1');
    assert.equal(redactUrl(`/files/voices/v_1/${token}`), '/files/voices/v_1/[redacted]');
    assert.equal(redactUrl(`/files/audio/gen_1/%61${token}.wav`), '/files/audio/gen_1/[redacted].wav');
    assert.equal(redactUrl('/api/v1/tts/gen_1/audio'), '/api/v1/tts/gen_1/audio');
  });
});
