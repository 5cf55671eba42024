import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');

const TOKEN = 'metrics-token-0123456789';

/** Sum of one family's samples whose labels include `labels` (histograms: their count). */
function total(families: Family[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  if (!family) return 0;
  return family.metrics
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);
}

describe('GET /metrics', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ METRICS_TOKEN: TOKEN });
    account = await server.createAccount('pro', 1000);
  });
  after(() => server.close());

  const scrape = async () => {
    const res = await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parsePrometheusTextFormat(res.text);
  };

  test('refuses a missing or wrong token with the API error shape', async () => {
    const missing = await server.request('GET', '/metrics');
    assert.equal(missing.status, 401);
    assert.equal(missing.body.error.code, 'unauthorized');
    const wrong = await server.request('GET', '/metrics', { headers: { authorization: 'Bearer not-the-token' } });
    assert.equal(wrong.status, 401);
  });

  test('a real generation moves the synthesis, points, generation and request series', async () => {
    const before = await scrape();
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Counting this one for the metrics.', voice: VOICE.id, model: 'v-lite', format: 'WAV' },
    });
    assert.equal(res.status, 200, res.text);
    const engine = res.headers.get('x-voice-engine')!;
    const points = res.body.points_used as number;
    assert.ok(points > 0);
    const afterwards = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(afterwards, name, labels) - total(before, name, labels);
    assert.equal(moved('voicelib_generations_total', { model: 'v-lite', engine }), 1);
    assert.equal(moved('voicelib_points_charged_total', { kind: 'generation' }), points);
    assert.ok(moved('voicelib_synthesized_audio_seconds_total', { engine }) > 0.5, 'about 2 s of audio spoken');
    // This parser drops the labels of histogram samples, so the histograms (request latency,
    // synthesis seconds, real-time factor) are checked by the Python SDK's tests with
    // prometheus_client's reference parser (clients/python/tests/test_metrics.py).
    for (const name of ['voicelib_http_request_duration_seconds', 'voicelib_synthesis_seconds', 'voicelib_synthesis_real_time_factor']) {
      assert.equal(afterwards.find((f) => f.name === name)?.type, 'HISTOGRAM', name);
    }
    const depth = afterwards.find((f) => f.name === 'voicelib_queue_depth');
    assert.equal(depth?.type, 'GAUGE');
    assert.deepEqual(depth?.metrics.map((m) => m.labels?.['state']).sort(), ['running', 'waiting']);
  });

  test('a refused generation (402) charges nothing', async () => {
    const poor = await server.createAccount('pro', 0);
    const before = total(await scrape(), 'voicelib_points_charged_total');
    const res = await server.request('POST', '/api/v1/tts', {
      key: poor.api_key,
      body: { text: 'No points for this.', voice: VOICE.id, model: 'v-lite' },
    });
    assert.equal(res.status, 402);
    assert.equal(total(await scrape(), 'voicelib_points_charged_total'), before);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  test('answers 200 to anyone, no Authorization needed, in the Prometheus format', async () => {
    const server = await startServer();
    try {
      assert.equal(server.container.config.metricsToken, null);
      await server.request('GET', '/api/v1/ping');
      const res = await server.request('GET', '/metrics');
      assert.equal(res.status, 200, res.text);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const families = parsePrometheusTextFormat(res.text);
      assert.equal(families.find((f) => f.name === 'voicelib_http_request_duration_seconds')?.type, 'HISTOGRAM');
      // A token sent anyway changes nothing.
      assert.equal((await server.request('GET', '/metrics', { headers: { authorization: 'Bearer anything' } })).status, 200);
    } finally {
      await server.close();
    }
  });
});
