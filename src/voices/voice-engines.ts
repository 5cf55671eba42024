import { PRESETS } from './catalog.js';
import type { EngineRealization, VoiceTraits } from './identity.js';
import { fallbackSpeechLanguage, resolveLanguage } from './languages.js';
import type { VoiceGender } from './preset-traits.js';

/**
 * Which engine voices a clone or designed voice uses, read from the preset catalog so that they
 * speak an accent exactly as the presets of that accent do.
 */

/**
 * The espeak-ng voice for a language: the catalog's voice for that accent (the first preset of
 * `accent` when given, e.g. `Scottish`), else for the bare language, else the tag itself (the
 * engine resolves it). Languages no engine speaks go through `fallbackSpeechLanguage`.
 */
export function espeakVoiceFor(language: string, gender: VoiceGender, accent?: string): string {
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
  return preset?.identity.engines['espeak-ng']?.id ?? code;
}

/**
 * How the catalog's engine parameters follow the traits: proportional to median pitch (Pico's
 * `pitch` percentage, Flite's target mean F0) or to speaking rate (Pico's `speed`), or inversely to
 * rate (Flite's `duration_stretch`). Rescaling a preset's values by these ratios gives exactly what
 * the catalog's own mapping gives for new traits, without repeating its constants.
 */
const SCALING: Readonly<Record<string, { trait: 'pitchHz' | 'rate'; power: 1 | -1; digits: number }>> = {
  pitch: { trait: 'pitchHz', power: 1, digits: 0 },
  int_f0_target_mean: { trait: 'pitchHz', power: 1, digits: 1 },
  speed: { trait: 'rate', power: 1, digits: 0 },
  duration_stretch: { trait: 'rate', power: -1, digits: 3 },
};

/**
 * Realizations on engines other than espeak-ng (SVOX Pico, Flite, ...), wherever the catalog has a
 * preset of this gender on the same espeak-ng voice that has one: the same engine voice, with its
 * parameters rescaled from that preset's traits to `traits` (see `SCALING`; other parameters are
 * kept as they are).
 */
export function engineRealizations(
  espeakId: string,
  gender: VoiceGender,
  traits: VoiceTraits,
): Record<string, EngineRealization> {
  const engines: Record<string, EngineRealization> = {};
  const matching = PRESETS.filter(
    (preset) => preset.gender === gender && preset.identity.engines['espeak-ng']?.id === espeakId,
  );
  for (const preset of matching) {
    for (const [engine, realization] of Object.entries(preset.identity.engines)) {
      if (engine === 'espeak-ng' || engine in engines) continue;
      const params: Record<string, number | string | boolean> = {};
      for (const [name, value] of Object.entries(realization.params ?? {})) {
        const rule = SCALING[name];
        if (rule === undefined || typeof value !== 'number') {
          params[name] = value;
          continue;
        }
        const factor = (traits[rule.trait] / preset.identity.traits[rule.trait]) ** rule.power;
        params[name] = round(value * factor, rule.digits);
      }
      engines[engine] = { id: realization.id, params };
    }
  }
  return engines;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
