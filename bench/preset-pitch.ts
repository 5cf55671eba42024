/**
 * Measures where espeak-ng really puts each preset's pitch and prints
 * `src/voices/catalog/data/preset-pitch.ts`. The catalog aims each preset's `pitch` with a model of
 * espeak-ng's pitch code (`espeakMedianHz`), which misses by a few percent on most variants and
 * languages and by far more where espeak-ng's intonation differs (Vietnamese, Bulgarian, Tamil);
 * adjacent pitch levels are 10.5 % apart, so a miss of that size can make two neighbours measure
 * alike. Every preset says its language's probe text (the text the distinctness test measures),
 * `voicePitch` reads the median F0, and the correction factor is measured ÷ predicted: first on
 * the uncalibrated catalog, then up to three more times on the presets that still miss their
 * target by more than 1 %, each preset keeping the factor that landed it closest.
 * Rerun after changing the grid, the seeds or the engine: the catalog test fails while any entry
 * no longer matches its preset's uncalibrated parameters.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/preset-pitch.js > src/voices/catalog/data/preset-pitch.ts
 */
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { buildCatalog, type PresetVoice } from '../src/voices/catalog/catalog.js';
import { voicePitch } from '../src/audio/analysis/voice/measure-pitch.js';
import type { PitchCalibration } from '../src/speech/engine-manifest.js';
import { espeakMedianHz } from '../src/speech/engines/espeak-ng/voice-fit.js';
import { espeakVariantData } from '../src/speech/engines/espeak-ng/variants.js';
import { probeText } from '../src/voices/probe-texts.js';
import { renderIdentity } from '../src/voices/render-identity.js';

const TOLERANCE = 0.01;
const REFINEMENTS = 3;
const engine = createEspeakEngine({ threads: 2 });
const started = performance.now();

interface Landing {
  measuredHz: number;
  predictedHz: number;
}

async function land(voice: PresetVoice): Promise<Landing> {
  const realization = voice.identity.engines['espeak-ng'];
  const params = realization?.params ?? {};
  const row = espeakVariantData(String(params['variant']));
  if (row === undefined) throw new Error(`${voice.slug}: unknown variant`);
  const audio = await renderIdentity(
    engine,
    voice.identity,
    probeText(voice.language_code),
    voice.language_code,
  );
  // The factor is espeak-ng's own miss, so a pitch shift the realization adds is taken out.
  const shift = 2 ** ((realization?.transform?.pitchShiftSemitones ?? 0) / 12);
  return {
    measuredHz: voicePitch(audio).medianHz / shift,
    predictedHz: espeakMedianHz(row[2], row[3], Number(params['pitch']), Number(params['range'])),
  };
}

/** Lands every preset, two at a time (the engine's two workers). */
async function landAll(presets: readonly PresetVoice[]): Promise<Landing[]> {
  const landings = new Array<Landing>(presets.length);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < presets.length) {
        const index = next++;
        landings[index] = await land(presets[index]!);
      }
    }),
  );
  return landings;
}

const plain = buildCatalog(new Map());
const calibrations = new Map<string, PitchCalibration>();
const best = new Map<string, { calibration: PitchCalibration; miss: number }>();
for (const [index, landing] of (await landAll(plain)).entries()) {
  const voice = plain[index]!;
  const params = voice.identity.engines['espeak-ng']?.params ?? {};
  calibrations.set(voice.slug, {
    variant: String(params['variant']),
    pitch: Number(params['pitch']),
    range: Number(params['range']),
    factor: landing.measuredHz > 0 ? landing.measuredHz / landing.predictedHz : 0,
  });
}
let pending = plain
  .filter((voice) => (calibrations.get(voice.slug)?.factor ?? 0) > 0)
  .map((voice) => voice.slug);
for (let pass = 1; pass <= REFINEMENTS + 1 && pending.length > 0; pass += 1) {
  const bySlug = new Map(buildCatalog(calibrations).map((voice) => [voice.slug, voice]));
  const voices = pending.map((slug) => bySlug.get(slug)!);
  const landings = await landAll(voices);
  const missing: string[] = [];
  for (const [index, landing] of landings.entries()) {
    const voice = voices[index]!;
    const used = calibrations.get(voice.slug)!;
    const shift = 2 ** ((voice.identity.engines['espeak-ng']?.transform?.pitchShiftSemitones ?? 0) / 12);
    const miss = (landing.measuredHz * shift) / voice.identity.traits.pitchHz - 1;
    const previous = best.get(voice.slug);
    if (previous === undefined || Math.abs(miss) < Math.abs(previous.miss))
      best.set(voice.slug, { calibration: used, miss });
    if (Math.abs(miss) > TOLERANCE && landing.measuredHz > 0) {
      missing.push(voice.slug);
      calibrations.set(voice.slug, { ...used, factor: landing.measuredHz / landing.predictedHz });
    }
  }
  const worst = Math.max(...[...best.values()].map((entry) => Math.abs(entry.miss)));
  process.stderr.write(
    `pass ${pass}: ${voices.length} presets landed, ${missing.length} beyond ±${100 * TOLERANCE} %, worst kept miss ${(100 * worst).toFixed(1)} %\n`,
  );
  pending = missing;
}
await engine.close();
process.stderr.write(`${plain.length} presets in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);

const rows = plain.map((voice) => {
  const { variant, pitch, range, factor } =
    best.get(voice.slug)?.calibration ?? calibrations.get(voice.slug)!;
  return `  [${JSON.stringify(voice.slug)}, ${JSON.stringify(variant)}, ${pitch}, ${range}, ${factor.toFixed(4)}],`;
});
console.log(`// Generated by bench/preset-pitch.ts. Do not edit.

/**
 * How espeak-ng's real median F0 for each preset on its language's probe text compares with the
 * pitch model's prediction (factor = measured / predicted; 0 where nothing voiced was measured),
 * keyed by the preset's slug and uncalibrated variant, pitch and range.
 */
export const PRESET_PITCH: ReadonlyArray<
  readonly [slug: string, variant: string, pitch: number, range: number, factor: number]
> = [
${rows.join('\n')}
];`);
