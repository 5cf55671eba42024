import { compareCodes, formatTag, isCountry, isPrivateRegion, parseTag, type TagParts } from './bcp47.js';
import { presetLanguageCodes } from '../catalog/catalog.js';
import { naturalEngineLanguages } from './engine-languages.js';
import { accentTag, languageData, maximize } from './language-data.js';

/**
 * The language list of `GET /api/v1/voices/languages` and the resolver for every `language`
 * field. Built once from CLDR and the IANA registry (see `language-data.ts` and docs/voices.md):
 *
 * - a language is listed when CLDR has an English name for it and either CLDR's territory data
 *   records speakers of it somewhere or CLDR has locale data for it, or when an espeak-ng voice
 *   (outside espeak's constructed-language group) speaks it;
 * - its accents are the territories where it has official status with at least 1,000,000
 *   speakers, its likely territory, the regional variants CLDR names (`es-419`, `ar-001`), and
 *   the accents of preset voices;
 * - `experimental` is false exactly for languages that have preset voices.
 */

/** One accent (regional variety) of a language; its code is accepted wherever a language is. */
export interface LanguageAccent {
  name: string;
  code: string;
}

/** An entry of the language list, as the API returns it. */
export interface Language {
  name: string;
  /** Bare BCP-47 language (`en`, `fil`, `yue`) or `auto`. */
  code: string;
  /** True when no preset voice catalog exists for the language. */
  experimental: boolean;
  accents: readonly LanguageAccent[];
}

/** What a `language` field resolved to. */
export interface ResolvedLanguage {
  /** Canonical code: the accent code when one was named (`en-GB`), otherwise the language (`en`), or `auto`. */
  code: string;
  /** Bare language (`en`) or `auto`. */
  language: string;
  /** Accent code from the list when the input named one, else null. */
  accent: string | null;
  experimental: boolean;
}

/** Sample limits reported by the languages endpoint (the clone route itself accepts more; see decisions.md). */
export const SAMPLE_LIMITS: Readonly<{
  max_samples: number;
  max_base64_length: number;
  allowed_formats: readonly string[];
}> = Object.freeze({
  max_samples: 1,
  max_base64_length: 4_194_304,
  allowed_formats: Object.freeze(['mp3', 'wav', 'webm']),
});

/**
 * The 16 upper-case enum codes of the old fixed language list, with the tag each stands for.
 * The spec names `EN_US` and `PT_BR`; the rest are the six SVOX Pico locales and the most used
 * remaining languages. The old list's `Other` entry (code `AUTO`) maps to `auto`.
 */
export const LEGACY_LANGUAGE_CODES: Readonly<Record<string, string>> = Object.freeze({
  EN_US: 'en-US',
  EN_GB: 'en-GB',
  EN_AU: 'en-AU',
  ES_ES: 'es-ES',
  ES_MX: 'es-MX',
  FR_FR: 'fr-FR',
  DE_DE: 'de-DE',
  IT_IT: 'it-IT',
  PT_BR: 'pt-BR',
  PT_PT: 'pt-PT',
  JA_JP: 'ja-JP',
  KO_KR: 'ko-KR',
  ZH_CN: 'zh-CN',
  HI_IN: 'hi-IN',
  AR_SA: 'ar-SA',
  NL_NL: 'nl-NL',
});

/** The legacy code for the old list's `Other` entry. */
export const LEGACY_AUTO_CODE = 'AUTO';

export const AUTO_LANGUAGE: Language = Object.freeze({
  name: 'Auto-detect',
  code: 'auto',
  experimental: true,
  accents: Object.freeze([]),
});

/** Names compared without case and diacritics, in code-point order: the same on every ICU version. */
function byEnglishName(a: string, b: string): number {
  return compareCodes(sortKey(a), sortKey(b)) || compareCodes(a, b);
}

const sortKeys = new Map<string, string>();

function sortKey(name: string): string {
  let key = sortKeys.get(name);
  if (key === undefined) {
    key = normalizeName(name);
    sortKeys.set(name, key);
  }
  return key;
}

/** Accents need this many speakers in a territory where the language is official. */
const MIN_ACCENT_SPEAKERS = 1_000_000;
const OFFICIAL = new Set(['official', 'de_facto_official', 'official_regional']);

interface Index {
  languages: readonly Language[];
  byCode: ReadonlyMap<string, Language>;
  /** Accent code → its language entry. */
  accentOwner: ReadonlyMap<string, Language>;
  /** Normalized name → code (a language or an accent). */
  byName: ReadonlyMap<string, string>;
  /** Language names exactly as listed → code. */
  exactNames: ReadonlyMap<string, string>;
}

let cached: Index | undefined;

function index(): Index {
  cached ??= build();
  return cached;
}

