import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startServer } from '../helpers/server.js';

/** Every endpoint of ../shared/spec/speech-service-spec.md. */
const SPEC_ENDPOINTS: Array<[string, string]> = [
  ['get', '/api/v1/ping'],
  ['get', '/api/v1/me'],
  ['get', '/api/v1/voices'],
  ['get', '/api/v1/models'],
  ['post', '/api/v1/tts'],
  ['get', '/api/v1/tts/{id}'],
  ['get', '/api/v1/tts/{id}/audio'],
  ['get', '/api/v1/tts/{id}/captions'],
  ['delete', '/api/v1/tts/{id}'],
  ['get', '/api/v1/voices/languages'],
  ['post', '/api/v1/voices/designs/previews'],
  ['post', '/api/v1/voices/designs'],
  ['get', '/api/v1/voices/designs'],
  ['delete', '/api/v1/voices/designs/{voiceId}'],
  ['post', '/api/v1/voices/clones'],
  ['get', '/api/v1/voices/clones'],
  ['delete', '/api/v1/voices/clones/{voiceId}'],
];

describe('OpenAPI document', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('is OpenAPI 3.1, served without a key, and lists every spec endpoint', async () => {
    const res = await server.request('GET', '/api/v1/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    for (const [method, path] of SPEC_ENDPOINTS) {
      const operation = res.body.paths?.[path]?.[method];
      assert.ok(operation, `${method.toUpperCase()} ${path} is missing`);
      assert.ok(operation.summary, `${method.toUpperCase()} ${path} has no summary`);
      assert.ok(operation.responses['401'], `${method.toUpperCase()} ${path} does not document 401`);
    }
    const tts = res.body.paths['/api/v1/tts'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(tts.required.sort(), ['text', 'voice']);
    assert.equal(tts.properties.speed.minimum, 0.5);
    assert.equal(tts.properties.speed.maximum, 1.5);
    assert.equal(tts.properties.speed.multipleOf, 0.05);
    assert.deepEqual(tts.properties.sample_rate.enum, [8000, 16000, 22050, 24000, 32000, 44100, 48000]);
    assert.equal(res.body.components.securitySchemes.apiKey.scheme, 'bearer');
  });

  test('the human docs page is served', async () => {
    const res = await server.request('GET', '/docs/');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(res.text, /swagger/i);
  });
});
