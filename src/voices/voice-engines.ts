import { PRESETS } from './catalog.js';
import type { EngineRealization, VoiceTraits } from './identity.js';
import { fallbackSpeechLanguage, resolveLanguage } from './languages.js';
import type { VoiceGender } from './preset-traits.js';

/**
 * Which engine voices a clone or designed voice uses, read from the preset catalog so that they
 * speak an accent exactly as the presets of that accent do.
 */

/** Rough median F0 of the Pico voices, Hz: the catalog's basis for Pico's `pitch` percentage. */
const PICO_MEDIAN_HZ = 200;

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
 * Realizations on engines other than espeak-ng, where the catalog has a voice of this gender on
 * the same espeak-ng voice (Pico's female voices for its six locales; Flite's slt, rms and awb),
 * with the traits mapped the same way the catalog maps them.
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
  const pico = matching.find((preset) => preset.identity.engines['svox-pico'])?.identity.engines['svox-pico'];
  if (pico !== undefined) {
    engines['svox-pico'] = {
      id: pico.id,
      params: {
        pitch: Math.round((100 * traits.pitchHz) / PICO_MEDIAN_HZ),
        speed: Math.round(100 * traits.rate),
      },
    };
  }
  const flite = matching.find((preset) => preset.identity.engines['flite'])?.identity.engines['flite'];
  if (flite !== undefined) {
    engines['flite'] = {
      id: flite.id,
      params: {
        int_f0_target_mean: Math.round(traits.pitchHz),
        duration_stretch: Math.round(1000 / traits.rate) / 1000,
      },
    };
  }
  return engines;
}
