import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startServer } from '../helpers/server.js';

describe('GET /api/v1/models', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('lists the four models with the spec flags and multipliers, default v-pro', async () => {
    const { api_key } = await server.createAccount();
    const res = await server.request('GET', '/api/v1/models', { key: api_key });
    assert.equal(res.status, 200);
    assert.equal(res.body.default, 'v-pro');
    const flags = res.body.models.map((m: any) => [
      m.key,
      m.steerable,
      m.costMultiplier,
      m.supportsTemperature,
      m.supportsDeliveryMode,
    ]);
    assert.deepEqual(flags, [
      ['v-studio', true, 1, false, true],
      ['v-flash', false, 0.75, false, false],
      ['v-pro', false, 1, true, false],
      ['v-lite', false, 0.5, true, false],
    ]);
    for (const model of res.body.models) {
      assert.match(model.label, /voicelib/i, 'labels carry our own brand');
    }
  });
});
