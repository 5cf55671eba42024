import { type ResolvedLanguage, resolveLanguage } from '../../voices/languages/languages.js';
import type { VoiceView } from './voice-listing.js';

/**
 * The listing filters of `GET /api/v1/voices` beyond the spec's `q` (docs/voices.md, "Filtering the
 * listing"). Every filter given must match. A well-formed value that names nothing (a language that
 * is not in the list, a gender no voice has) matches no voice: the answer is an empty list, never
 * an error, so a client can pass what its user typed. Malformed values are refused by the route's
 * schema before they reach here.
 */
export interface ListingFilters {
  /** A language or accent: code, English name, accent code or legacy enum (`es`, `Spanish`, `es-MX`). */
  language?: string;
  /** A preset's accent name (`Castilian`) or accent code (`es-ES`). */
  accent?: string;
  gender?: string;
  age?: string;
  /** Every word must appear in the name, description or tags (a preset's category counts as a tag). */
  search?: string;
}

export type ListingPredicate = (voice: VoiceView) => boolean;

/** One predicate for all the filters given; `null` when none is. */
export function voicePredicate(filters: ListingFilters): ListingPredicate | null {
  const tests: ListingPredicate[] = [];
  if (filters.language !== undefined) tests.push(languageTest(filters.language));
  if (filters.accent !== undefined) tests.push(accentTest(filters.accent));
  if (filters.gender !== undefined) tests.push(exactTest('gender', filters.gender));
  if (filters.age !== undefined) tests.push(exactTest('age', filters.age));
  if (filters.search !== undefined) tests.push(searchTest(filters.search));
  if (tests.length === 0) return null;
  return (voice) => tests.every((t) => t(voice));
}

const NEVER: ListingPredicate = () => false;

/**
 * A bare language (`es`, `Spanish`) matches every voice of that language whatever its accent; an
 * accent or regional code (`es-MX`, `English (India)`) matches voices of exactly that variant. A
 * preset has one variant (`language_code`); an own voice has the codes it was created with.
 */
function languageTest(input: string): ListingPredicate {
  const wanted = resolveLanguage(input);
  if (wanted === null) return NEVER;
  const byVariant = wanted.code !== wanted.language;
  return (voice) =>
    voiceLanguages(voice).some((have) => (byVariant ? have.code === wanted.code : have.language === wanted.language));
}

function accentTest(input: string): ListingPredicate {
  const name = fold(input);
  const resolved = resolveLanguage(input);
  const code = resolved !== null && resolved.code !== resolved.language ? resolved.code : null;
  return (voice) =>
    (voice.accent !== undefined && fold(voice.accent) === name) ||
    (code !== null && voiceLanguages(voice).some((have) => have.code === code));
}

function exactTest(field: 'gender' | 'age', input: string): ListingPredicate {
  const wanted = fold(input).replace(/[\s_]+/g, '-');
  return (voice) => voice[field] !== undefined && voice[field] === wanted;
}

function searchTest(input: string): ListingPredicate {
  const words = fold(input).split(' ').filter(Boolean);
  if (words.length === 0) return () => true;
  return (voice) => {
    const haystack = fold([voice.name, voice.description ?? '', voice.category ?? '', ...(voice.tags ?? [])].join(' '));
    return words.every((w) => haystack.includes(w));
  };
}

/** Resolved once per distinct code: a listing resolves the same ~90 codes on every request. */
const resolvedCodes = new Map<string, ResolvedLanguage | null>();

function resolveCached(code: string): ResolvedLanguage | null {
  let hit = resolvedCodes.get(code);
  if (hit === undefined && !resolvedCodes.has(code)) {
    hit = resolveLanguage(code);
    resolvedCodes.set(code, hit);
  }
  return hit ?? null;
}

function voiceLanguages(voice: VoiceView): ResolvedLanguage[] {
  const codes = voice.language_code ? [voice.language_code, ...voice.languages] : voice.languages;
  return codes.map(resolveCached).filter((r): r is ResolvedLanguage => r !== null);
}

/** Lower case, no diacritics, single spaces: `Castellano` and `castellano`, `Bokmål` and `bokmal`. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
