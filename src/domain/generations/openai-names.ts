import { AppError } from '../../errors.js';
import { PRESETS, type PresetVoice, type AgeGroup, type PresetCategory, type VoiceGender } from '../../voices/catalog/catalog.js';
import type { ModelKey } from './models.js';

/**
 * OpenAI's names on the compatible routes (docs/openai-compatibility.md): its speech models map
 * onto voicelib models, its eleven voices onto catalog presets chosen by traits.
 */

/**
 * OpenAI model → voicelib model. tts-1 and tts-1-hd both get v-pro, the most natural engine
 * installed (Kokoro-82M when present): v-flash would answer faster with a formant or diphone
 * engine, which is not what someone switching from OpenAI expects to hear. gpt-4o-mini-tts, the
 * model that takes `instructions`, gets v-studio, the steerable one.
 */
export const OPENAI_MODELS: Readonly<Record<string, ModelKey>> = {
  'tts-1': 'v-pro',
  'tts-1-hd': 'v-pro',
  'gpt-4o-mini-tts': 'v-studio',
};

/** What an OpenAI voice is like, as the catalog describes voices. */
interface VoiceWish {
  gender: VoiceGender;
  category: PresetCategory;
  /** Accent-level language (OpenAI's voices are American, fable and ballad read British). */
  language: string;
  age?: AgeGroup;
}

/**
 * OpenAI's voices by their published character: alloy neutral and balanced, ash a clear
 * conversational male, ballad a soft British male, coral a warm young female, echo an even male,
 * fable a British storyteller, nova a lively female, onyx a deep authoritative male (the low-pitched
 * education voice), sage a crisp assured female, shimmer a clear steady female, verse an
 * expressive male.
 */
const WISHES: ReadonlyArray<readonly [string, VoiceWish]> = [
  ['alloy', { gender: 'neutral', category: 'narration', language: 'en-US' }],
  ['ash', { gender: 'male', category: 'conversational', language: 'en-US' }],
  ['ballad', { gender: 'male', category: 'meditation', language: 'en-GB' }],
  ['coral', { gender: 'female', category: 'conversational', language: 'en-US', age: 'young' }],
  ['echo', { gender: 'male', category: 'customer-service', language: 'en-US' }],
  ['fable', { gender: 'male', category: 'narration', language: 'en-GB' }],
  ['nova', { gender: 'female', category: 'characters', language: 'en-US' }],
  ['onyx', { gender: 'male', category: 'education', language: 'en-US' }],
  ['sage', { gender: 'female', category: 'news', language: 'en-US' }],
  ['shimmer', { gender: 'female', category: 'narration', language: 'en-US' }],
  ['verse', { gender: 'male', category: 'characters', language: 'en-US' }],
];

export const OPENAI_VOICE_NAMES: readonly string[] = WISHES.map(([name]) => name);

/**
 * The English preset that fits a wish best: gender must match; then accent (3), category (2) and
 * age (1) score, so an American voice stays American even where a British preset has its category;
 * presets already taken by an earlier name are skipped so every name is its own voice.
 */
function pick(wish: VoiceWish, taken: Set<string>): PresetVoice {
  let best: PresetVoice | undefined;
  let bestScore = -1;
  for (const preset of PRESETS) {
    if (preset.languages[0] !== 'en' || preset.gender !== wish.gender || taken.has(preset.id)) continue;
    const score =
      (preset.language_code === wish.language ? 3 : 0) +
      (preset.category === wish.category ? 2 : 0) +
      (wish.age !== undefined && preset.age === wish.age ? 1 : 0);
    if (score > bestScore) {
      best = preset;
      bestScore = score;
    }
  }
  if (!best) throw new Error(`no English ${wish.gender} preset left for an OpenAI voice`);
  return best;
}

let table: ReadonlyMap<string, PresetVoice> | undefined;

/** OpenAI voice name → the catalog preset that plays it (computed once from the catalog). */
export function openAiVoiceTable(): ReadonlyMap<string, PresetVoice> {
  if (table === undefined) {
    const taken = new Set<string>();
    const map = new Map<string, PresetVoice>();
    for (const [name, wish] of WISHES) {
      const preset = pick(wish, taken);
      taken.add(preset.id);
      map.set(name, preset);
    }
    table = map;
  }
  return table;
}

/** `voice` on the compatible route: an OpenAI name (any case) becomes its preset's id; anything else passes through. */
export function voiceForOpenAi(voice: string): string {
  return openAiVoiceTable().get(voice.toLowerCase())?.id ?? voice;
}

/** `model` on the compatible route: an OpenAI model or a voicelib key; anything else is 422 `unknown_model`. */
export function modelForOpenAi(model: string, known: readonly string[]): ModelKey {
  const mapped = Object.hasOwn(OPENAI_MODELS, model) ? OPENAI_MODELS[model]! : model;
  if (!known.includes(mapped)) {
    throw new AppError(
      'unknown_model',
      `Unknown model "${model}"; use tts-1, tts-1-hd, gpt-4o-mini-tts or a voicelib model (${known.join(', ')})`,
    );
  }
  return mapped as ModelKey;
}
