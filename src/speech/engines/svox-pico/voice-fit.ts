import type { VoiceGender } from '../../voice-description.js';

/** The six SVOX Pico locales, which are the catalog's accent tags of the same accent; Pico's one voice per locale is female. */
const PICO_LOCALES: ReadonlySet<string> = new Set(['en-US', 'en-GB', 'de-DE', 'es-ES', 'fr-FR', 'it-IT']);

/**
 * Which Pico voice speaks a catalog preset, from the preset's accent (BCP-47): the locale's voice
 * for female presets of those six accents. The stock
 * voice is then moved to the preset's traits (shared/stock-voice-fit.ts).
 */
export function picoPresetVoice(accent: string, gender: VoiceGender): string | undefined {
  return gender === 'female' && PICO_LOCALES.has(accent) ? accent : undefined;
}
