import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelKey } from '../../src/domain/generations/models.js';
import type { SpeechEngine } from '../../src/speech/engine.js';
import { chooseEngine, enginesSpeaking, speechLanguageFor } from '../../src/speech/model-policy.js';
import type { EngineRealization, VoiceTraits } from '../../src/speech/voice-identity.js';
import { explainSpeechFallback, fallbackSpeechLanguage } from '../../src/voices/languages/speech-fallback.js';
import type { VoiceGender } from '../../src/voices/catalog/preset-traits.js';
import { cloneFittingPlan, engineRealizations, probeVoiceFor } from '../../src/voices/voice-engines.js';
import { parseDataUri } from '../helpers/audio.js';
import { CLONE_SCRIPT, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';

/**
 * The spec: every language `GET /voices/languages` lists clones and designs, experimental ones
 * (no presets) included. Checked for EVERY accent code of the list:
 *
 * - design previews through HTTP (one candidate each, a short text: about 0.1 s a code);
 * - the language → engine decision on the installed engines: a language to speak in and an
 *   engine for every model, and the plan realizeClone fits a clone with (`cloneFittingPlan`): its
 *   language is the one spoken later, and every engine voice in it accepts that language (a short
 *   synthesis each; a refusal there is what made cloning answer 422);
 *
 * and through HTTP for one code of every fallback path (which rule of `fallbackSpeechLanguage`
 * chose the language × experimental or not × which stock-voice engines the voice gets): a clone
 * is created and speaks with v-pro and v-lite, a design preview is saved and speaks.
 *
 * Why not an HTTP clone for every code: a clone runs a full voice fitting, 2–3 s of CPU here
 * (measured 2–10 s wall on a loaded 2-core machine), so ~675 codes would take 25–60 minutes. The
 * fitting's result depends on the language only through what the per-code checks above cover:
 * the language spoken, the espeak-ng voice and the engines fitted, all decided by the functions
 * realizeClone calls; the same recording is fitted the same way otherwise.
 */

const MODELS: readonly ModelKey[] = ['v-pro', 'v-studio', 'v-flash', 'v-lite'];
const GENDERS: readonly VoiceGender[] = ['female', 'male', 'neutral'];
/** Middle-of-the-road traits: they move the stock voices' parameters, never which engines are used. */
const TRAITS: VoiceTraits = {
  pitchHz: 160,
  pitchRange: 0.5,
  formantScale: 1,
  rate: 1,
  brightness: 0,
  breathiness: 0.2,
};
const PROMPT = 'A calm, warm voice of a middle-aged woman, clear and friendly.';

interface Code {
  code: string;
  experimental: boolean;
}

describe('every listed language speaks, clones and designs', () => {
  let server: TestServer;
  let account: Account;
  let codes: Code[];
  let installed: readonly SpeechEngine[];

  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_VOICE_PER_HOUR: '100000' });
    account = await server.createAccount('pro', 10_000_000);
    const res = await server.request('GET', '/api/v1/voices/languages', { key: account.api_key });
    assert.equal(res.status, 200);
    const languages = res.body.languages as Array<{ code: string; experimental: boolean; accents: Array<{ code: string }> }>;
    assert.ok(languages.length > 470, `only ${languages.length} languages listed`);
    codes = languages.flatMap((l) => l.accents.map((a) => ({ code: a.code, experimental: l.experimental })));
    assert.ok(codes.some((c) => c.experimental) && codes.some((c) => !c.experimental));
    installed = await server.container.engines.available();
  });

  after(async () => {
    await server?.close();
  });

  it('gives a design preview for every accent code', async () => {
    const failures: string[] = [];
    for (const { code } of codes) {
      const res = await server.request('POST', '/api/v1/voices/designs/previews', {
        key: account.api_key,
        body: { prompt: PROMPT, language: code, preview_text: 'Hello.', count: 1 },
      });
      if (res.status !== 200 || res.body.previews?.length !== 1) failures.push(`${code}: ${res.status} ${res.text.slice(0, 100)}`);
    }
    assert.deepEqual(failures, [], `${failures.length} of ${codes.length} accent codes have no design preview`);
  });

  it('has, for every accent code, a spoken language, an engine per model and clone engines that accept it', async () => {
    const failures: string[] = [];
    const tried = new Map<string, Promise<string | null>>();
    for (const { code } of codes) {
      const spoken = speechLanguageFor(code, installed, fallbackSpeechLanguage);
      if (spoken === null) {
        failures.push(`${code}: no language to speak in`);
        continue;
      }
      for (const model of MODELS) {
        if (chooseEngine(model, spoken, installed) === null) failures.push(`${code}: no ${model} engine for ${spoken}`);
      }
      // What realizeClone renders its probes with: the plan's espeak-ng voice and stock voices, in its language.
      const probe = installed.find((engine) => engine.info.id === 'espeak-ng')!;
      const stock = installed.filter((engine) => engine !== probe);
      for (const gender of GENDERS) {
        const plan = cloneFittingPlan(code, gender, TRAITS, probe, stock);
        if (plan.language !== spoken) failures.push(`${code}: clones fitted in ${plan.language}, spoken in ${spoken}`);
        const renders = [{ engine: probe, realization: { id: plan.probeVoice } as EngineRealization }, ...plan.fitted];
        for (const { engine, realization } of renders) {
          const { transform: _transform, ...voice } = realization;
          const key = `${engine.info.id}|${voice.id}|${plan.language}`;
          let outcome = tried.get(key);
          if (outcome === undefined) {
            outcome = engine
              .synthesize({ text: 'Hello.', language: plan.language, voice, speed: 1, variation: 0.5 })
              .then((result) => (result.audio.samples.length > 0 ? null : 'no audio'))
              .catch((err: Error) => err.message);
            tried.set(key, outcome);
          }
          const error = await outcome;
          if (error !== null) failures.push(`${code} (${gender}) on ${engine.info.id} in ${plan.language}: ${error}`);
        }
      }
    }
    assert.deepEqual(failures, [], `${failures.length} failures`);
  });

  it('clones and designs, and speaks with both, for one code of every fallback path', async () => {
    const key = account.api_key;
    const canSpeak = (language: string) => enginesSpeaking(language, installed).length > 0;
    const samples = new Map<string, string>();
    for (const { code, experimental } of codes) {
      const { rule } = explainSpeechFallback(code, canSpeak);
      const stock = new Set<string>();
      for (const gender of GENDERS) {
        for (const id of Object.keys(engineRealizations(probeVoiceFor(code, gender), gender, TRAITS))) stock.add(id);
      }
      const path = `${rule}${experimental ? ' experimental' : ''} [${[...stock].sort().join('+')}]`;
      if (!samples.has(path)) samples.set(path, code);
    }
    // The paths this list and these engines have today; fewer would mean the sample lost coverage.
    for (const rule of ['spoken', 'macrolanguage', 'family', 'script', 'default']) {
      assert.ok([...samples.keys()].some((path) => path.startsWith(rule)), `no accent code falls back by ${rule}`);
    }

    const recording = (await speechWav(server, key, 'imogen-en-gb', CLONE_SCRIPT)).toString('base64');
    const failures: string[] = [];
    const speak = async (what: string, voice: string, model: ModelKey) => {
      const res = await server.request('POST', '/api/v1/tts', { key, body: { text: 'Hello there.', voice, model } });
      if (res.status !== 200) return failures.push(`${what} ${model}: ${res.status} ${res.text.slice(0, 100)}`);
      const audio = parseDataUri(res.body.audio_base64).data;
      if (audio.length < 1000) failures.push(`${what} ${model}: ${audio.length} bytes of audio`);
    };
    for (const [path, code] of samples) {
      const what = `${code} (${path})`;
      const clone = await server.request('POST', '/api/v1/voices/clones', {
        key,
        body: { name: `Clone ${code}`, language: code, samples: [{ audio_base64: recording }] },
      });
      if (clone.status !== 200) {
        failures.push(`${what} clone: ${clone.status} ${clone.text.slice(0, 100)}`);
      } else {
        assert.deepEqual(clone.body.languages, [code]);
        await speak(`${what} clone`, clone.body.id, 'v-pro');
        await speak(`${what} clone`, clone.body.id, 'v-lite');
        await server.request('DELETE', `/api/v1/voices/clones/${clone.body.id}`, { key });
      }
      const previews = await server.request('POST', '/api/v1/voices/designs/previews', {
        key,
        body: { prompt: PROMPT, language: code, preview_text: 'Hello.', count: 1 },
      });
      if (previews.status !== 200) {
        failures.push(`${what} preview: ${previews.status} ${previews.text.slice(0, 100)}`);
        continue;
      }
      const saved = await server.request('POST', '/api/v1/voices/designs', {
        key,
        body: { preview_id: previews.body.previews[0].preview_id, name: `Design ${code}` },
      });
      if (saved.status !== 200) {
        failures.push(`${what} design save: ${saved.status} ${saved.text.slice(0, 100)}`);
        continue;
      }
      await speak(`${what} design`, saved.body.id, 'v-pro');
      await server.request('DELETE', `/api/v1/voices/designs/${saved.body.id}`, { key });
    }
    assert.deepEqual(failures, [], `${failures.length} failures over ${samples.size} sampled codes`);
  });
});
