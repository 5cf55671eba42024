import { compareCodes } from './bcp47.js';
import { ESPEAK_VARIANT_TRAITS } from './data/espeak-variant-traits.js';
import { ESPEAK_VARIANT_DATA } from './data/espeak-voices.js';
import type { EngineRealization, VoiceTraits } from '../speech/voice-identity.js';

/**
 * How preset traits are chosen and realized. Within one language the voices of each gender take
 * distinct cells of a grid of median pitch (steps of 10.5 %) × formant level (two per gender,
 * each a group of espeak-ng variants that measure alike), so any two presets of a language differ
 * measurably (see `DISTINCT_TRAIT_STEPS`); the other traits follow the voice's category and age.
 */

export type VoiceGender = 'female' | 'male' | 'neutral';
export type VoiceAge = 'young' | 'middle-aged' | 'old';
export type VoiceCategory =
  | 'narration'
  | 'conversational'
  | 'news'
  | 'education'
  | 'characters'
  | 'meditation'
  | 'advertising'
  | 'customer-service';

/** Categories in the order a language's voices take them. */
export const CATEGORIES: readonly VoiceCategory[] = [
  'narration',
  'conversational',
  'news',
  'education',
  'characters',
  'meditation',
  'advertising',
  'customer-service',
];

const PITCH_STEP = 1.105;

/**
 * A formant level of the grid: espeak-ng variants whose formant scale, as `measureTraits` reads
 * it (`data/espeak-variant-traits.ts`), sits close together; the level's scale is their mean.
 * The two levels of a gender are 9–16 % apart, well clear of the ±3 % the measure wanders with
 * pitch and language. (The variant files' nominal formant factors are no guide: some variants add
 * fixed Hz offsets, so f1 and f4, say, both nominally ~1.1, measure 1.12 and 1.24.)
 */
interface FormantLevel {
  scale: number;
  variants: readonly string[];
}

interface GridSpec {
  /** Median F0 levels, Hz. */
  pitches: readonly number[];
  formants: readonly FormantLevel[];
  /** Walks the pitch levels in this stride (coprime with their count) so neighbours differ. */
  stride: number;
}

const levels = (start: number, step: number, count: number, digits: number): number[] =>
  Array.from({ length: count }, (_, k) => round(start * step ** k, digits));

const measuredVariants = new Map(ESPEAK_VARIANT_TRAITS.map((row) => [row[0], row]));
const variantData = new Map(ESPEAK_VARIANT_DATA.map((row) => [row[0], row]));

/** An espeak-ng variant's row of `data/espeak-voices.ts` (pitch span, formant factor), or undefined. */
export function espeakVariantData(name: string): (typeof ESPEAK_VARIANT_DATA)[number] | undefined {
  return variantData.get(name);
}

/** What `measureTraits` reads on an espeak-ng variant (`data/espeak-variant-traits.ts`), or undefined. */
export function espeakVariantTraits(name: string): (typeof ESPEAK_VARIANT_TRAITS)[number] | undefined {
  return measuredVariants.get(name);
}

function formantLevel(variants: readonly string[]): FormantLevel {
  const scales = variants.map((name) => {
    const row = measuredVariants.get(name);
    if (row === undefined) throw new Error(`espeak-ng variant ${name} is not measured`);
    return row[1];
  });
  return { scale: round(scales.reduce((sum, value) => sum + value, 0) / scales.length, 3), variants };
}

/**
 * Female 160–264 Hz in six levels and male 85–127 Hz in five, 10.5 % apart: with each preset
 * landing within about 1 % of its level (`data/preset-pitch.ts`), neighbours stay more than 8 %
 * apart as measured. Gender-neutral voices sit at 145 Hz, 10 % below the lowest female level and
 * 14 % above the highest male one, which keeps them apart from both by pitch alone. Women and men
 * have two formant levels each (shorter and longer vocal tract), so voices sharing a pitch level
 * differ by formants; the neutral level is one pool of a male-like and a female-like variant
 * (the catalog has one neutral voice), its scale between the genders'.
 */