/** The full list, `auto` first, then by English name. Computed once; the same frozen array each call. */
export function listLanguages(): readonly Language[] {
  return index().languages;
}

/** The body of `GET /api/v1/voices/languages`. */
export function languagesResponse(): { languages: readonly Language[]; sample_limits: typeof SAMPLE_LIMITS } {
  return { languages: listLanguages(), sample_limits: SAMPLE_LIMITS };
}

/** The entry for a bare language code (`en`, `auto`), or undefined. */
export function findLanguage(code: string): Language | undefined {
  return index().byCode.get(code);
}

/** `en-US` → `EN_US`, `auto` → `AUTO`, or null when the code has no legacy form. */
export function toLegacyLanguageCode(code: string): string | null {
  if (code === 'auto') return LEGACY_AUTO_CODE;
  for (const [legacy, tag] of Object.entries(LEGACY_LANGUAGE_CODES)) if (tag === code) return legacy;
  return null;
}

/**
 * Resolves what a caller sent as `language`: a BCP-47 code in any case with `-` or `_` (`en`,
 * `en-us`, `EN_GB`, `zh-Hant-TW`, deprecated `iw`, ISO 639-2 `eng`), an accent code, a legacy enum
 * code (`PT_BR`), an English name (`German`, `Brazilian Portuguese`, `English (India)`), or
 * `auto` / `Auto-detect` / `Other` / `AUTO`. A listed language with an unlisted but real territory
 * (`en-DE`) is accepted with `accent: null`. Returns null for anything else.
 *
 * @example resolveLanguage('EN_GB') // { code: 'en-GB', language: 'en', accent: 'en-GB', experimental: false }
 */
export function resolveLanguage(input: string): ResolvedLanguage | null {
  const trimmed = input.trim();
  if (trimmed.length === 0) return null;
  const { byName, exactNames } = index();
  const lower = trimmed.toLowerCase();
  if (lower === 'auto' || lower === 'other') return autoResult();
  const legacy = LEGACY_LANGUAGE_CODES[trimmed.toUpperCase()];
  if (legacy !== undefined) return resolveTag(legacy);
  // A name spelled exactly as listed wins over a code it happens to look like: `Ga` is Ga (gaa), `ga` Irish.
  const exact = exactNames.get(trimmed);
  if (exact !== undefined) return exact === 'auto' ? autoResult() : resolveTag(exact);
  const byTag = resolveTag(trimmed);
  if (byTag !== null) return byTag;
  const named = byName.get(normalizeName(trimmed));
  return named === undefined ? null : named === 'auto' ? autoResult() : resolveTag(named);
}

function autoResult(): ResolvedLanguage {
  return { code: 'auto', language: 'auto', accent: null, experimental: true };
}

function resolveTag(input: string): ResolvedLanguage | null {
  const parsed = parseTag(input);
  if (parsed === null) return null;
  const { byCode, accentOwner } = index();
  const { aliases, territoryNames, scriptNames } = languageData();
  const alias = aliases.get(parsed.language);
  const parts: TagParts = {
    language: alias?.language ?? parsed.language,
    ...((parsed.script ?? alias?.script) !== undefined ? { script: parsed.script ?? alias?.script } : {}),
    ...((parsed.region ?? alias?.region) !== undefined ? { region: parsed.region ?? alias?.region } : {}),
  };
  const entry = byCode.get(parts.language);
  if (entry === undefined || entry.code === 'auto') return null;
  const base = { language: entry.code, experimental: entry.experimental };
  if (parts.region === undefined && parts.script === undefined)
    return { ...base, code: entry.code, accent: null };
  if (parts.region === undefined) {
    // A script alone: the usual script is the plain language; another known one is kept.
    const script = parts.script ?? '';
    if (maximize({ language: entry.code })?.script === script)
      return { ...base, code: entry.code, accent: null };
    return scriptNames.has(script) ? { ...base, code: formatTag(parts), accent: null } : null;
  }
  const code = accentTag(parts.language, parts.region, parts.script);
  if (accentOwner.get(code) === entry) return { ...base, code, accent: code };
  if (
    !territoryNames.has(parts.region) ||
    isPrivateRegion(parts.region) ||
    (parts.script !== undefined && !scriptNames.has(parts.script))
  )
    return null;
  return { ...base, code, accent: null };
}

