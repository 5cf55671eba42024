import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { decodeWav } from '../../src/audio/wav.js';
import { PRESETS } from '../../src/voices/catalog/catalog.js';
import { voicePitch } from '../../src/audio/analysis/voice/measure-pitch.js';
import { intonation, parseDataUri } from '../helpers/audio.js';
import { KOKORO_SKIP, neuralEnv } from '../helpers/models.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * The four models on the real Kokoro weights (scripts/fetch-test-models.sh): v-pro and v-studio speak
 * on Kokoro in every language it has, v-flash on the most natural fast engine, v-lite on the fastest,
 * and the models the spec tells apart measure apart.
 */

const SHARED_MODELS = path.resolve(process.env['VOICELIB_SHARED_MODELS'] ?? '../shared/models');
const TEXT = 'When the sunlight strikes raindrops in the air, they form a rainbow. Is that not lovely?';
/** Accents Kokoro speaks, one preset each. */
const KOKORO_ACCENTS = ['en-US', 'en-GB', 'es-ES', 'fr-FR', 'it-IT', 'pt-BR', 'hi-IN', 'ja-JP', 'zh-CN'];

function presetOf(code: string, gender = 'female') {
  const voice = PRESETS.find((p) => p.language_code === code && p.gender === gender);
  assert.ok(voice, `a ${gender} ${code} preset`);
  return voice;
}

async function speak(
  server: TestServer,
  account: Account,
  body: Record<string, unknown>,
): Promise<{ engine: string | null; audio: PcmAudio }> {
  const res = await server.request('POST', '/api/v1/tts', {
    key: account.api_key,
    body: { text: TEXT, format: 'WAV', ...body },
  });
  assert.equal(res.status, 200, res.text);
  return { engine: res.headers.get('x-voice-engine'), audio: decodeWav(parseDataUri(res.body.audio_base64).data) };
}

const intonationSpread = (audio: PcmAudio): number => intonation(audio).spread;

function samplesDiffer(a: PcmAudio, b: PcmAudio): boolean {
  if (a.sampleRate !== b.sampleRate || a.samples.length !== b.samples.length) return true;
  return a.samples.some((value, i) => value !== b.samples[i]);
}

describe('models on the neural weights', KOKORO_SKIP, () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({
      RATE_LIMIT_PER_MINUTE: '10000',
      ...neuralEnv(existsSync(SHARED_MODELS) ? [SHARED_MODELS] : []),
    });
    account = await server.createAccount('pro', 1_000_000);
  });
  after(() => server.close());

  test('every preset of a language Kokoro speaks has its own Kokoro blend', () => {
    const byLanguage = new Map<string, Set<string>>();
    for (const voice of PRESETS.filter((p) => KOKORO_ACCENTS.some((code) => code.startsWith(`${p.languages[0]}-`)))) {
      const kokoro = voice.identity.engines['kokoro'];
      assert.ok(kokoro, `${voice.slug} has a Kokoro realization`);
      const blend = String(kokoro.params?.['blend']);
      const seen = byLanguage.get(voice.languages[0]) ?? new Set<string>();
      assert.ok(!seen.has(blend), `${voice.slug} shares its blend ${blend} with another ${voice.languages[0]} preset`);
      seen.add(blend);
      byLanguage.set(voice.languages[0], seen);
    }
  });

  test('v-pro speaks on Kokoro in each of its languages', async () => {
    for (const code of KOKORO_ACCENTS) {
      // Digits, which every language reads in its own words: short, so nine languages stay quick.
      const { engine, audio } = await speak(server, account, { voice: presetOf(code).id, model: 'v-pro', text: '12, 35.' });
      assert.equal(engine, 'kokoro', code);
      assert.equal(audio.sampleRate, 24_000);
      assert.ok(audio.samples.length > 24_000 * 0.5, `${code}: ${audio.samples.length} samples`);
    }
  });

  test('v-flash takes a fast engine and v-lite the fastest: they differ, and neither is Kokoro', async () => {
    const voice = presetOf('en-US').id;
    const flash = await speak(server, account, { voice, model: 'v-flash' });
    const lite = await speak(server, account, { voice, model: 'v-lite' });
    assert.notEqual(flash.engine, 'kokoro');
    assert.equal(lite.engine, 'espeak-ng');
    assert.notEqual(flash.engine, lite.engine);
    assert.ok(samplesDiffer(flash.audio, lite.audio));
  });

  test('v-studio reads more animated than v-pro, and delivery_mode steers it as measured', async () => {
    const voice = presetOf('en-US', 'male').id;
    const pro = intonationSpread((await speak(server, account, { voice, model: 'v-pro' })).audio);
    const spread: Record<string, number> = {};
    for (const mode of ['STABLE', 'BALANCED', 'CREATIVE']) {
      const { engine, audio } = await speak(server, account, { voice, model: 'v-studio', delivery_mode: mode });
      assert.equal(engine, 'kokoro');
      spread[mode] = intonationSpread(audio);
    }
    const report = `v-pro ${pro.toFixed(2)} st, v-studio ${JSON.stringify(spread)}`;
    assert.ok(spread['BALANCED']! > pro * 1.04, report);
    assert.ok(spread['STABLE']! < pro * 0.85, report);
    assert.ok(spread['CREATIVE']! > spread['BALANCED']! * 1.15, report);
  });

  test('an emotion tag steers v-studio on Kokoro: [happy] higher and [sad] lower than untagged', async () => {
    const voice = presetOf('en-US', 'male').id;
    const median = async (text: string) =>
      voicePitch((await speak(server, account, { voice, model: 'v-studio', text })).audio).medianHz;
    const plain = await median(TEXT);
    const happy = await median(`[happy] ${TEXT}`);
    const sad = await median(`[sad] ${TEXT}`);
    const report = `plain ${plain.toFixed(1)} Hz, happy ${happy.toFixed(1)}, sad ${sad.toFixed(1)}`;
    assert.ok(happy > plain * 2 ** (1 / 12), report);
    assert.ok(sad < plain * 2 ** (-1 / 12), report);
  });
});
