import {
  type DesignAge,
  DESIGN_FORMANT_SCALE,
  LEXICON,
  LONGEST_PHRASE,
  NEGATIONS,
  type PaceWord,
  type PitchWord,
  TONES,
  type ToneEffect,
} from './design-words.js';
import { resolveLanguage } from '../languages/languages.js';
import type { VoiceGender } from '../catalog/preset-traits.js';

export type { DesignAge, PaceWord, PitchWord } from './design-words.js';

/** What a voice description asks for, as far as it was understood. */
export interface DesignSpec {
  /** The description as given. */
  prompt: string;
  /** Null when the description does not say; candidates then vary it. */
  gender: VoiceGender | null;
  age: DesignAge | null;
  /** BCP-47 tag of the voice's language and accent (`en-GB`, `es-MX`). */
  language: string;
  /** Catalog accent whose espeak-ng voice realizes the accent (`Scottish`), or null for the language's default. */
  accent: string | null;
  pitch: PitchWord | null;
  pace: PaceWord | null;
  /** Tone and timbre words, normalised to the keys of `TONES` (`warm`, `husky`, `energetic`, ...). */
  tones: string[];
  /** The words and phrases of the prompt that were understood, in order. */
  understood: string[];
}

/**
 * Reads an English voice description: gender (nouns first, then pronouns), age (words and numbers
 * such as "in her 60s" or "40-year-old"), accent or language (→ BCP-47 through `resolveLanguage`),
 * pitch, pace, and tone or timbre words. Unknown words are ignored; a word right after a negation
 * ("not too fast") is skipped. `languageHint` (a resolved code; omit or `auto` to infer) wins over
 * accent words of another language; an accent word of the same language refines it (`en` +
 * "British" → `en-GB`). Without either, English (`en-US`).
 *
 * @example parseDescription('A deep, calm older male narrator with a British accent')
 * // { gender: 'male', age: 'old', language: 'en-GB', accent: 'British', pitch: 'low', tones: ['calm', 'smooth'], ... }
 */