const GRIDS: Record<VoiceGender, GridSpec> = {
  female: {
    pitches: levels(160, PITCH_STEP, 6, 0),
    formants: [
      formantLevel(['f1', 'f2', 'Andrea', 'f5']),
      formantLevel(['Annie', 'steph', 'f4', 'linda', 'belinda', 'f3']),
    ],
    stride: 5,
  },
  male: {
    pitches: levels(85, PITCH_STEP, 5, 0),
    formants: [
      formantLevel(['Denis', 'victor', 'Mario']),
      formantLevel(['m4', 'm5', 'robert', 'pablo', 'quincy', 'paul']),
    ],
    stride: 3,
  },
  neutral: { pitches: [145], formants: [formantLevel(['ed', 'shelby'])], stride: 1 },
};

/** The formant scale in the middle of a gender's grid: where the catalog centres its voices. */
export function typicalFormantScale(gender: VoiceGender): number {
  const { formants } = GRIDS[gender];
  return Math.sqrt(formants[0]!.scale * formants[formants.length - 1]!.scale);
}

/** How many voices of one gender a language can hold with every pair distinct. */
export function gridCapacity(gender: VoiceGender): number {
  return GRIDS[gender].pitches.length * GRIDS[gender].formants.length;
}

export interface Cell {
  pitchLevel: number;
  formantLevel: number;
}

/**
 * The first `count` grid cells for a language: cell i has pitch level (i·stride + offset) mod P and
 * formant level (⌊i/P⌋ + pitch level) mod F. Two cells with the same pitch level have i ≡ j (mod P),
 * so their ⌊i/P⌋ differ by less than F and their formant levels differ.
 */
export function gridCells(gender: VoiceGender, count: number, offset: number): Cell[] {
  const { pitches, formants, stride } = GRIDS[gender];
  if (count > gridCapacity(gender))
    throw new Error(`more than ${gridCapacity(gender)} ${gender} voices in one language`);
  return Array.from({ length: count }, (_, i) => {
    const pitchLevel = (i * stride + offset) % pitches.length;
    return { pitchLevel, formantLevel: (Math.floor(i / pitches.length) + pitchLevel) % formants.length };
  });
}

/** Age from the pitch level: the lowest level sounds older, the top third younger. */
export function ageOf(gender: VoiceGender, pitchLevel: number): VoiceAge {
  const count = GRIDS[gender].pitches.length;
  if (gender === 'neutral') return 'middle-aged';
  if (pitchLevel === 0) return 'old';
  return pitchLevel >= count - Math.floor(count / 3) ? 'young' : 'middle-aged';
}

interface CategoryProfile {
  rate: number;
  pitchRange: number;
  brightness: number;
  breathiness: number;
  phrase: string;
}

const PROFILES: Record<VoiceCategory, CategoryProfile> = {
  narration: {
    rate: 0.95,
    pitchRange: 0.5,
    brightness: -0.5,
    breathiness: 0.15,
    phrase: 'steady and clear for narration and audiobooks',
  },
  conversational: {
    rate: 1.02,
    pitchRange: 0.6,
    brightness: 0,
    breathiness: 0.2,
    phrase: 'relaxed and natural for conversation and assistants',
  },
  news: {
    rate: 1.06,
    pitchRange: 0.45,
    brightness: 1.5,
    breathiness: 0.05,
    phrase: 'crisp and assured for news and announcements',
  },
  education: {
    rate: 0.97,
    pitchRange: 0.55,
    brightness: 0.5,
    breathiness: 0.1,
    phrase: 'patient and articulate for lessons and explainers',
  },
  characters: {
    rate: 1.04,
    pitchRange: 0.85,
    brightness: 1,
    breathiness: 0.1,
    phrase: 'expressive and lively for characters and games',
  },
  meditation: {
    rate: 0.87,
    pitchRange: 0.3,
    brightness: -2.5,
    breathiness: 0.5,
    phrase: 'soft and unhurried for meditation and sleep content',
  },
  advertising: {
    rate: 1.1,
    pitchRange: 0.7,
    brightness: 2,
    breathiness: 0.1,
    phrase: 'upbeat and bright for advertising and promos',
  },
  'customer-service': {
    rate: 1,
    pitchRange: 0.5,
    brightness: 0.5,
    breathiness: 0.15,
    phrase: 'friendly and even for support lines and phone menus',
  },
};

