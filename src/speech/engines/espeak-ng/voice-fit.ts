import type { VoiceGender } from '../../voice-description.js';
import type { PitchCalibration } from '../../engine-manifest.js';
import type { EngineRealization, VoiceTraits, VoiceTransform } from '../../voice-identity.js';
import { ESPEAK_VARIANT_DATA } from './data/package-voices.js';
import { espeakVariantData, espeakVariantTraits, espeakWpm } from './variants.js';

/**
 * espeak-ng parameters (variant, pitch, range, rate) that realize voice traits: the pitch model of
 * espeak-ng, the variant choice for designed and cloned voices, and the calibrated aim for presets
 * in the formant levels of the catalog's grid (src/voices/catalog/preset-traits.ts). The voice library
 * reaches these through the engine's manifest (manifest.ts).
 */

/**
 * The variants realizing each formant level of the catalog's grid, lowest first: variants whose
 * formant scale, as `measureTraits` reads it (`data/variant-traits.ts`), sits close together; the
 * grid's level is their mean (test/voices/catalog.test.ts checks it). The variant files' nominal
 * formant factors are no guide: some variants add fixed Hz offsets, so f1 and f4, say, both
 * nominally ~1.1, measure 1.12 and 1.24.
 */
export const ESPEAK_LEVEL_VARIANTS: Record<VoiceGender, ReadonlyArray<readonly string[]>> = {
  female: [
    ['f1', 'f2', 'Andrea', 'f5'],
    ['Annie', 'steph', 'f4', 'linda', 'belinda', 'f3'],
  ],
  male: [
    ['Denis', 'victor', 'Mario'],
    ['m4', 'm5', 'robert', 'pablo', 'quincy', 'paul'],
  ],
  // One pool of a male-like and a female-like variant (the catalog has one neutral voice).
  neutral: [['ed', 'shelby']],
};

/** The variants of a formant level (the gender's first level when out of range). */
function levelVariants(gender: VoiceGender, formantLevel: number): readonly string[] {
  const levels = ESPEAK_LEVEL_VARIANTS[gender];
  return levels[formantLevel] ?? levels[0]!;
}

/**
 * espeak-ng variants that sound like ordinary speakers, per gender (robotic, Klatt, whisper and
 * effect variants are left out). Their formant factors come from the package's variant files.
 */
const VARIANT_POOLS: Record<VoiceGender, readonly string[]> = {
  female: ['f1', 'f2', 'f3', 'f4', 'f5', 'Andrea', 'Annie', 'belinda', 'linda', 'steph'],
  male: [
    'm1',
    'm2',
    'm3',
    'm4',
    'm5',
    'm6',
    'm7',
    'm8',
    'Denis',
    'Diogo',
    'Hugo',
    'Mario',
    'Mike',
    'antonio',
    'iven',
    'michel',
    'miguel',
    'norbert',
    'pablo',
    'paul',
    'pedro',
    'quincy',
    'robert',
    'sandro',
    'victor',
  ],
  neutral: ['ed', 'Marco', 'shelby', 'f5'],
};

/** espeak-ng's `pitch_adjust_tab` (wavegen.c): base-pitch multiplier × 128 for `pitch` parameter values 0-99. */
const PITCH_ADJUST: readonly number[] = [
  64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 86, 87, 88, 89, 91, 92,
  93, 94, 96, 97, 98, 100, 101, 103, 104, 105, 107, 108, 110, 111, 113, 115, 116, 118, 119, 121, 123, 124,
  126, 128, 130, 132, 133, 135, 137, 139, 141, 143, 145, 147, 149, 151, 153, 155, 158, 160, 162, 164, 167,
  169, 171, 174, 176, 179, 181, 184, 186, 189, 191, 194, 197, 199, 202, 205, 208, 211, 214, 217, 220, 223,
  226, 229, 232, 236, 239, 242, 246, 249, 252,
];

/**
 * Where read speech sits inside a voice's pitch span, fitted to median F0 measured with
 * `audio/analysis/pitch.ts` on espeak-ng output (59 en/es/fr/it/de presets: mean −1.1 %, worst −7.2 % in German).
 */
