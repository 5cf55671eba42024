import { createHash } from 'node:crypto';
import { compareCodes } from '../languages/bcp47.js';
import { PRESET_PITCH } from './data/preset-pitch.js';
import { PRESET_SEEDS } from './data/preset-seeds.js';
import type { VoiceDescription } from '../../speech/voice-description.js';
import { groupRealizer, type PitchCalibration, presetRealizations } from '../../speech/engine-voicing.js';
import type { EngineRealization, VoiceIdentity, VoiceTraits } from '../../speech/voice-identity.js';
import {
  ageOf,
  CATEGORIES,
  type Cell,
  categoryPhrase,
  gridCells,
  presetTraits,
  typicalFormantScale,
  unitHash,
  type AgeGroup,
  type PresetCategory,
  type VoiceGender,
} from './preset-traits.js';

export type { AgeGroup, PresetCategory, VoiceGender } from './preset-traits.js';

/**
 * The public catalog of preset voices, generated deterministically from `data/preset-seeds.ts`:
 * the same ids, slugs and traits on every start and every machine. Wire fields are snake_case;
 * `identity` is internal (what the speech pipeline needs to produce the voice).
 */
export interface PresetVoice {
  /** `voice_` + 20 base-36 characters derived from the slug (stable, same shape as other voice ids). */
  id: string;
  /** `<name>-<language_code>` in lower-case ASCII (`imogen-en-gb`); also accepted as `voice`. */
  slug: string;
  name: string;
  type: 'preset';
  /** The bare language (`en`). */
  languages: readonly [string];
  /** Accent-level BCP-47 tag (`en-GB`, `es-419`). */
  language_code: string;
  accent: string;
  category: PresetCategory;
  description: string;
  gender: VoiceGender;
  age: AgeGroup;
  identity: VoiceIdentity;
}

interface Draft {
  name: string;
  gender: VoiceGender;
  code: string;
  language: string;
  accent: string;
  /** The accent's BCP-47 tag (`PresetSeed.tag`, else its code). */
  accentTag: string;
  slug: string;
}

function parseSeeds(): Draft[] {
  const drafts: Draft[] = [];
  for (const seed of PRESET_SEEDS) {
    for (const entry of seed.voices.split(' ')) {
      const [rawName = '', tag = ''] = entry.split('/');
      const gender: VoiceGender = tag === 'm' ? 'male' : tag === 'n' ? 'neutral' : 'female';
      const name = rawName.replaceAll('_', ' ');
      const language = seed.code.split('-')[0] ?? seed.code;
      drafts.push({
        name,
        gender,
        code: seed.code,
        language,
        accent: seed.accent,
        accentTag: seed.tag ?? seed.code,
        slug: slugOf(name, seed.code),
      });
    }
  }
  return drafts;
}

