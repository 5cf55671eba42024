import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { decodeWav } from '../../src/audio/wav.js';
import { PRESETS, type PresetVoice } from '../../src/voices/catalog/catalog.js';
import { voicePitch } from '../../src/audio/analysis/voice/measure-pitch.js';
import { parseDataUri } from '../helpers/audio.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/** Pico's lingware kept beside the repository for tests (shared/models/README.md). */
const SHARED_MODELS = path.resolve(process.env['VOICELIB_SHARED_MODELS'] ?? '../shared/models');
const HAVE_PICO = existsSync(path.join(SHARED_MODELS, 'svox-pico', 'en-US_ta.bin'));
const NO_PICO = `SVOX Pico lingware not found under ${SHARED_MODELS}: run "voicelib models pull svox-pico" or set VOICELIB_SHARED_MODELS`;

const TEXT = 'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow.';

/**
 * The presets of one accent and gender with the lowest and the highest pitch target (of those
 * `engine` has a realization for: the New York preset, say, has none on Flite).
 */
function extremes(code: string, gender: string, engine?: string): [PresetVoice, PresetVoice] {
  const voices = PRESETS.filter(
    (p) => p.language_code === code && p.gender === gender && (engine === undefined || p.identity.engines[engine]),
  ).sort(
    (a, b) => a.identity.traits.pitchHz - b.identity.traits.pitchHz,
  );
  assert.ok(voices.length >= 2, `two ${gender} ${code} presets`);
  return [voices[0]!, voices[voices.length - 1]!];
}

function preset(code: string, gender: string): PresetVoice {
  return extremes(code, gender)[0];
}

async function speak(
  server: TestServer,
  account: Account,
  voice: string,
  model: string,
): Promise<{ engine: string | null; audio: PcmAudio }> {
  const res = await server.request('POST', '/api/v1/tts', {
    key: account.api_key,
    body: { voice, model, text: TEXT, format: 'WAV', sample_rate: 16000 },
  });
  assert.equal(res.status, 200, res.text);
  return { engine: res.headers.get('x-voice-engine'), audio: decodeWav(parseDataUri(res.body.audio_base64).data) };
}

function assertNear(measured: number, target: number, tolerance: number, what: string): void {
  const error = Math.abs(measured / target - 1);
  assert.ok(error <= tolerance, `${what}: measured ${measured.toFixed(1)} Hz for ${target} Hz (${(100 * error).toFixed(1)} % off)`);
}

describe('models choose engines, voices keep sounding like themselves', () => {
  describe('with the engines npm installs (espeak-ng, Flite)', () => {
    let server: TestServer;
    let account: Account;
    before(async () => {
      server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', MODELS_SEARCH_PATH: '' });
      account = await server.createAccount('pro', 100_000);
    });
    after(() => server.close());

    test('v-pro and v-flash speak American English on Flite, v-lite on espeak-ng, German on espeak-ng', async () => {
      const female = preset('en-US', 'female').id;
      assert.equal((await speak(server, account, female, 'v-pro')).engine, 'flite');
      assert.equal((await speak(server, account, female, 'v-studio')).engine, 'flite');
      assert.equal((await speak(server, account, female, 'v-lite')).engine, 'espeak-ng');
      // v-flash takes the most natural fast engine (real-time factor ≥ 15), v-lite the fastest.
      assert.equal((await speak(server, account, female, 'v-flash')).engine, 'flite');
      assert.equal((await speak(server, account, preset('de-DE', 'female').id, 'v-pro')).engine, 'espeak-ng');
    });

    test('American presets on Flite land on their own pitch: slt by its pitch control, rms by the transform', async () => {
      for (const gender of ['female', 'male']) {
        const [low, high] = extremes('en-US', gender, 'flite');
        const heard: number[] = [];
        for (const voice of [low, high]) {
          const { engine, audio } = await speak(server, account, voice.id, 'v-pro');
          assert.equal(engine, 'flite');
          const measured = voicePitch(audio).medianHz;
          assertNear(measured, voice.identity.traits.pitchHz, 0.08, `${voice.slug} on Flite`);
          heard.push(measured);
        }
        assert.ok(heard[1]! > heard[0]! * 1.15, `${gender}: ${heard.map((hz) => hz.toFixed(0)).join(' < ')} Hz`);
      }
    });
  });

  describe('with the SVOX Pico lingware installed', { skip: HAVE_PICO ? false : NO_PICO }, () => {
    let server: TestServer;
    let account: Account;
    before(async () => {
      server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', MODELS_SEARCH_PATH: SHARED_MODELS });
      account = await server.createAccount('pro', 100_000);
    });
    after(() => server.close());

    test('v-pro prefers Pico where it has the voice, Flite or espeak-ng where it does not', async () => {
      assert.equal((await speak(server, account, preset('en-US', 'female').id, 'v-pro')).engine, 'svox-pico');
      assert.equal((await speak(server, account, preset('de-DE', 'female').id, 'v-pro')).engine, 'svox-pico');
      // Pico's voices are all female: a male American preset stays on Flite rms, a French one on espeak-ng.
      assert.equal((await speak(server, account, preset('en-US', 'male').id, 'v-pro')).engine, 'flite');
      assert.equal((await speak(server, account, preset('fr-FR', 'male').id, 'v-pro')).engine, 'espeak-ng');
      assert.equal((await speak(server, account, preset('en-US', 'female').id, 'v-lite')).engine, 'espeak-ng');
    });

    test('presets on Pico land on their own pitch and stay apart', async () => {
      for (const code of ['en-US', 'es-ES']) {
        const [low, high] = extremes(code, 'female', 'svox-pico');
        const heard: number[] = [];
        for (const voice of [low, high]) {
          const { engine, audio } = await speak(server, account, voice.id, 'v-pro');
          assert.equal(engine, 'svox-pico');
          const measured = voicePitch(audio).medianHz;
          assertNear(measured, voice.identity.traits.pitchHz, 0.08, `${voice.slug} on Pico`);
          heard.push(measured);
        }
        assert.ok(heard[1]! > heard[0]! * 1.15, `${code}: ${heard.map((hz) => hz.toFixed(0)).join(' < ')} Hz`);
      }
    });
  });
});