const INTONATION_LEVEL = 0.83;

/**
 * Median F0 (Hz) espeak-ng produces for a variant pitched `lowHz`–`highHz` (its `pitch` line) at
 * parameters `pitch` and `range`. From voices.c and wavegen.c: the base is (low − 9 Hz) scaled by
 * `pitch_adjust_tab[pitch] / 128`; the span (high − low) is scaled by `range / 50`, and the base
 * drops by 0.475 × span × (range / 50 − 1) to compensate; speech sits `INTONATION_LEVEL` up the span.
 */
export function espeakMedianHz(lowHz: number, highHz: number, pitch: number, range: number): number {
  const spanFactor = range / 50;
  const base = ((lowHz - 9) * (PITCH_ADJUST[pitch] ?? 128)) / 128;
  return base + (highHz - lowHz) * (INTONATION_LEVEL * spanFactor - 0.475 * (spanFactor - 1));
}

/**
 * espeak-ng parameters for traits (designed and cloned voices): the variant is one of the three in
 * the gender's pool whose formant factor is nearest `formantScale` (rotated by `pick` for variety);
 * `range` is `pitchRange` × 100; `pitch` (0-99) is the value whose `espeakMedianHz` is nearest
 * `pitchHz`; `rate` is words per minute.
 */
export function espeakRealization(
  id: string,
  gender: VoiceGender,
  traits: VoiceTraits,
  pick: number,
): EngineRealization {
  return realizeOnVariants(id, nearestVariants(gender, traits.formantScale), traits, pick);
}


/**
 * espeak-ng parameters for a preset on formant level `formantLevel` of the catalog's grid: a variant of that level
 * (rotated by `pick`), pitch and range aimed by the espeak-ng pitch model. With a `calibration`
 * taken on exactly these parameters, the model aims at target / factor, and `range` may move by
 * up to ±4 so the pitch lands between two steps of espeak-ng's `pitch` scale (each ~1.5 %), not
 * on the nearer one; a target beyond the variant's reach is made up by a pitch shift in the
 * realization's transform. A calibration without a factor (espeak-ng reads the digits of the probe text
 * voicelessly in a few languages, so nothing was measured) is ignored.
 */
export function presetEspeakRealization(
  id: string,
  gender: VoiceGender,
  formantLevel: number,
  traits: VoiceTraits,
  pick: number,
  calibration?: PitchCalibration,
): EngineRealization {
  const rows = levelVariants(gender, formantLevel)
    .map((name) => espeakVariantData(name))
    .filter((row) => row !== undefined);
  const plain = realizeOnVariants(id, rows, traits, pick);
  const params = plain.params ?? {};
  const row = espeakVariantData(String(params['variant']));
  if (
    row === undefined ||
    calibration === undefined ||
    !(calibration.factor > 0) ||
    calibration.variant !== params['variant'] ||
    calibration.pitch !== params['pitch'] ||
    calibration.range !== params['range']
  )
    return plain;
  const aim = traits.pitchHz / calibration.factor;
  let best = { pitch: calibration.pitch, range: calibration.range, cost: Number.POSITIVE_INFINITY };
  for (
    let range = Math.max(0, calibration.range - 4);
    range <= Math.min(99, calibration.range + 4);
    range += 1
  ) {
    const { pitch, errorHz } = closestPitch(row[2], row[3], range, aim);
    // A tenth of a hertz per step of range: stay at the designed width unless it lands closer.
    const cost = errorHz + 0.1 * Math.abs(range - calibration.range);
    if (cost < best.cost) best = { pitch, range, cost };
  }
  const realization: EngineRealization = {
    ...plain,
    params: { ...params, pitch: best.pitch, range: best.range },
  };
  // Where espeak-ng's pitch scale ends before the target (Burmese raises a low male voice by 15 %,
  // past what `pitch` 0 can take back), the transform shifts the rest.
  const landsHz = calibration.factor * espeakMedianHz(row[2], row[3], best.pitch, best.range);
  const missSemitones = 12 * Math.log2(traits.pitchHz / landsHz);
  if (Math.abs(missSemitones) >= UNREACHED_SEMITONES)
    realization.transform = { pitchShiftSemitones: round(missSemitones, 2) };
  return realization;
}

