import { createRequire } from 'node:module';
import { compareCodes, formatTag, parseTag, type TagParts } from './bcp47.js';

/**
 * Maintained language data, read once from three npm packages and cached:
 * - `cldr-core` (Unicode CLDR supplemental data): speakers and official status per territory,
 *   likely subtags, language aliases, language-matching distances and language groups;
 * - `cldr-localenames-full` (CLDR English display names of languages, territories and scripts);
 * - `language-subtag-registry` (the IANA language subtag registry as JSON): which subtags are
 *   valid, deprecated or special, their registered descriptions, and macrolanguages.
 * Nothing here is typed by hand; upgrading a package updates the list.
 */

const require = createRequire(import.meta.url);

interface TerritoryInfoFile {
  supplemental: {
    version: { _cldrVersion: string };
    territoryInfo: Record<
      string,
      {
        _population: string;
        languagePopulation?: Record<string, { _populationPercent: string; _officialStatus?: string }>;
      }
    >;
  };
}
interface LikelySubtagsFile {
  supplemental: { likelySubtags: Record<string, string> };
}
interface AliasesFile {
  supplemental: {
    metadata: { alias: { languageAlias: Record<string, { _replacement: string; _reason: string }> } };
  };
}
interface LanguageMatchingFile {
  supplemental: {
    languageMatching: Record<
      string,
      {
        languageMatch: Array<{
          _desired: string;
          _supported: string;
          _distance: string | number;
          _oneway?: unknown;
        }>;
      }
    >;
  };
}
interface LanguageGroupsFile {
  supplemental: { languageGroups: Record<string, string> };
}
interface DisplayNamesFile<K extends string> {
  main: { en: { localeDisplayNames: Record<K, Record<string, string>> } };
}
interface RegistryRecord {
  Type: string;
  Subtag?: string;
  Description?: string[];
  Deprecated?: string;
  'Preferred-Value'?: string;
  Macrolanguage?: string;
  Scope?: string;
}

/** One place where a language is spoken: territory, script (when not the usual one), speakers. */
export interface Territory {
  region: string;
  script?: string;
  speakers: number;
  /** CLDR `_officialStatus`: `official`, `de_facto_official`, `official_regional`, ... or undefined. */
  officialStatus?: string;
}

export interface LanguageData {
  cldrVersion: string;
  cldrPackageVersion: string;
  registryPackageVersion: string;
  registryDate: string;
  /** English names of languages and of language-region variants (`en-GB` → British English). */
  languageNames: ReadonlyMap<string, string>;
  territoryNames: ReadonlyMap<string, string>;
  scriptNames: ReadonlyMap<string, string>;
  /** IANA language subtags that are valid, current, and neither special, private nor collections. */
  registry: ReadonlyMap<string, { descriptions: readonly string[]; macrolanguage?: string }>;
  /** Territories per bare language, most speakers first. */
  territories: ReadonlyMap<string, readonly Territory[]>;
  /** Speakers per bare language over all territories (first and second language, per CLDR). */
  speakers: ReadonlyMap<string, number>;
  /** CLDR language aliases: `iw` → `he`, `tl` → `fil`, `cmn` → `zh`, `sh` → `sr-Latn`. */
  aliases: ReadonlyMap<string, TagParts>;
  /** CLDR language-matching pairs between bare languages: desired → [supported, distance][]. */
  matches: ReadonlyMap<string, ReadonlyArray<readonly [string, number]>>;
  /** CLDR language groups (ISO 639-5 families): child → parent. */
  groupParent: ReadonlyMap<string, string>;
  /** CLDR language groups: parent → children. */
  groupChildren: ReadonlyMap<string, readonly string[]>;
  likely: ReadonlyMap<string, string>;
  /** Bare languages CLDR has locale data for (`availableLocales.full`). */
  localeLanguages: ReadonlySet<string>;
}

let cached: LanguageData | undefined;

/** Loads and indexes the packages' data on first use (~30 ms), then returns the same object. */
export function languageData(): LanguageData {
  cached ??= load();
  return cached;
}

const EXCLUDED_SCOPES = new Set(['special', 'private-use', 'collection']);

