/**
 * Preset distinctness as heard: every preset of the given languages says its language's probe
 * text on one engine (realization + transform), `measureTraits` reads pitch, formants and rate
 * (from the known text), and every pair of one language is checked with `traitsAreDistinct`.
 * test/voices/preset-distinctness.test.ts asserts the same on espeak-ng; this prints the pairs
 * that measure alike, the worst pitch miss and a count per language, never an exit code. With
 * `--engine flite`, `--engine svox-pico` or `--engine kokoro` it measures the presets that engine speaks on v-pro
 * (American voices on Flite; women of six locales on Pico, which needs its lingware).
 *
 *   npx tsc -p tsconfig.json && node dist/bench/preset-distinctness.js [--engine id] all | en de fr
 *
 * `DETAIL=1` also prints each preset's target and measured traits and its realization (stderr).
 */
import type { SpeechEngine } from '../src/speech/engine.js';
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../src/speech/engines/flite/index.js';
import { createKokoroEngine } from '../src/speech/engines/kokoro/index.js';
import { longTermSpectrum, spectralDistance } from '../src/audio/analysis/spectrum.js';
import { PRESETS } from '../src/voices/catalog/catalog.js';
import { relativeDifference, traitsAreDistinct } from '../src/speech/voice-identity.js';
import { type MeasuredTraits, measureTraits } from '../src/audio/analysis/voice/measure.js';
import { probeText } from '../src/voices/probe-texts.js';
import { renderIdentity } from '../src/voices/render-identity.js';
import { benchPicoEngine } from './pico.js';
import { engineModelFolders } from './setup.js';

const args = process.argv.slice(2);
const engineFlag = args.indexOf('--engine');
const engineId = engineFlag >= 0 ? (args.splice(engineFlag, 2)[1] ?? 'espeak-ng') : 'espeak-ng';
const spoken = PRESETS.filter((preset) => preset.identity.engines[engineId] !== undefined);
const count = (language: string) => spoken.filter((preset) => preset.languages[0] === language).length;
const languages =
  args.length === 0 || args[0] === 'all'
    ? [...new Set(spoken.map((preset) => preset.languages[0]))].filter((language) => count(language) > 1)
    : args;
const engine: SpeechEngine =
  engineId === 'flite'
    ? createFliteEngine({ threads: 1 })
    : engineId === 'svox-pico'
      ? benchPicoEngine()
      : engineId === 'kokoro'
        ? createKokoroEngine({ modelFolders: engineModelFolders() })
        : createEspeakEngine({ threads: 1 });
const pct = (value: number) => `${(100 * value).toFixed(1)} %`;

console.log(`Engine: ${engineId}\n`);
console.log(
  '| Language | Presets | Worst pitch miss | Pairs | Measured alike | Alike pairs (pitch / formant / rate apart) |',
);
console.log('|---|---:|---:|---:|---:|---|');
let total = { presets: 0, pairs: 0, alike: 0, worstMiss: 0 };
for (const language of languages) {
  const voices = spoken.filter((preset) => preset.languages[0] === language);
  const text = probeText(language);
  const measured: Array<{ slug: string; traits: MeasuredTraits; spectrum: Float32Array }> = [];
  let worstMiss = 0;
  for (const voice of voices) {
    const audio = await renderIdentity(engine, voice.identity, text, voice.language_code);
    const traits = measureTraits(audio, { transcript: text, language: voice.language_code });
    measured.push({ slug: voice.slug, traits, spectrum: longTermSpectrum(audio) });
    const miss = traits.pitchHz / voice.identity.traits.pitchHz - 1;
    if (Math.abs(miss) > Math.abs(worstMiss)) worstMiss = miss;
    if (process.env['DETAIL']) {
      const realized = voice.identity.engines[engineId];
      console.error(
        `${voice.slug}: pitch ${voice.identity.traits.pitchHz.toFixed(0)} -> ${traits.pitchHz.toFixed(0)} Hz (${pct(miss)}), ` +
          `formant ${voice.identity.traits.formantScale.toFixed(3)} -> ${traits.formantScale.toFixed(3)}, rate ${traits.rate.toFixed(3)}, ${JSON.stringify(realized?.params ?? {})}`,
      );
    }
  }
  const alike: string[] = [];
  let pairs = 0;
  for (let i = 0; i < measured.length; i++) {
    for (let j = i + 1; j < measured.length; j++) {
      pairs++;
      const [a, b] = [measured[i]!, measured[j]!];
      if (traitsAreDistinct(a.traits, b.traits)) continue;
      alike.push(
        `${a.slug} ~ ${b.slug} (${pct(relativeDifference(a.traits.pitchHz, b.traits.pitchHz))} / ` +
          `${pct(relativeDifference(a.traits.formantScale, b.traits.formantScale))} / ${pct(relativeDifference(a.traits.rate, b.traits.rate))}; ` +
          `spectra ${spectralDistance(a.spectrum, b.spectrum).toFixed(2)} dB apart)`,
      );
    }
  }
  console.log(
    `| ${language} | ${voices.length} | ${pct(worstMiss)} | ${pairs} | ${alike.length} | ${alike.join('; ') || '–'} |`,
  );
  total = {
    presets: total.presets + voices.length,
    pairs: total.pairs + pairs,
    alike: total.alike + alike.length,
    worstMiss: Math.abs(worstMiss) > Math.abs(total.worstMiss) ? worstMiss : total.worstMiss,
  };
}
console.log(
  `| all ${languages.length} | ${total.presets} | ${pct(total.worstMiss)} | ${total.pairs} | ${total.alike} | |`,
);
await engine.close();