/** A third of a semitone (2 %): a preset missing its pitch by more gets the rest as a pitch shift. */
const UNREACHED_SEMITONES = 1 / 3;

/**
 * The variant among `candidates` rotated to by `pick`, kept when it reaches the pitch target within
 * 2 %; a variant with a wide span (Annie: 120-280 Hz) cannot go low with a wide range, so then the
 * one that gets closest. `range` is `pitchRange` × 100, `pitch` the value nearest the target.
 */
function realizeOnVariants(
  id: string,
  candidates: ReadonlyArray<(typeof ESPEAK_VARIANT_DATA)[number]>,
  traits: VoiceTraits,
  pick: number,
): EngineRealization {
  const range = Math.round(clamp(traits.pitchRange * 100, 0, 99));
  const reached = candidates.map((variant) => ({
    variant,
    ...closestPitch(variant[2], variant[3], range, traits.pitchHz),
  }));
  const rotated = reached[pick % Math.max(1, reached.length)];
  const best = [...reached].sort((a, b) => a.errorHz - b.errorHz)[0];
  const chosen = rotated !== undefined && rotated.errorHz <= 0.02 * traits.pitchHz ? rotated : best;
  if (chosen === undefined) throw new Error(`no espeak-ng variant for voice ${id}`);
  return {
    id,
    params: {
      variant: chosen.variant[0],
      pitch: chosen.pitch,
      range,
      rate: espeakWpm(chosen.variant[0], traits.rate),
    },
  };
}

/** The `pitch` parameter (0-99) whose predicted median F0 is nearest the target, and the miss in Hz. */
function closestPitch(
  lowHz: number,
  highHz: number,
  range: number,
  targetHz: number,
): { pitch: number; errorHz: number } {
  let pitch = 0;
  let errorHz = Number.POSITIVE_INFINITY;
  for (let candidate = 0; candidate <= 99; candidate += 1) {
    const error = Math.abs(espeakMedianHz(lowHz, highHz, candidate, range) - targetHz);
    if (error < errorHz) {
      pitch = candidate;
      errorHz = error;
    }
  }
  return { pitch, errorHz };
}

const nearestCache = new Map<string, ReadonlyArray<(typeof ESPEAK_VARIANT_DATA)[number]>>();

/** The three variants of a gender's pool whose formant factor is nearest `formantScale`. */
function nearestVariants(
  gender: VoiceGender,
  formantScale: number,
): ReadonlyArray<(typeof ESPEAK_VARIANT_DATA)[number]> {
  const key = `${gender}:${formantScale}`;
  let nearest = nearestCache.get(key);
  if (nearest === undefined) {
    nearest = VARIANT_POOLS[gender]
      .map((name) => espeakVariantData(name))
      .filter((row) => row !== undefined)
      .sort(
        (a, b) => Math.abs(a[4] - formantScale) - Math.abs(b[4] - formantScale) || byName(a[0], b[0]),
      )
      .slice(0, 3);
    nearestCache.set(key, nearest);
  }
  return nearest;
}

/**
 * F0 spread of espeak-ng speech: the 10th–90th percentile spread in semitones is about
 * 0.6 + 8.3 × span / median, where span = (variant top − variant base) × range / 50 Hz (measured
 * on m6, m8, Denis and f3 at ranges 50–78). The span is in Hz, so one `range` gives a wider
 * spread in semitones on a low voice than on a high one.
 */
const ESPEAK_SPREAD = { offset: 0.6, perRelativeSpan: 8.3 } as const;

/**
 * The variants worth trying for a cloned voice, to be screened by ear (the voice library renders
 * each): `espeakRealization`'s own choice first, then every variant the catalog's presets of the
 * gender use (`presets`: their espeak-ng realizations; every gender's for a gender-neutral voice,
 * as the catalog's neutral voices use only two). `nominal` is that own choice.
 */