export function parseDescription(prompt: string, languageHint?: string): DesignSpec {
  const tokens = prompt
    .toLowerCase()
    .replace(/[‐-―-]/g, ' ')
    .split(/[^\p{L}\p{N}'’]+/u)
    .map((token) => token.replace(/^['’]+|['’]+$/g, ''))
    .filter((token) => token.length > 0);
  let gender: VoiceGender | null = null;
  let pronounGender: VoiceGender | null = null;
  let age: DesignAge | null = numericAge(prompt);
  let pitch: PitchWord | null = null;
  let pace: PaceWord | null = null;
  const tones: string[] = [];
  const understood: string[] = [];
  const accents: Array<{ code: string; voiceAccent?: string; language?: boolean }> = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    for (let length = Math.min(LONGEST_PHRASE, tokens.length - i); length > 0 && matched === 0; length--) {
      const phrase = tokens.slice(i, i + length).join(' ');
      const meaning = LEXICON.get(phrase) ?? (length === 1 ? accentBeforeWord(tokens, i) : undefined);
      if (meaning === undefined) continue;
      matched = length;
      const negated = tokens.slice(Math.max(0, i - 2), i).some((token) => NEGATIONS.has(token));
      if (negated) break;
      understood.push(phrase);
      switch (meaning.kind) {
        case 'gender':
          gender ??= meaning.gender;
          if (meaning.age !== undefined) age ??= meaning.age;
          break;
        case 'pronoun':
          pronounGender ??= meaning.gender;
          break;
        case 'age':
          age ??= meaning.age;
          break;
        case 'pitch':
          pitch ??= meaning.pitch;
          if (meaning.gender !== undefined) gender ??= meaning.gender;
          break;
        case 'pace':
          pace ??= meaning.pace;
          break;
        case 'tone':
          if (!tones.includes(meaning.tone)) tones.push(meaning.tone);
          break;
        case 'accent':
          accents.push(meaning);
          break;
      }
    }
    i += Math.max(1, matched);
  }
  const { language, accent } = chooseLanguage(accents, languageHint);
  return {
    prompt,
    gender: gender ?? pronounGender,
    age,
    language,
    accent,
    pitch,
    pace,
    tones,
    understood,
  };
}

/** "X accent" for a language name the lexicon lacks but `resolveLanguage` knows ("a Swahili accent"). */
function accentBeforeWord(tokens: readonly string[], i: number) {
  if (tokens[i + 1] !== 'accent' && tokens[i + 1] !== 'accented') return undefined;
  const resolved = resolveLanguage(tokens[i]!);
  if (resolved === null || resolved.code === 'auto' || resolved.experimental) return undefined;
  return { kind: 'accent' as const, code: resolved.code, language: true };
}

/** "in her 60s", "a 40-year-old", "aged 70" → an age group. */
function numericAge(prompt: string): DesignAge | null {
  const match =
    /\b(\d{1,2})\s*(?:-|\s)?\s*(?:years?|yrs?)(?:\s*-?\s*old)?\b/i.exec(prompt) ??
    /\b(?:in\s+(?:his|her|their)\s+(?:early\s+|mid\s+|late\s+)?)(\d{1,2})0?'?s\b/i.exec(prompt) ??
    /\baged?\s+(\d{1,2})\b/i.exec(prompt);
  if (match === null) return null;
  let years = Number(match[1]);
  if (/\d0?'?s\b/.test(match[0]) && years < 10) years *= 10;
  if (years < 13) return 'child';
  if (years < 30) return 'young';
  return years < 55 ? 'middle-aged' : 'old';
}

function chooseLanguage(
  accents: ReadonlyArray<{ code: string; voiceAccent?: string; language?: boolean }>,
  hint: string | undefined,
): { language: string; accent: string | null } {
  const resolvedHint = hint === undefined ? null : resolveLanguage(hint);
  if (resolvedHint !== null && resolvedHint.code !== 'auto') {
    const same = accents.find(
      (entry) => !entry.language && entry.code.split('-')[0] === resolvedHint.language,
    );
    const hintIsBare = resolvedHint.accent === null;
    if (same !== undefined && (hintIsBare || same.code === resolvedHint.code)) {
      return { language: same.code, accent: same.voiceAccent ?? null };
    }
    return { language: resolvedHint.code, accent: null };
  }
  // Accent words ("British") say more than language names ("English"), so they win when both appear.
  const first = accents.find((entry) => !entry.language) ?? accents[0];
  if (first === undefined) return { language: 'en-US', accent: null };
  const resolved = resolveLanguage(first.code);
  return { language: resolved?.code ?? first.code, accent: first.voiceAccent ?? null };
}

type Range = readonly [number, number];

/**
 * Median F0 ranges, Hz, per gender (or child) and pitch word; `any` when no pitch word is given.
 * Children's ranges are wide enough (ratio ≥ 1.28) for three candidates 13 % apart in pitch: their
 * other margins (formants) do not survive on the stock-voice engines, which shift formants only
 * relatively and read compressed above 250 Hz.
 */
const PITCH_HZ: Record<VoiceGender | 'child', Record<PitchWord | 'any', Range>> = {
  male: { low: [78, 104], mid: [100, 128], high: [125, 150], any: [88, 135] },
  female: { low: [155, 185], mid: [180, 225], high: [220, 275], any: [165, 245] },
  neutral: { low: [125, 148], mid: [140, 170], high: [160, 190], any: [135, 178] },
  child: { low: [225, 290], mid: [250, 320], high: [280, 360], any: [240, 330] },
};
/** Speaking-rate ranges per pace word; `normal` also when none is given. */
const RATE: Record<PaceWord, Range> = {
  slow: [0.76, 0.86],
  measured: [0.86, 0.95],
  normal: [0.95, 1.08],
  fast: [1.2, 1.38],
};
/** Pitch multipliers by age (adults): voices rise a little when young; women's fall with age. */
const AGE_PITCH: Record<VoiceGender, Record<VoiceAge3, number>> = {
  male: { young: 1.05, 'middle-aged': 1, old: 0.98 },
  female: { young: 1.05, 'middle-aged': 1, old: 0.92 },
  neutral: { young: 1.04, 'middle-aged': 1, old: 0.96 },
};
type VoiceAge3 = Exclude<DesignAge, 'child'>;

/** The trait ranges a description allows, for one gender choice. */
export interface DesignRanges {
  gender: VoiceGender;
  child: boolean;
  pitchHz: Range;
  formantScale: Range;
  rate: Range;
  pitchRange: number;
  brightness: number;
  breathiness: number;
}

/** What a spec allows for `gender` (the spec's own, or the one chosen for a candidate). */
export function designRanges(spec: DesignSpec, gender: VoiceGender): DesignRanges {
  const child = spec.age === 'child';
  const group = child ? 'child' : gender;
  const effects = spec.tones.map((name) => TONES[name]).filter((effect): effect is ToneEffect => !!effect);
  const product = (key: 'pitch' | 'rate' | 'formant'): number =>
    effects.reduce((value, effect) => value * (effect[key] ?? 1), 1);
  const sum = (key: 'brightness' | 'breathiness' | 'range'): number =>
    effects.reduce((value, effect) => value + (effect[key] ?? 0), 0);
  const age = spec.age === null || spec.age === 'child' ? 'middle-aged' : spec.age;
  // An explicit pitch word sets the range; age and tone nudge only an open one.
  const pitchBase = PITCH_HZ[group][spec.pitch ?? 'any'];
  const pitchNudge = spec.pitch === null && !child ? AGE_PITCH[gender][age] * product('pitch') : 1;
  const formantNudge =
    (spec.pitch === 'low' ? 0.97 : spec.pitch === 'high' ? 1.02 : 1) *
    (age === 'young' ? 1.02 : age === 'old' ? 0.99 : 1) *
    product('formant');
  const rateNudge =
    (spec.pace === null ? product('rate') : 1) * (age === 'old' ? 0.95 : age === 'young' ? 1.03 : 1);
  return {
    gender,
    child,
    pitchHz: scale(pitchBase, pitchNudge),
    formantScale: scale(DESIGN_FORMANT_SCALE[group], formantNudge),
    rate: scale(RATE[spec.pace ?? 'normal'], rateNudge),
    pitchRange: clamp(0.5 + sum('range') + (age === 'young' ? 0.05 : 0), 0.1, 0.95),
    brightness: sum('brightness'),
    breathiness: clamp(0.15 + sum('breathiness') + (age === 'old' ? 0.08 : 0), 0, 0.9),
  };
}

function scale([low, high]: Range, factor: number): Range {
  return [low * factor, high * factor];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