/** Lower case, no diacritics, single spaces: `Norwegian Bokmal` matches `Norwegian Bokmål`. */
function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function build(): Index {
  const data = languageData();
  const presetCodes = presetLanguageCodes();
  const included = new Set<string>();
  for (const code of data.registry.keys()) {
    if (!data.languageNames.has(code)) continue;
    if (data.territories.has(code) || data.localeLanguages.has(code)) included.add(code);
  }
  for (const language of naturalEngineLanguages()) included.add(language);
  for (const language of presetCodes.keys()) included.add(language);

  const languages: Language[] = [];
  for (const code of included) {
    const name = data.languageNames.get(code) ?? data.registry.get(code)?.descriptions[0] ?? code;
    const accents = accentsOf(code, name, presetCodes.get(code) ?? new Set());
    languages.push(Object.freeze({ name, code, experimental: !presetCodes.has(code), accents }));
  }
  languages.sort((a, b) => byEnglishName(a.name, b.name) || compareCodes(a.code, b.code));
  languages.unshift(AUTO_LANGUAGE);

  const byCode = new Map(languages.map((language) => [language.code, language]));
  const accentOwner = new Map<string, Language>();
  for (const language of languages)
    for (const accent of language.accents) accentOwner.set(accent.code, language);
  const exactNames = new Map<string, string>();
  for (const language of languages)
    if (!exactNames.has(language.name)) exactNames.set(language.name, language.code);
  return {
    languages: Object.freeze(languages),
    byCode,
    accentOwner,
    byName: nameIndex(languages),
    exactNames,
  };
}

function accentsOf(
  language: string,
  languageName: string,
  presetCodes: ReadonlySet<string>,
): readonly LanguageAccent[] {
  const data = languageData();
  const speakersByCode = new Map<string, number>();
  const add = (code: string, speakers: number): void => {
    speakersByCode.set(code, Math.max(speakersByCode.get(code) ?? 0, speakers));
  };
  for (const territory of data.territories.get(language) ?? []) {
    if (!isCountry(territory.region) || !OFFICIAL.has(territory.officialStatus ?? '')) continue;
    if (territory.speakers >= MIN_ACCENT_SPEAKERS)
      add(accentTag(language, territory.region, territory.script), territory.speakers);
  }
  const likelyRegion = maximize({ language })?.region;
  if (isCountry(likelyRegion)) add(accentTag(language, likelyRegion), 0);
  for (const code of regionalVariants().get(language) ?? []) add(code, 0);
  for (const code of presetCodes) add(code, 0);
  const accents = [...speakersByCode].map(([code, speakers]) => ({
    code,
    speakers,
    name: accentName(code, languageName),
  }));
  accents.sort((a, b) => b.speakers - a.speakers || byEnglishName(a.name, b.name));
  return Object.freeze(accents.map(({ name, code }) => Object.freeze({ name, code })));
}

let variants: ReadonlyMap<string, readonly string[]> | undefined;

/** Language-region variants CLDR has an English name for (`es-419`, `ar-001`, `en-GB`), per language. */
function regionalVariants(): ReadonlyMap<string, readonly string[]> {
  if (variants === undefined) {
    const map = new Map<string, string[]>();
    for (const key of languageData().languageNames.keys()) {
      const parsed = key.includes('-alt-') ? null : parseTag(key);
      if (parsed?.region === undefined) continue;
      map.set(parsed.language, [...(map.get(parsed.language) ?? []), formatTag(parsed)]);
    }
    variants = map;
  }
  return variants;
}

/** CLDR's own name for the variant (`British English`) or `Language (Script, Territory)`. */
function accentName(code: string, languageName: string): string {
  const data = languageData();
  const own = data.languageNames.get(code);
  if (own !== undefined) return own;
  const parts = parseTag(code);
  const details = [
    parts?.script !== undefined ? (data.scriptNames.get(parts.script) ?? parts.script) : undefined,
    parts?.region !== undefined ? (data.territoryNames.get(parts.region) ?? parts.region) : undefined,
  ].filter((part) => part !== undefined);
  return `${languageName} (${details.join(', ')})`;
}

/**
 * Names that resolve, in priority order (an earlier name keeps its code): CLDR language names,
 * accent names, IANA registry descriptions, then names of alias codes (`Tagalog` → fil).
 */
function nameIndex(languages: readonly Language[]): ReadonlyMap<string, string> {
  const data = languageData();
  const byName = new Map<string, string>();
  const add = (name: string, code: string): void => {
    const key = normalizeName(name);
    if (!byName.has(key)) byName.set(key, code);
  };
  add('Auto-detect', 'auto');
  for (const language of languages) add(language.name, language.code);
  for (const language of languages) for (const accent of language.accents) add(accent.name, accent.code);
  for (const language of languages) {
    for (const description of data.registry.get(language.code)?.descriptions ?? [])
      add(description, language.code);
  }
  const listed = new Set(languages.map((language) => language.code));
  for (const [from, to] of data.aliases) {
    if (!listed.has(to.language)) continue;
    const names = [data.languageNames.get(from), ...(data.registry.get(from)?.descriptions ?? [])];
    for (const name of names) if (name !== undefined) add(name, formatTag(to));
  }
  return byName;
}