export function espeakCloneVariants(
  id: string,
  gender: VoiceGender,
  traits: VoiceTraits,
  presets: ReadonlyArray<EngineRealization | undefined>,
): { variants: string[]; nominal: string } {
  const nominal = String(espeakRealization(id, gender, traits, 0).params?.['variant']);
  const pool = new Set<string>([nominal]);
  for (const realization of presets) {
    const variant = realization?.params?.['variant'];
    if (typeof variant === 'string') pool.add(variant);
  }
  return { variants: [...pool].filter((name) => espeakVariantData(name) !== undefined), nominal };
}

/**
 * espeak-ng parameters for a cloned voice on one variant: `range` such that the F0 spread in
 * semitones (`spreadSemitones`, the recording's) matches at its pitch (the catalog's `range` =
 * pitchRange × 100 holds at about 100–200 Hz only), `pitch` the value whose `espeakMedianHz` is
 * nearest the target, rate in words per minute as the catalog maps it (`espeakWpm`).
 */
export function espeakCloneRealization(
  id: string,
  variant: string,
  traits: VoiceTraits,
  spreadSemitones: number,
): EngineRealization {
  const [, , lowHz, highHz] = espeakVariantData(variant) ?? ['', '', 82, 118];
  const spanHz =
    (Math.max(0, spreadSemitones - ESPEAK_SPREAD.offset) * traits.pitchHz) / ESPEAK_SPREAD.perRelativeSpan;
  const range = highHz > lowHz ? Math.round(Math.min(99, Math.max(0, (50 * spanHz) / (highHz - lowHz)))) : 50;
  let pitch = 0;
  for (let candidate = 1; candidate <= 99; candidate++) {
    const error = (value: number) => Math.abs(espeakMedianHz(lowHz, highHz, value, range) - traits.pitchHz);
    if (error(candidate) < error(pitch)) pitch = candidate;
  }
  return { id, params: { variant, pitch, range, rate: espeakWpm(variant, traits.rate) } };
}

/** Breathiness at which a variant with espeak-ng's own breath noise is preferred. */
const BREATHY = 0.35;

/**
 * A designed voice on espeak-ng: `espeakRealization`'s parameters (among its three variant choices
 * for rotation `index`, the breathiest for breathy voices, the cleanest for very clean ones, else
 * the first), and the transform for what the variant cannot do itself: the formant scale (against
 * the variant's measured one) and a pitch shift where the variant cannot reach the target
 * (children). `brightness` is the variant's own measured spectral tilt, so the caller can add the
 * rest as EQ.
 */
export function espeakDesignRealization(
  id: string,
  gender: VoiceGender,
  traits: VoiceTraits,
  index: number,
): { realization: EngineRealization; transform: VoiceTransform; brightness: number } {
  const options = [0, 1, 2].map((pick) => espeakRealization(id, gender, traits, pick + index));
  const breathOf = (realization: EngineRealization): number =>
    espeakVariantTraits(String(realization.params?.['variant']))?.[3] ?? 0.5;
  const sorted = [...options].sort((a, b) =>
    traits.breathiness >= BREATHY ? breathOf(b) - breathOf(a) : breathOf(a) - breathOf(b),
  );
  const realization = traits.breathiness >= BREATHY || traits.breathiness <= 0.1 ? sorted[0]! : options[0]!;
  const variant = String(realization.params?.['variant']);
  const measured = espeakVariantTraits(variant);
  const transform: VoiceTransform = {};
  const formantShift = traits.formantScale / (measured?.[1] ?? 1);
  if (Math.abs(Math.log(formantShift)) >= 0.015) transform.formantShift = round(clamp(formantShift, 0.8, 1.25), 3);
  const data = espeakVariantData(variant);
  if (data !== undefined) {
    const predicted = espeakMedianHz(
      data[2],
      data[3],
      Number(realization.params?.['pitch'] ?? 50),
      Number(realization.params?.['range'] ?? 50),
    );
    const missSemitones = 12 * Math.log2(traits.pitchHz / predicted);
    if (Math.abs(missSemitones) >= 0.5) transform.pitchShiftSemitones = round(missSemitones, 2);
  }
  return { realization, transform, brightness: measured?.[2] ?? 0 };
}

/** Code-unit order, the same on every machine (no locale). */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
