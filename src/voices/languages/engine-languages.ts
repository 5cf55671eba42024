import { parseTag } from './bcp47.js';
import { declaredEngineLanguages } from '../../speech/engine-voicing.js';
import { languageData } from './language-data.js';

/**
 * Bare languages that a bundled engine has a voice for, as plain data: everything the engines'
 * voices declare (`EngineManifest.declaredLanguages`; espeak-ng's from its installed package). Used as
 * the default "can this be spoken" test of `fallbackSpeechLanguage`; the speech layer may pass its own.
 */

let cached: ReadonlySet<string> | undefined;
let natural: ReadonlySet<string> | undefined;

/** Every registered language some bundled engine voice declares. */
export function engineLanguages(): ReadonlySet<string> {
  cached ??= compute();
  return cached;
}

/**
 * The main language of each engine voice of a natural (not constructed) language: languages the list
 * includes even when CLDR has no data on them (Western Armenian, Totontepec Mixe).
 */
export function naturalEngineLanguages(): ReadonlySet<string> {
  if (natural === undefined) {
    const { aliases, registry } = languageData();
    const result = new Set<string>();
    for (const { tag, natural: isNatural } of declaredEngineLanguages()) {
      if (!isNatural) continue;
      const parts = parseTag(tag);
      const language = parts === null ? undefined : (aliases.get(parts.language)?.language ?? parts.language);
      if (language !== undefined && registry.has(language)) result.add(language);
    }
    natural = result;
  }
  return natural;
}

function compute(): ReadonlySet<string> {
  const { aliases, registry } = languageData();
  const result = new Set<string>();
  for (const { tag } of declaredEngineLanguages()) {
    // espeak's Cherokee is `chr-US-Qaaa-x-west` (script after region, no valid tag): its language counts.
    const parts = parseTag(tag) ?? parseTag(tag.split('-')[0] ?? '');
    if (parts === null) continue;
    const language = aliases.get(parts.language)?.language ?? parts.language;
    // Private-use and unregistered names (espeak's `piqd`, `qdb`, `py`) are no languages of the list.
    if (registry.has(language)) result.add(language);
  }
  return result;
}
