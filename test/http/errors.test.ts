import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { AppError, STATUS_BY_CODE } from '../../src/errors.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/** Parsed HTTP/1.1 response to bytes written straight to the socket (what fetch will not send). */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

function rawRequest(baseUrl: string, request: string): Promise<RawResponse> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      // The server may close right after answering while we are still writing.
      if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') reject(e);
    });
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no response: ${JSON.stringify(raw.slice(0, 200))}`));
      const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      let text = raw.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') text = text.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n(\r\n)?/g, '');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // left as text; the shape assertion then fails with it in the message
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body, text });
    });
    socket.write(request);
  });
}

describe('error shapes', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ BODY_LIMIT_BYTES: '65536' });
    account = await server.createAccount();
  });
  after(() => server.close());

  const shape = (res: { status: number; body: any; text: string }, status: number, code: string) => {
    assert.equal(res.status, status, res.text);
    assert.deepEqual(Object.keys(res.body), ['error']);
    assert.equal(res.body.error.code, code);
    assert.equal(typeof res.body.error.message, 'string');
    // Nothing internal leaks: no stack frames, no file paths.
    assert.doesNotMatch(res.text, /\n\s+at |node_modules|\/src\//);
  };

  test('unknown routes are 404 not_found, with or without a key', async () => {
    shape(await server.request('GET', '/api/v1/nothing-here'), 404, 'not_found');
    shape(await server.request('GET', '/api/v1/nothing-here', { key: account.api_key }), 404, 'not_found');
    // `/` is Voicelib Studio now (docs/studio.md); other paths outside the API are still JSON 404s.
    shape(await server.request('GET', '/nothing-here'), 404, 'not_found');
    shape(await server.request('GET', '/api/nothing-here'), 404, 'not_found');
  });

  test('malformed JSON is 400 invalid_json', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      raw: '{"text": "hi",',
      headers: { 'content-type': 'application/json' },
    });
    shape(res, 400, 'invalid_json');
  });

  test('an empty JSON body is 400 invalid_json', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    shape(res, 400, 'invalid_json');
  });

  test('a JSON value that is not an object is 400 invalid_json', async () => {
    shape(await server.request('POST', '/api/v1/tts', { key: account.api_key, body: [1, 2] }), 400, 'invalid_json');
    shape(await server.request('POST', '/api/v1/tts', { key: account.api_key, body: 'text' }), 400, 'invalid_json');
  });

  test('a body over the configured limit is 413', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'a'.repeat(70_000), voice: 'x' },
    });
    shape(res, 413, 'payload_too_large');
  });

  test('a non-JSON content type is 415', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      raw: 'text=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    shape(res, 415, 'unsupported_media_type');
  });

  test('a wrong method is 405 with an Allow header', async () => {
    const res = await server.request('PUT', '/api/v1/tts', { key: account.api_key });
    shape(res, 405, 'method_not_allowed');
    // GET /tts is the history, POST /tts generates.
    assert.equal(res.headers.get('allow'), 'GET, POST');
    const one = await server.request('PATCH', '/api/v1/tts/gen_abc', { key: account.api_key });
    shape(one, 405, 'method_not_allowed');
    assert.equal(one.headers.get('allow'), 'DELETE, GET');
    // QUERY (a method Node's parser knows from 20.19.2 on) is no route here, with or without a body
    // type. Fastify reports it as an error before any not-found handler: on Node 20.19 it threw
    // FST_ERR_NOT_FOUND (answered 404), on 20.20 it asks for a Content-Type first.
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const query = await server.request('QUERY', '/api/v1/tts', { key: account.api_key, headers });
      shape(query, 405, 'method_not_allowed');
      assert.equal(query.headers.get('allow'), 'GET, POST');
    }
    const nowhere = await server.request('QUERY', '/api/v1/nowhere', { key: account.api_key });
    shape(nowhere, 404, 'not_found');
  });

  // F8: answers made by Fastify or Node before our handlers run have the same shape.
  const get = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${extra}\r\n`;

  test('a URL that is not valid percent-encoding is 400 bad_request', async () => {
    const res = await rawRequest(server.url, get('/api/v1/voices/%E0%A4%A'));
    shape(res, 400, 'bad_request');
    assert.match(res.headers['content-type'] ?? '', /^application\/json/);
    assert.match(res.headers['x-request-id'] ?? '', /^req_/);
  });

  test('an overlong URL is 414 uri_too_long, whether Node or the app catches it', async () => {
    // 10 KB passes Node's 16 KiB header budget and is refused by the app.
    shape(await rawRequest(server.url, get(`/api/v1/voices?q=${'a'.repeat(10_000)}`)), 414, 'uri_too_long');
    // 20 KB overflows Node's parser, which answers before Fastify sees a request.
    const res = await rawRequest(server.url, get(`/api/v1/voices?q=${'a'.repeat(20_000)}`));
    shape(res, 414, 'uri_too_long');
    assert.equal(res.headers['connection'], 'close');
    // A path parameter over Fastify's maxParamLength (100 characters).
    shape(await rawRequest(server.url, get(`/api/v1/tts/${'g'.repeat(150)}`)), 414, 'uri_too_long');
  });

  test('request headers over the size limit are 431 headers_too_large, and the connection closes', async () => {
    const res = await rawRequest(server.url, get('/api/v1/ping', `X-Big: ${'b'.repeat(20_000)}\r\n`));
    shape(res, 431, 'headers_too_large');
    assert.equal(res.headers['connection'], 'close');
    assert.match(res.headers['content-type'] ?? '', /^application\/json/);
  });

  test('bytes that are not HTTP are 400 bad_request', async () => {
    shape(await rawRequest(server.url, 'GARBAGE\r\n\r\n'), 400, 'bad_request');
  });

  test('an Expect other than 100-continue is 417 expectation_failed', async () => {
    const res = await rawRequest(server.url, get('/api/v1/ping', 'Expect: something-else\r\n'));
    shape(res, 417, 'expectation_failed');
  });

  test('missing required fields are 400 with their own codes', async () => {
    shape(await server.request('POST', '/api/v1/tts', { key: account.api_key, body: { voice: 'v' } }), 400, 'missing_text');
    shape(await server.request('POST', '/api/v1/tts', { key: account.api_key, body: { text: 'hi' } }), 400, 'missing_voice');
    shape(
      await server.request('POST', '/api/v1/voices/designs/previews', { key: account.api_key, body: {} }),
      400,
      'missing_prompt',
    );
    shape(
      await server.request('POST', '/api/v1/voices/clones', { key: account.api_key, body: { language: 'en', samples: [] } }),
      400,
      'missing_name',
    );
  });

  test('out-of-range values are 422 validation_error naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ speed: 1.6 }, /speed/],
      [{ speed: 0.52 }, /speed must be a multiple of 0.05/],
      [{ temperature: 0.6 }, /temperature/],
      [{ bit_rate: 1000 }, /bit_rate/],
      [{ sample_rate: 11025 }, /sample_rate must be one of/],
      [{ format: 'AAC' }, /format must be one of/],
      [{ delivery_mode: 'WILD' }, /delivery_mode/],
      [{ captions: 'sentence' }, /captions must be/],
      [{ speed: '1' }, /speed must be number/],
    ];
    for (const [extra, message] of cases) {
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text: 'hello', voice: 'x', ...extra },
      });
      shape(res, 422, 'validation_error');
      assert.match(res.body.error.message, message);
    }
  });

  test('steps of 0.05 are accepted exactly (no floating point surprises)', async () => {
    for (const speed of [0.55, 0.65, 0.85, 1.15, 1.45]) {
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text: 'hello', voice: 'x', speed },
      });
      assert.notEqual(res.status, 422, `${speed}: ${res.text}`);
    }
  });

  test('text over 2,000 characters is 413 text_too_long', async () => {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'a'.repeat(2001), voice: 'x' },
    });
    shape(res, 413, 'text_too_long');
  });

  test('query strings are validated too', async () => {
    const res = await server.request('GET', '/api/v1/voices?limit=0', { key: account.api_key });
    shape(res, 422, 'validation_error');
    assert.match(res.body.error.message, /limit/);
  });

  test('every response carries a request id; a safe one from the client is kept', async () => {
    const res = await server.request('GET', '/api/v1/ping', { key: account.api_key });
    assert.match(res.headers.get('x-request-id') ?? '', /^req_[0-9a-z]{16}$/);
    const mine = await server.request('GET', '/api/v1/ping', {
      key: account.api_key,
      headers: { 'x-request-id': 'trace-123' },
    });
    assert.equal(mine.headers.get('x-request-id'), 'trace-123');
    const unsafe = await server.request('GET', '/api/v1/ping', {
      key: account.api_key,
      headers: { 'x-request-id': 'a b\tc' },
    });
    assert.notEqual(unsafe.headers.get('x-request-id'), 'a b\tc');
  });

  test('the code → status table is the contract', () => {
    const named: Record<string, number> = {
      missing_text: 400,
      missing_voice: 400,
      missing_name: 400,
      missing_prompt: 400,
      unreadable_audio: 400,
      invalid_json: 400,
      unauthorized: 401,
      insufficient_points: 402,
      forbidden: 403,
      not_found: 404,
      voice_not_found: 404,
      captions_unavailable: 409,
      clone_limit: 409,
      design_limit: 409,
      audio_not_ready: 409,
      sample_too_large: 413,
      text_too_long: 413,
      validation_error: 422,
      unknown_model: 422,
      unsupported_language: 422,
      rate_limited: 429,
      provider_error: 502,
    };
    for (const [code, status] of Object.entries(named)) {
      assert.equal(STATUS_BY_CODE[code as keyof typeof STATUS_BY_CODE], status, code);
    }
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) {
      assert.match(code, /^[a-z]+(_[a-z0-9]+)*$/);
      assert.ok(status >= 400 && status < 600);
      const error = new AppError(code as keyof typeof STATUS_BY_CODE, 'x');
      assert.equal(error.status, status);
    }
  });
});
