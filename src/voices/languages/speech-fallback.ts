import { compareCodes } from './bcp47.js';
import { engineLanguages } from './engine-languages.js';
import { languageData, maximize } from './language-data.js';
import { resolveLanguage } from './languages.js';

/** Whether some engine can speak a bare language (`en`, `yue`). */
export type CanSpeak = (language: string) => boolean;

/** Which rule of `fallbackSpeechLanguage` gave the language (numbered as there). */
export type FallbackRule = 'spoken' | 'macrolanguage' | 'variety' | 'family' | 'match' | 'script' | 'default';

/** A fallback with the rule that chose it. */
export interface SpeechFallback {
  language: string;
  rule: FallbackRule;
}

const defaultCanSpeak: CanSpeak = (language) => engineLanguages().has(language);
const defaultCache = new Map<string, SpeechFallback>();
/** CLDR match distances up to this mean "the same language, another variety" (`gsw` → `de` is 4). */
const SAME_VARIETY_DISTANCE = 10;

/**
 * The language to synthesize with when a voice's language has no engine voice, so that speech
 * still comes out. The input may be any form `resolveLanguage` accepts. Rules, first hit wins, and
 * every candidate must be written in the same script as the language (espeak-ng cannot read a
 * script its language does not use):
 *
 * 1. the language itself (with its accent) when an engine speaks it;
 * 2. its macrolanguage from the IANA registry (`arz` Egyptian Arabic → `ar`);
 * 3. a CLDR language-matching pair of distance ≤ 10, i.e. a variety of the same language
 *    (`gsw` Swiss German → `de`, `lb` → `de`);
 * 4. the nearest CLDR language group (ISO 639-5 family) that has a spoken member, walking up:
 *    the member CLDR's language matching prefers (`fy` → `nl`, `co` → `fr`), else the member with
 *    the most speakers (`mai` Maithili → `hi`, `zu` Zulu → `sw`, `so` Somali → `om`);
 * 5. the closest other CLDR language-matching pair (`kri` Krio → `en`);
 * 6. the spoken language with the most speakers among those written in the same script
 *    (Cyrillic → `ru`, Arabic → `ar`, Ethiopic → `am`);
 * 7. English. `auto` and unknown input also give English: detect the language before calling.
 *
 * @example fallbackSpeechLanguage('gsw') // 'de'
 * @example fallbackSpeechLanguage('en-GB') // 'en-GB'
 */
export function fallbackSpeechLanguage(code: string, canSpeak: CanSpeak = defaultCanSpeak): string {
  return explainSpeechFallback(code, canSpeak).language;
}

/** `fallbackSpeechLanguage` with the rule that chose the language (for tests and diagnostics). */
export function explainSpeechFallback(code: string, canSpeak: CanSpeak = defaultCanSpeak): SpeechFallback {
  if (canSpeak !== defaultCanSpeak) return compute(code, canSpeak);
  let result = defaultCache.get(code);
  if (result === undefined) {
    result = compute(code, canSpeak);
    defaultCache.set(code, result);
  }
  return result;
}

function compute(code: string, canSpeak: CanSpeak): SpeechFallback {
  const resolved = resolveLanguage(code);
  if (resolved === null || resolved.language === 'auto') return { language: 'en', rule: 'default' };
  const language = resolved.language;
  if (canSpeak(language)) return { language: resolved.code, rule: 'spoken' };
  const data = languageData();
  const script = maximize({ language })?.script;
  const fits = (candidate: string | undefined): candidate is string =>
    candidate !== undefined &&
    candidate !== language &&
    canSpeak(candidate) &&
    (script === undefined || maximize({ language: candidate })?.script === script);

  const macrolanguage = data.registry.get(language)?.macrolanguage;
  if (fits(macrolanguage)) return { language: macrolanguage, rule: 'macrolanguage' };

  const matches = (data.matches.get(language) ?? []).filter(([supported]) => fits(supported));
  for (const [supported, distance] of matches)
    if (distance <= SAME_VARIETY_DISTANCE) return { language: supported, rule: 'variety' };

  for (let group = data.groupParent.get(language); group !== undefined; group = data.groupParent.get(group)) {
    const members = descendants(group).filter(fits);
    if (members.length === 0) continue;
    const member = new Set(members);
    const chosen = matches.find(([supported]) => member.has(supported))?.[0] ?? mostSpoken(members);
    return chosen === undefined ? { language: 'en', rule: 'default' } : { language: chosen, rule: 'family' };
  }

  if (matches[0] !== undefined) return { language: matches[0][0], rule: 'match' };

  if (script !== undefined) {
    const best = mostSpoken([...data.registry.keys()].filter(fits));
    if (best !== undefined) return { language: best, rule: 'script' };
  }
  return { language: 'en', rule: 'default' };
}

function mostSpoken(candidates: readonly string[]): string | undefined {
  const { speakers } = languageData();
  let best: string | undefined;
  for (const candidate of candidates) {
    const count = speakers.get(candidate) ?? 0;
    if (
      best === undefined ||
      count > (speakers.get(best) ?? 0) ||
      (count === (speakers.get(best) ?? 0) && compareCodes(candidate, best) < 0)
    ) {
      best = candidate;
    }
  }
  return best;
}

const descendantCache = new Map<string, readonly string[]>();

/** Every language below a CLDR language group, through nested groups. */
function descendants(group: string): readonly string[] {
  const known = descendantCache.get(group);
  if (known !== undefined) return known;
  const { groupChildren } = languageData();
  const result: string[] = [];
  const seen = new Set<string>([group]);
  const queue = [...(groupChildren.get(group) ?? [])];
  for (let head = 0; head < queue.length; head += 1) {
    const next = queue[head] ?? '';
    if (seen.has(next)) continue;
    seen.add(next);
    result.push(next);
    queue.push(...(groupChildren.get(next) ?? []));
  }
  descendantCache.set(group, result);
  return result;
}
