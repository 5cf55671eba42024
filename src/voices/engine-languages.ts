import { parseTag } from './bcp47.js';
import { ESPEAK_LANGUAGE_VOICES } from '../speech/engines/espeak-ng/data/package-voices.js';
import { languageData } from './language-data.js';

/**
 * Bare languages that a bundled engine has a voice for, as plain data: everything an espeak-ng
 * voice in the installed package declares (read by `scripts/espeak-voice-data.mjs`), plus the
 * languages of SVOX Pico (en, de, es, fr, it), Flite (en) and Kokoro (en, es, fr, hi, it, ja, pt,
 * zh), which espeak-ng covers too. Used as the default "can this be spoken" test of
 * `fallbackSpeechLanguage`; the speech layer may pass its own.
 */
const OTHER_ENGINE_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'hi', 'ja', 'pt', 'zh'];

/** espeak-ng's group of constructed languages (Esperanto, Lojban, Klingon, Quenya ...). */
const ESPEAK_CONSTRUCTED_GROUP = 'art/';

let cached: ReadonlySet<string> | undefined;
let natural: ReadonlySet<string> | undefined;

/** Every registered language some bundled engine voice declares. */
export function engineLanguages(): ReadonlySet<string> {
  cached ??= compute();
  return cached;
}

/**
 * The main language of each espeak-ng voice outside its constructed-language group: languages the
 * list includes even when CLDR has no data on them (Western Armenian, Totontepec Mixe).
 */
export function naturalEngineLanguages(): ReadonlySet<string> {
  if (natural === undefined) {
    const { aliases, registry } = languageData();
    const result = new Set<string>();
    for (const [identifier, , declared] of ESPEAK_LANGUAGE_VOICES) {
      if (identifier.startsWith(ESPEAK_CONSTRUCTED_GROUP)) continue;
      const parts = parseTag(declared.split(' ')[0]?.split(':')[0] ?? '');
      const language = parts === null ? undefined : (aliases.get(parts.language)?.language ?? parts.language);
      if (language !== undefined && registry.has(language)) result.add(language);
    }
    natural = result;
  }
  return natural;
}

function compute(): ReadonlySet<string> {
  const { aliases, registry } = languageData();
  const result = new Set<string>(OTHER_ENGINE_LANGUAGES);
  for (const [, , declared] of ESPEAK_LANGUAGE_VOICES) {
    for (const entry of declared.split(' ')) {
      const name = entry.split(':')[0] ?? '';
      // espeak's Cherokee is `chr-US-Qaaa-x-west` (script after region, no valid tag): its language counts.
      const parts = parseTag(name) ?? parseTag(name.split('-')[0] ?? '');
      if (parts === null) continue;
      const language = aliases.get(parts.language)?.language ?? parts.language;
      // Private-use and unregistered names (espeak's `piqd`, `qdb`, `py`) are no languages of the list.
      if (registry.has(language)) result.add(language);
    }
  }
  return result;
}
