import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NEURAL_LANGUAGES, SENTENCES } from '../../bench/intelligibility-sentences.js';
import { KIT, type Recognized, kitPython, recognize, scoredInSimplified } from '../../bench/voice-metrics.js';
import { decodeWav, encodeWav } from '../../src/audio/wav.js';
import { KOKORO_SKIP, neuralEnv } from '../helpers/models.js';
import { type TestServer, startServer } from '../helpers/server.js';

/**
 * Issue 30's fast check: each Kokoro language's first catalog preset says three of the benchmark's
 * sentences (a date, a shopping list with a number, a time of day: the second to fourth of
 * bench/intelligibility-sentences.ts; the first English one, Harvard's "birch canoe", has a test of
 * its own below, said by three presets) on
 * v-pro through POST /api/v1/tts, and Whisper base (the voice-metrics kit, offline) must understand
 * them. A regression in text handling (numbers read in the wrong language, a date left as digits,
 * words dropped) or in Kokoro's phonemes raises the error rate past its bound. The bounds sit a few
 * words above what was measured on these sentences (docs/benchmarks.md, section j), so the
 * recognizer's known slips do not fail the suite and a new misreading does. Needs ../shared/voice-metrics (in CI always); skips with the reason elsewhere.
 */
const KIT_SKIP = existsSync(path.join(KIT, 'setup.sh')) ? false : `the voice-metrics kit is not at ${KIT} (it comes with ../shared in CI)`;
const SKIP = KIT_SKIP || KOKORO_SKIP.skip || false;

/** Upper bounds on the corpus error rate (WER; CER for ja and zh) of the three sentences. */
const BOUNDS: Record<(typeof NEURAL_LANGUAGES)[number], number> = {
  en: 0.1,
  es: 0.1,
  fr: 0.2,
  // Measured 28 %: "richiamami" heard as "richiamo a mi", "Mia sorella" as "Mi assorella".
  it: 0.4,
  pt: 0.1,
  ja: 0.15,
  zh: 0.2,
  // Scored differently: see the test.
  hi: Number.NaN,
};

describe('intelligibility of the Kokoro languages (Whisper base)', { skip: SKIP }, () => {
  let server: TestServer;
  let key: string;
  const work = mkdtempSync(path.join(tmpdir(), 'voicelib-intelligibility-'));
  const results = new Map<string, Array<Recognized & { engine: string; voice: string }>>();

  before(async () => {
    server = await startServer(neuralEnv());
    key = (await server.createAccount('pro', 10_000_000)).api_key;
    // Each clip is scored in its language and grouped for a test: a language's own, or "canoe".
    const items: Array<{ file: string; text: string; lang: string; group: string; engine: string; voice: string }> = [];
    const say = async (voice: { id: string; name: string }, text: string, lang: string, group: string) => {
      const res = await server.request('POST', '/api/v1/tts', { key, body: { text, voice: voice.id, model: 'v-pro', format: 'WAV' } });
      assert.equal(res.status, 200, res.text);
      const data = String(res.body.audio_base64);
      const file = path.join(work, `${group}-${items.length}.wav`);
      writeFileSync(file, encodeWav(decodeWav(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64')), { encoding: 'pcm16' }));
      items.push({ file, text, lang, group, engine: res.headers.get('x-voice-engine') ?? '', voice: voice.name });
    };
    for (const language of NEURAL_LANGUAGES) {
      const listed = await server.request('GET', `/api/v1/voices?type=preset&language=${language}&limit=1`, { key });
      const voice = (listed.body.voices as Array<{ id: string; name: string }>)[0]!;
      for (const text of SENTENCES[language]!.slice(1, 4)) await say(voice, text, language, language);
    }
    // "The birch canoe ..." by the first three English presets: "canoe" was heard as "can you" from
    // 9 of 10 presets until Kokoro's English reading of it changed (phonemize.ts, ENGLISH_READINGS).
    const english = await server.request('GET', '/api/v1/voices?type=preset&language=en&limit=3', { key });
    for (const voice of english.body.voices as Array<{ id: string; name: string }>) await say(voice, SENTENCES['en']![0]!, 'en', 'canoe');
    const python = kitPython()!;
    const recognized = recognize(python, items.map(({ file, text, lang }) => ({ file, text, lang })), path.join(work, 'batch.json'));
    for (const [i, result] of recognized.entries()) {
      const item = items[i]!;
      const list = results.get(item.group) ?? [];
      list.push({ ...(await scoredInSimplified(result)), engine: item.engine, voice: item.voice });
      results.set(item.group, list);
    }
  });
  after(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('en: "canoe" is heard as canoe, not "can you"', (t) => {
    const heard = results.get('canoe') ?? [];
    assert.equal(heard.length, 3);
    for (const clip of heard) t.diagnostic(`${clip.voice}: heard as "${clip.transcript}"`);
    const understood = heard.filter((clip) => /\bcanoe/.test(clip.hyp_norm)).length;
    assert.ok(understood >= 2, `"canoe" heard from ${understood} of 3 presets`);
  });

  for (const language of NEURAL_LANGUAGES) {
    test(`${language}: Kokoro's speech is understood`, (t) => {
      const heard = results.get(language) ?? [];
      assert.equal(heard.length, 3);
      for (const clip of heard) assert.match(clip.engine, /kokoro/, `${language} is spoken by Kokoro on v-pro`);
      for (const clip of heard) t.diagnostic(`${clip.voice}: "${clip.text}" heard as "${clip.transcript}"`);
      if (language === 'hi') {
        // Whisper base writes Hindi in Urdu script (the words right, the script not), so a character
        // error rate against Devanagari means nothing. What can be checked: each sentence was heard
        // as Hindi or Urdu (not English, not silence) and about as many words as were written.
        for (const clip of heard) {
          assert.match(clip.transcript, /[\u0900-\u097F\u0600-\u06FF]/, `"${clip.transcript}" is in Devanagari or Urdu script`);
          const ratio = clip.hyp_norm.split(' ').length / clip.ref_norm.split(' ').length;
          t.diagnostic(`words heard / written: ${ratio.toFixed(2)}`);
          assert.ok(ratio > 0.6 && ratio < 1.5, `${clip.hyp_norm.split(' ').length} words heard for ${clip.ref_norm.split(' ').length} written`);
        }
        return;
      }
      const rate = heard.reduce((sum, r) => sum + r.errors, 0) / heard.reduce((sum, r) => sum + r.ref_units, 0);
      t.diagnostic(`${heard[0]!.metric.toUpperCase()} ${(rate * 100).toFixed(1)} % (bound ${BOUNDS[language] * 100} %)`);
      assert.ok(rate <= BOUNDS[language], `${language}: ${(rate * 100).toFixed(1)} % errors, bound ${BOUNDS[language] * 100} %`);
    });
  }
});
