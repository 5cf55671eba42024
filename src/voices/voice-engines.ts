import type { SpeechEngine } from '../speech/engine.js';
import { enginesSpeaking, speechLanguageFor } from '../speech/model-policy.js';
import { PROBE_ENGINE, realizeDescription, stockVoiceRealization } from '../speech/engine-voicing.js';
import { PRESETS, type PresetVoice } from './catalog/catalog.js';
import type { EngineRealization, VoiceTraits } from '../speech/voice-identity.js';
import { resolveLanguage } from './languages/languages.js';
import { fallbackSpeechLanguage } from './languages/speech-fallback.js';
import { DESIGN_FORMANT_SCALE } from './design/design-words.js';
import { typicalFormantScale, type VoiceGender } from './catalog/preset-traits.js';

/**
 * Which engine voices a clone or designed voice uses, read from the preset catalog so that they
 * speak an accent exactly as the presets of that accent do.
 */

/**
 * The probe engine's voice for a language (espeak-ng's): the catalog's voice for that accent (the first preset of
 * `accent` when given, e.g. `Scottish`), else for the bare language, else the tag itself (the
 * engine resolves it). Languages no engine speaks go through `fallbackSpeechLanguage`.
 */
export function probeVoiceFor(language: string, gender: VoiceGender, accent?: string): string {
  const { code, preset } = accentPreset(language, gender, accent);
  return preset?.identity.engines[PROBE_ENGINE]?.id ?? code;
}

/**
 * The catalog preset that stands for a language, gender and accent: the first preset of `accent`
 * when given, else of the accent code of this gender, else of the code, else of the bare language.
 */
function accentPreset(
  language: string,
  gender: VoiceGender,
  accent?: string,
): { code: string; preset: PresetVoice | undefined } {
  const resolved = resolveLanguage(language);
  const code =
    resolved === null || resolved.code === 'auto' ? 'en-US' : fallbackSpeechLanguage(resolved.code);
  const base = code.split('-')[0] ?? code;
  const sameLanguage = PRESETS.filter((preset) => preset.languages[0] === base);
  const accentLabel = accent?.toLowerCase();
  const preset =
    (accentLabel === undefined
      ? undefined
      : sameLanguage.find((voice) => voice.accent.toLowerCase() === accentLabel)) ??
    sameLanguage.find((voice) => voice.language_code === code && voice.gender === gender) ??
    sameLanguage.find((voice) => voice.language_code === code) ??
    sameLanguage[0];
  return { code, preset };
}

/**
 * Realizations on the engines that fit a voice description from their own calibration (Kokoro's
 * blends), for the accent the catalog speaks this language, gender and accent in.
 */
export function describedRealizations(
  language: string,
  gender: VoiceGender,
  accent: string | undefined,
  traits: VoiceTraits,
  realize: typeof realizeDescription = realizeDescription,
): Record<string, EngineRealization> {
  const { code, preset } = accentPreset(language, gender, accent);
  return realize({
    language: preset?.language_code ?? code,
    gender,
    traits,
    typicalFormantScale: typicalFormantScale(gender),
  });
}

/**
 * Realizations on engines other than espeak-ng (SVOX Pico, Flite, ...), wherever the catalog has a
 * preset of this gender on the same espeak-ng voice that has one: the same stock engine voice,
 * moved to `traits` (`stockVoiceRealization`).
 */
export function engineRealizations(
  probeVoice: string,
  gender: VoiceGender,
  traits: VoiceTraits,
): Record<string, EngineRealization> {
  const engines: Record<string, EngineRealization> = {};
  const matching = PRESETS.filter(
    (preset) => preset.gender === gender && preset.identity.engines[PROBE_ENGINE]?.id === probeVoice,
  );
  for (const preset of matching) {
    // Designs and clones spread around the middle of the design ranges, not the catalog's grid.
    const description = { language: preset.language_code, gender, traits, typicalFormantScale: designMiddle(gender) };
    for (const [engine, realization] of Object.entries(preset.identity.engines)) {
      if (engine === PROBE_ENGINE || engine in engines) continue;
      const moved = stockVoiceRealization(engine, realization.id, description);
      if (moved !== undefined) engines[engine] = moved;
    }
  }
  return engines;
}

/** What a clone is fitted on (`cloneFittingPlan`). */
export interface CloneFittingPlan {
  /** The language the probes are said in, and the voice will be spoken in. */
  language: string;
  /** The probe engine's voice of the language (through the fallback), whose parameters are fitted first. */
  probeVoice: string;
  /** Stock-voice realizations on installed engines that speak `language`: each gets a fitted transform. */
  fitted: Array<{ engine: SpeechEngine; realization: EngineRealization }>;
  /** Realizations on engines not installed here: kept with their relative transform. */
  kept: Record<string, EngineRealization>;
}

/**
 * The engines and language a clone in `language` is fitted on: the language itself when one of
 * the engines (`probe` and `stock`) speaks it, else the closest one they speak
 * (`fallbackSpeechLanguage`); the catalog's stock-voice realizations for that voice and gender on
 * the engines that speak it. One on an installed engine that does not (Flite for a language that
 * falls back to Swahili) is left out: it could never speak this voice.
 */
export function cloneFittingPlan(
  language: string,
  gender: VoiceGender,
  traits: VoiceTraits,
  probe: SpeechEngine,
  stock: readonly SpeechEngine[],
): CloneFittingPlan {
  const spoken = speechLanguageFor(language, [probe, ...stock], fallbackSpeechLanguage) ?? language;
  const probeVoice = probeVoiceFor(language, gender);
  const speaking = enginesSpeaking(spoken, stock);
  const fitted: CloneFittingPlan['fitted'] = [];
  const kept: Record<string, EngineRealization> = {};
  for (const [engineId, realization] of Object.entries(engineRealizations(probeVoice, gender, traits))) {
    const engine = speaking.find((candidate) => candidate.info.id === engineId);
    if (engine !== undefined) fitted.push({ engine, realization });
    else if (!stock.some((candidate) => candidate.info.id === engineId)) kept[engineId] = realization;
  }
  return { language: spoken, probeVoice, fitted, kept };
}

/** The geometric middle of a gender's design range of formant scales. */
function designMiddle(gender: VoiceGender): number {
  const [low, high] = DESIGN_FORMANT_SCALE[gender];
  return Math.sqrt(low * high);
}
