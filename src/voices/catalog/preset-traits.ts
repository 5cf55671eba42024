import type { VoiceGender } from '../../speech/voice-description.js';
import type { VoiceTraits } from '../../speech/voice-identity.js';

/**
 * How preset traits are chosen (each engine realizes them in its folder; espeak-ng's
 * `engines/espeak-ng/voice-fit.ts`). Within one language the voices of each gender take distinct
 * cells of a grid of median pitch (steps of 10.5 %) × formant level (two per gender),
 * so any two presets of a language differ measurably (see `DISTINCT_TRAIT_STEPS`); the other
 * traits follow the voice's category and age.
 */

export type { VoiceGender } from '../../speech/voice-description.js';
export type AgeGroup = 'young' | 'middle-aged' | 'old';
export type PresetCategory =
  | 'narration'
  | 'conversational'
  | 'news'
  | 'education'
  | 'characters'
  | 'meditation'
  | 'advertising'
  | 'customer-service';

/** Categories in the order a language's voices take them. */
export const CATEGORIES: readonly PresetCategory[] = [
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
 * A formant level of the grid, as `measureTraits` reads formant scale. The levels are where
 * espeak-ng's variants cluster (each level is the mean of a group of variants that measure alike,
 * `ESPEAK_LEVEL_VARIANTS` in engines/espeak-ng/voice-fit.ts; test/voices/catalog.test.ts checks
 * the two agree). The two levels of a gender are 9–16 % apart, well clear of the ±3 % the measure
 * wanders with pitch and language.
 */
interface GridSpec {
  /** Median F0 levels, Hz. */
  pitches: readonly number[];
  /** Formant scales, lowest first. */
  formants: readonly number[];
  /** Walks the pitch levels in this stride (coprime with their count) so neighbours differ. */
  stride: number;
}

const levels = (start: number, step: number, count: number, digits: number): number[] =>
  Array.from({ length: count }, (_, k) => round(start * step ** k, digits));

const GRIDS: Record<VoiceGender, GridSpec> = {
  female: {
    pitches: levels(160, PITCH_STEP, 6, 0),
    formants: [1.141, 1.249],
    stride: 5,
  },
  male: {
    pitches: levels(85, PITCH_STEP, 5, 0),
    formants: [0.914, 1.056],
    stride: 3,
  },
  neutral: { pitches: [145], formants: [1.118], stride: 1 },
};

/** The formant scale in the middle of a gender's grid: where the catalog centres its voices. */
export function typicalFormantScale(gender: VoiceGender): number {
  const { formants } = GRIDS[gender];
  return Math.sqrt(formants[0]! * formants[formants.length - 1]!);
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
export function ageOf(gender: VoiceGender, pitchLevel: number): AgeGroup {
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

const PROFILES: Record<PresetCategory, CategoryProfile> = {
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
  category: PresetCategory,
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
    formantScale: grid.formants[cell.formantLevel] ?? 1,
    rate: round(clamp(profile.rate * ageRate + 0.02 * jitter('rate'), 0.85, 1.2), 2),
    brightness: round(profile.brightness + 0.5 * jitter('tilt'), 1),
    breathiness: round(
      clamp(profile.breathiness + (age === 'old' ? 0.08 : 0) + 0.05 * jitter('breath'), 0, 1),
      2,
    ),
  };
}

/** The short usage phrase of a category, for descriptions. */
export function categoryPhrase(category: PresetCategory): string {
  return PROFILES[category].phrase;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
