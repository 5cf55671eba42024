import type { EngineVoiceInfo } from '../../engine.js';
import { ESPEAK_VOICE_TABLE } from './voices.js';

/** One espeak-ng voice: `identifier` is what `set_voice` takes (e.g. `gmw/en-US`). */
export interface EspeakLanguageEntry {
  identifier: string;
  /** The identifier's last part (`en-US`): the public voice id. */
  id: string;
  name: string;
  /** espeak's lower-case language names with priorities, preferred first. */
  languages: Array<{ name: string; priority: number }>;
}

export const ESPEAK_VOICES: readonly EspeakLanguageEntry[] = ESPEAK_VOICE_TABLE.map(
  ([identifier, name, languages]) => ({
    identifier,
    id: identifier.slice(identifier.lastIndexOf('/') + 1),
    name,
    languages: languages.split(' ').map((entry) => {
      const [language = '', priority = '5'] = entry.split(':');
      return { name: language, priority: Number(priority) };
    }),
  }),
);

/** The voices as `EngineInfo` data, with BCP-47 tags. */
export function espeakVoiceInfos(): EngineVoiceInfo[] {
  return ESPEAK_VOICES.map((voice) => ({
    id: voice.id,
    name: voice.name,
    languages: [...new Set(voice.languages.map((language) => toBcp47(language.name)))],
  }));
}

/**
 * espeak's lower-case language names in BCP-47 case: `en-gb-x-rp` → `en-GB-x-rp`,
 * `cmn-latn-pinyin` → `cmn-Latn-pinyin`. Private-use parts after `x` stay lower case.
 */
export function toBcp47(name: string): string {
  let privateUse = false;
  return name
    .split('-')
    .map((part, index) => {
      if (index === 0 || privateUse) return part.toLowerCase();
      if (part.toLowerCase() === 'x') {
        privateUse = true;
        return 'x';
      }
      if (/^[a-z]{2}$/i.test(part)) return part.toUpperCase();
      if (/^[a-z]{4}$/i.test(part)) return part[0]?.toUpperCase() + part.slice(1).toLowerCase();
      return part.toLowerCase();
    })
    .join('-');
}

// Tags espeak does not list but a caller will reasonably send, mapped to one it does.
const LATIN_AMERICA = 'ar bo cl co cr cu do ec gt hn ni pa pe pr py sv us uy ve'.split(' ');
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['zh-hk', 'yue'],
  ['zh-mo', 'yue'],
  ['zh-hant-hk', 'yue'],
  ['en-ca', 'en-us'],
  ['iw', 'he'],
  ['in', 'id'],
  ['nn', 'nb'],
  ['fil', 'tl'],
  ...LATIN_AMERICA.map((region): [string, string] => [`es-${region}`, 'es-419']),
]);

const byLanguage = new Map<string, EspeakLanguageEntry>();
const byName = new Map<string, EspeakLanguageEntry>();
for (const voice of ESPEAK_VOICES) {
  byName.set(voice.id.toLowerCase(), voice);
  byName.set(voice.identifier.toLowerCase(), voice);
}
for (const voice of [...ESPEAK_VOICES].sort((a, b) => bestPriority(a) - bestPriority(b))) {
  for (const language of voice.languages) {
    const known = byLanguage.get(language.name);
    const knownPriority =
      known?.languages.find((entry) => entry.name === language.name)?.priority ?? Infinity;
    if (language.priority < knownPriority) byLanguage.set(language.name, voice);
  }
}

function bestPriority(voice: EspeakLanguageEntry): number {
  return Math.min(...voice.languages.map((language) => language.priority));
}

/**
 * The espeak voice for a BCP-47 tag, falling back from region and script to the base language
 * (`pt-BR` → Brazilian, `de-AT` → German, `zh-Hans-CN` → Mandarin), or null for `auto` / unknown.
 * Case and `_` separators are accepted (`EN_US`).
 */
export function resolveEspeakLanguage(tag: string): EspeakLanguageEntry | null {
  const parts = tag.trim().replaceAll('_', '-').toLowerCase().split('-');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('-');
    const voice = byLanguage.get(ALIASES.get(candidate) ?? candidate);
    if (voice !== undefined) return voice;
  }
  return null;
}

/** The espeak voice for a voice id (`en-US`, `gmw/en-US`, any case), or null. */
export function resolveEspeakVoiceId(id: string): EspeakLanguageEntry | null {
  return byName.get(id.trim().toLowerCase()) ?? null;
}

/** The base language of a voice (`en` for `gmw/en-US`), for comparing a voice with a request's language. */
export function baseLanguage(voice: EspeakLanguageEntry): string {
  const first = voice.languages[0]?.name ?? voice.id.toLowerCase();
  return first.split('-')[0] ?? first;
}