function load(): LanguageData {
  const territoryInfo = require('cldr-core/supplemental/territoryInfo.json') as TerritoryInfoFile;
  const likelyFile = require('cldr-core/supplemental/likelySubtags.json') as LikelySubtagsFile;
  const aliasesFile = require('cldr-core/supplemental/aliases.json') as AliasesFile;
  const matchingFile = require('cldr-core/supplemental/languageMatching.json') as LanguageMatchingFile;
  const groupsFile = require('cldr-core/supplemental/languageGroups.json') as LanguageGroupsFile;
  const languagesFile =
    require('cldr-localenames-full/main/en/languages.json') as DisplayNamesFile<'languages'>;
  const territoriesFile =
    require('cldr-localenames-full/main/en/territories.json') as DisplayNamesFile<'territories'>;
  const scriptsFile = require('cldr-localenames-full/main/en/scripts.json') as DisplayNamesFile<'scripts'>;
  const registryFile = require('language-subtag-registry/data/json/registry.json') as RegistryRecord[];
  const registryMeta = require('language-subtag-registry/data/json/meta.json') as { 'File-Date': string };
  const localesFile = require('cldr-core/availableLocales.json') as { availableLocales: { full: string[] } };

  const registry = new Map<string, { descriptions: readonly string[]; macrolanguage?: string }>();
  for (const record of registryFile) {
    if (record.Type !== 'language' || record.Subtag === undefined || record.Subtag.includes('..')) continue;
    if (record.Deprecated !== undefined || EXCLUDED_SCOPES.has(record.Scope ?? '')) continue;
    const entry: { descriptions: readonly string[]; macrolanguage?: string } = {
      descriptions: record.Description ?? [],
    };
    if (record.Macrolanguage !== undefined) entry.macrolanguage = record.Macrolanguage;
    registry.set(record.Subtag, entry);
  }

  const territories = new Map<string, Territory[]>();
  const speakers = new Map<string, number>();
  for (const [region, info] of Object.entries(territoryInfo.supplemental.territoryInfo)) {
    const population = Number(info._population);
    for (const [key, entry] of Object.entries(info.languagePopulation ?? {})) {
      const [language = '', script] = key.split('_');
      const count = Math.round((population * Number(entry._populationPercent)) / 100);
      const territory: Territory = { region, speakers: count };
      if (script !== undefined) territory.script = script;
      if (entry._officialStatus !== undefined) territory.officialStatus = entry._officialStatus;
      const list = territories.get(language) ?? [];
      list.push(territory);
      territories.set(language, list);
      speakers.set(language, (speakers.get(language) ?? 0) + count);
    }
  }
  for (const list of territories.values()) {
    list.sort((a, b) => b.speakers - a.speakers || compareCodes(a.region, b.region));
  }

  const aliases = new Map<string, TagParts>();
  for (const [from, alias] of Object.entries(aliasesFile.supplemental.metadata.alias.languageAlias)) {
    if (!/^[a-z]{2,3}$/.test(from)) continue;
    const replacement = parseTag(alias._replacement);
    if (replacement !== null) aliases.set(from, replacement);
  }

  const matches = new Map<string, Array<readonly [string, number]>>();
  const addMatch = (desired: string, supported: string, distance: number): void => {
    const list = matches.get(desired) ?? [];
    list.push([supported, distance]);
    matches.set(desired, list);
  };
  for (const rule of matchingFile.supplemental.languageMatching['written-new']?.languageMatch ?? []) {
    if (!/^[a-z]{2,3}$/.test(rule._desired) || !/^[a-z]{2,3}$/.test(rule._supported)) continue;
    const distance = Number(rule._distance);
    addMatch(rule._desired, rule._supported, distance);
    if (rule._oneway === undefined) addMatch(rule._supported, rule._desired, distance);
  }
  for (const list of matches.values()) list.sort((a, b) => a[1] - b[1] || compareCodes(a[0], b[0]));

  const groupParent = new Map<string, string>();
  const groupChildren = new Map<string, string[]>();
  for (const [parent, children] of Object.entries(groupsFile.supplemental.languageGroups)) {
    const list = children.split(/\s+/).filter((child) => child.length > 0);
    groupChildren.set(parent, list);
    for (const child of list) if (!groupParent.has(child)) groupParent.set(child, parent);
  }

  return {
    cldrVersion: territoryInfo.supplemental.version._cldrVersion,
    cldrPackageVersion: (require('cldr-core/package.json') as { version: string }).version,
    registryPackageVersion: (require('language-subtag-registry/package.json') as { version: string }).version,
    registryDate: registryMeta['File-Date'],
    languageNames: new Map(Object.entries(languagesFile.main.en.localeDisplayNames.languages)),
    territoryNames: new Map(Object.entries(territoriesFile.main.en.localeDisplayNames.territories)),
    scriptNames: new Map(Object.entries(scriptsFile.main.en.localeDisplayNames.scripts)),
    registry,
    territories,
    speakers,
    aliases,
    matches,
    groupParent,
    groupChildren,
    likely: new Map(Object.entries(likelyFile.supplemental.likelySubtags)),
    localeLanguages: new Set(
      localesFile.availableLocales.full.map((locale) => locale.split('-')[0] ?? locale),
    ),
  };
}

/**
 * CLDR "add likely subtags": `en` → en-Latn-US, `zh-TW` → zh-Hant-TW, `sr-ME` → sr-Latn-ME.
 * Subtags already present are kept; missing ones come from the most specific rule that exists.
 */
export function maximize(parts: TagParts): Required<TagParts> | null {
  const key = formatTag(parts);
  let result = maximized.get(key);
  if (result === undefined) {
    result = computeMaximize(parts);
    maximized.set(key, result);
  }
  return result;
}

const maximized = new Map<string, Required<TagParts> | null>();

function computeMaximize(parts: TagParts): Required<TagParts> | null {
  const { likely } = languageData();
  const { language, script, region } = parts;
  const lookups = [
    script !== undefined && region !== undefined ? `${language}-${script}-${region}` : undefined,
    region !== undefined ? `${language}-${region}` : undefined,
    script !== undefined ? `${language}-${script}` : undefined,
    language,
  ];
  for (const key of lookups) {
    if (key === undefined) continue;
    const found = likely.get(key);
    if (found === undefined) continue;
    const full = parseTag(found);
    if (full?.script === undefined || full.region === undefined) continue;
    return { language, script: script ?? full.script, region: region ?? full.region };
  }
  return null;
}

/**
 * The accent code for a language in a territory: the script is written only when it is not the
 * one the territory normally uses for that language (`zh-TW`, but `sr-Latn-BA`, `uz-AF`).
 */
export function accentTag(language: string, region: string, script?: string): string {
  if (script === undefined) return formatTag({ language, region });
  const usual = maximize({ language, region })?.script;
  return formatTag(usual === script ? { language, region } : { language, script, region });
}