/** A deterministic number in [0, 1) from a string (32-bit FNV-1a over its UTF-16 code units, then mixed). */
export function unitHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // MurmurHash3's finalizer spreads FNV's weak high bits, which `floor(x * n)` reads.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** The traits of one preset from its grid cell, category and slug (for a small stable jitter). */
export function presetTraits(
  gender: VoiceGender,
  cell: Cell,
  category: VoiceCategory,
  slug: string,
): VoiceTraits {
  const grid = GRIDS[gender];
  const profile = PROFILES[category];
  const age = ageOf(gender, cell.pitchLevel);
  const jitter = (salt: string): number => unitHash(`${slug}:${salt}`) * 2 - 1;
  const ageRate = age === 'old' ? 0.94 : age === 'young' ? 1.04 : 1;
  return {
    pitchHz: grid.pitches[cell.pitchLevel] ?? 0,
    pitchRange: round(
      clamp(profile.pitchRange + (age === 'young' ? 0.05 : 0) + 0.04 * jitter('range'), 0.1, 0.95),
      2,
    ),
    formantScale: grid.formants[cell.formantLevel]?.scale ?? 1,
    rate: round(clamp(profile.rate * ageRate + 0.02 * jitter('rate'), 0.85, 1.2), 2),
    brightness: round(profile.brightness + 0.5 * jitter('tilt'), 1),
    breathiness: round(
      clamp(profile.breathiness + (age === 'old' ? 0.08 : 0) + 0.05 * jitter('breath'), 0, 1),
      2,
    ),
  };
}

/** The short usage phrase of a category, for descriptions. */
export function categoryPhrase(category: VoiceCategory): string {
  return PROFILES[category].phrase;
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

/** espeak-ng's default speaking rate, words per minute, for `rate` 1. */
export const ESPEAK_BASE_WPM = 175;

/**
 * espeak-ng's `rate` (words per minute) for a trait rate on a variant: 175 × rate, divided by the
 * variant's own measured pace (Andrea, anika and antonio speak about 18 % faster than f5 at the
 * same setting, Marco 18 % slower), clamped to the 80–450 espeak-ng accepts.
 */
export function espeakWpm(variant: string, rate: number): number {
  return Math.round(clamp((ESPEAK_BASE_WPM * rate) / (measuredVariants.get(variant)?.[5] ?? 1), 80, 450));
}

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
 * `audio/pitch.ts` on espeak-ng output (59 en/es/fr/it/de presets: mean −1.1 %, worst −7.2 % in German).
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
 * How far espeak-ng's real pitch for one preset sits from the pitch model's prediction (measured
 * median F0 / `espeakMedianHz`), found on the preset's uncalibrated parameters (`variant`,
 * `pitch`, `range`) and refined after aiming with it (`data/preset-pitch.ts`, written by
 * `bench/preset-pitch.ts`). The model misses by up to ~5 % in most languages and far more where
 * espeak-ng's intonation differs (Vietnamese tones, Bulgarian, Tamil).
 */
export interface PitchCalibration {
  variant: string;
  pitch: number;
  range: number;
  factor: number;
}

/**
 * espeak-ng parameters for a preset in grid cell `cell`: a variant of the cell's formant level
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
  cell: Cell,
  traits: VoiceTraits,
  pick: number,
  calibration?: PitchCalibration,
): EngineRealization {
  const level = GRIDS[gender].formants[cell.formantLevel] ?? GRIDS[gender].formants[0]!;
  const rows = level.variants.map((name) => variantData.get(name)).filter((row) => row !== undefined);
  const plain = realizeOnVariants(id, rows, traits, pick);
  const params = plain.params ?? {};
  const row = variantData.get(String(params['variant']));
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
      .map((name) => variantData.get(name))
      .filter((row) => row !== undefined)
      .sort(
        (a, b) => Math.abs(a[4] - formantScale) - Math.abs(b[4] - formantScale) || compareCodes(a[0], b[0]),
      )
      .slice(0, 3);
    nearestCache.set(key, nearest);
  }
  return nearest;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