/** `Ngọc Anh`, `vi-VN` → `ngoc-anh-vi-vn`. */
export function slugOf(name: string, code: string): string {
  return `${name} ${code}`
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `voice_` + 20 base-36 characters of SHA-256(`voicelib-preset:<slug>`). */
export function presetIdOf(slug: string): string {
  const digest = createHash('sha256').update(`voicelib-preset:${slug}`).digest();
  let out = '';
  for (let i = 0; i < 20; i += 1) out += ID_ALPHABET[(digest[i] ?? 0) % 36];
  return `voice_${out}`;
}

/** The measured pitch corrections of `data/preset-pitch.ts`, by slug. */
export const PITCH_CALIBRATIONS: ReadonlyMap<string, PitchCalibration> = new Map(
  PRESET_PITCH.map(([slug, variant, pitch, range, factor]) => [slug, { variant, pitch, range, factor }]),
);

/**
 * The catalog, built from the seeds, with the given pitch corrections (by slug).
 * `bench/preset-pitch.ts` measures the catalog without and then with its own to write them.
 */
export function buildCatalog(calibrations: ReadonlyMap<string, PitchCalibration>): readonly PresetVoice[] {
  const drafts = parseSeeds();
  const byLanguage = new Map<string, Draft[]>();
  for (const draft of drafts)
    byLanguage.set(draft.language, [...(byLanguage.get(draft.language) ?? []), draft]);

  const presets = new Map<Draft, PresetVoice>();
  for (const [language, voices] of byLanguage) {
    // Each language starts at a hashed one of the first four categories, so small ones do not all narrate.
    const categoryOffset = Math.floor(unitHash(`category:${language}`) * 4);
    const categoryOf = new Map(
      voices.map((voice, i) => [voice, CATEGORIES[(i + categoryOffset) % CATEGORIES.length]]),
    );
    // Engines that fit descriptions (Kokoro) give each preset of the language its own realization.
    const realize = groupRealizer();
    for (const gender of ['female', 'male', 'neutral'] as const) {
      const group = voices.filter((voice) => voice.gender === gender);
      const offset = Math.floor(unitHash(`grid:${language}:${gender}`) * 7);
      const variantPick = Math.floor(unitHash(`variant:${language}:${gender}`) * 3);
      const cells = gridCells(gender, group.length, offset);
      group.forEach((voice, i) => {
        const cell = cells[i] ?? { pitchLevel: 0, formantLevel: 0 };
        const category = categoryOf.get(voice) ?? 'narration';
        const traits = presetTraits(gender, cell, category, voice.slug);
        const calibration = calibrations.get(voice.slug);
        presets.set(voice, preset(voice, category, cell, traits, i + variantPick, calibration, realize));
      });
    }
  }
  return Object.freeze(drafts.map((draft) => presets.get(draft)).filter((voice) => voice !== undefined));
}

function preset(
  draft: Draft,
  category: PresetCategory,
  cell: Cell,
  traits: VoiceTraits,
  index: number,
  calibration: PitchCalibration | undefined,
  realize: (description: VoiceDescription) => Record<string, EngineRealization>,
): PresetVoice {
  const age = ageOf(draft.gender, cell.pitchLevel);
  const typicalScale = typicalFormantScale(draft.gender);
  // Each engine realizes the preset from its own tables (speech/voice-realizers.ts).
  const engines = presetRealizations(
    { language: draft.code, gender: draft.gender, traits, typicalFormantScale: typicalScale },
    {
      accent: draft.accentTag,
      formantLevel: cell.formantLevel,
      pick: index,
      ...(calibration === undefined ? {} : { calibration }),
    },
    realize,
  );
  return deepFreeze({
    id: presetIdOf(draft.slug),
    slug: draft.slug,
    name: draft.name,
    type: 'preset',
    languages: [draft.language] as const,
    language_code: draft.code,
    accent: draft.accent,
    category,
    description: describe(draft, category, age, traits),
    gender: draft.gender,
    age,
    identity: { traits, engines },
  });
}

function describe(draft: Draft, category: PresetCategory, age: AgeGroup, traits: VoiceTraits): string {
  const timbre =
    traits.breathiness >= 0.35
      ? 'Breathy'
      : traits.brightness >= 1
        ? 'Bright'
        : traits.brightness <= -1
          ? 'Warm'
          : 'Balanced';
  const low = draft.gender === 'male' ? 100 : draft.gender === 'female' ? 185 : 140;
  const high = draft.gender === 'male' ? 125 : draft.gender === 'female' ? 225 : 160;
  const pitch = traits.pitchHz < low ? 'low' : traits.pitchHz > high ? 'high' : 'mid';
  const who = draft.gender === 'neutral' ? 'gender-neutral' : draft.gender;
  const years = age === 'old' ? 'older' : age;
  const article = /^[AEIOU]/.test(draft.accent) ? 'an' : 'a';
  return `${timbre}, ${pitch}-pitched ${years} ${who} voice with ${article} ${draft.accent} accent; ${categoryPhrase(category)}.`;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The whole catalog in seed order (languages grouped, English first). */
export const PRESETS: readonly PresetVoice[] = buildCatalog(PITCH_CALIBRATIONS);

const byKey = new Map<string, PresetVoice>();
for (const voice of PRESETS) {
  byKey.set(voice.id, voice);
  byKey.set(voice.slug, voice);
}

/** A preset by id (`voice_…`) or slug (`imogen-en-gb`, any case), or undefined. */
export function findPreset(idOrSlug: string): PresetVoice | undefined {
  const key = idOrSlug.trim();
  return byKey.get(key) ?? byKey.get(key.toLowerCase());
}

let grouped: ReadonlyMap<string, readonly PresetVoice[]> | undefined;

/** Presets per bare language, in catalog order. */
export function presetsByLanguage(): ReadonlyMap<string, readonly PresetVoice[]> {
  if (grouped === undefined) {
    const map = new Map<string, PresetVoice[]>();
    for (const voice of PRESETS) map.set(voice.languages[0], [...(map.get(voice.languages[0]) ?? []), voice]);
    grouped = map;
  }
  return grouped;
}

/** Accent codes with presets, per bare language: what makes a language non-experimental. */
export function presetLanguageCodes(): ReadonlyMap<string, ReadonlySet<string>> {
  const map = new Map<string, Set<string>>();
  for (const voice of PRESETS) {
    const set = map.get(voice.languages[0]) ?? new Set<string>();
    set.add(voice.language_code);
    map.set(voice.languages[0], set);
  }
  return map;
}

/** Catalog size and presets per language (most first), for docs and health output. */
export function catalogStats(): {
  total: number;
  languages: number;
  byLanguage: Array<{ language: string; count: number; accents: Record<string, number> }>;
} {
  const byLanguage = [...presetsByLanguage()].map(([language, voices]) => {
    const accents: Record<string, number> = {};
    for (const voice of voices) accents[voice.language_code] = (accents[voice.language_code] ?? 0) + 1;
    return { language, count: voices.length, accents };
  });
  byLanguage.sort((a, b) => b.count - a.count || compareCodes(a.language, b.language));
  return { total: PRESETS.length, languages: byLanguage.length, byLanguage };
}
