import type { VoiceGender } from '../../voice-description.js';

/** The six SVOX Pico locales by the espeak-ng voice of the same accent; Pico's one voice per locale is female. */
const PICO_LOCALES: ReadonlyMap<string, string> = new Map([
  ['gmw/en-US', 'en-US'],
  ['gmw/en', 'en-GB'],
  ['gmw/de', 'de-DE'],
  ['roa/es', 'es-ES'],
  ['roa/fr', 'fr-FR'],
  ['roa/it', 'it-IT'],
]);

/**
 * Which Pico voice speaks a catalog preset, from the preset's base voice (the espeak-ng voice its
 * seed names for the accent): the locale's voice for female presets of those six accents. The stock
 * voice is then moved to the preset's traits (shared/stock-voice-fit.ts).
 */
export function picoPresetVoice(baseVoice: string, gender: VoiceGender): string | undefined {
  return gender === 'female' ? PICO_LOCALES.get(baseVoice) : undefined;
}
