import type { MarkupSegment } from './markup.js';
import { splitPunctuation } from './text/normalize/shared.js';
import type { TextRun } from './text/normalize/index.js';

/**
 * Pronunciation lexicons in the text front end (docs/text.md, "Lexicons"): written words that match
 * an entry become a run read specially, like `<sub alias>`: an alias entry's words are spoken
 * instead, an IPA entry's phonemes go to engines that take IPA. Captions keep the written text.
 */

/** One entry as stored and as sent to the pipeline (plain JSON: jobs cross processes). */
export interface LexiconEntry {
  /** The written form: one or more words, matched on whole whitespace tokens (edge punctuation aside). */
  text: string;
  alias?: string;
  ipa?: string;
  /** Default false: `NASA` also matches `nasa` and `Nasa`. */
  case_sensitive?: boolean;
}

interface Compiled {
  words: string[];
  entry: LexiconEntry;
}

/** Entries by the lower-cased first word, longest first, earlier entries first among equals. */
function compile(entries: readonly LexiconEntry[]): Map<string, Compiled[]> {
  const byFirst = new Map<string, Compiled[]>();
  for (const entry of entries) {
    const words = entry.text.split(/\s+/u).filter((w) => w !== '');
    const first = words[0]?.toLowerCase();
    if (first === undefined) continue;
    const list = byFirst.get(first) ?? [];
    list.push({ words, entry });
    byFirst.set(first, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return byFirst;
}

const compiledCache = new WeakMap<readonly LexiconEntry[], Map<string, Compiled[]>>();

function same(written: string, word: string, caseSensitive: boolean): boolean {
  return caseSensitive ? written === word : written.toLowerCase() === word.toLowerCase();
}

/**
 * The runs with every matching written word (or run of words) of their plain runs made a run of
 * its own, carrying the entry's `alias` or `ipa`; its text keeps the tokens' punctuation. Runs
 * already read specially (say-as, sub) are left alone. The first matching entry wins, longer first.
 */
export function applyLexicon(runs: readonly TextRun[], entries: readonly LexiconEntry[] | undefined): TextRun[] {
  if (entries === undefined || entries.length === 0) return [...runs];
  let byFirst = compiledCache.get(entries);
  if (byFirst === undefined) {
    byFirst = compile(entries);
    compiledCache.set(entries, byFirst);
  }
  const table = byFirst;
  return runs.flatMap((run) => (run.sayAs !== undefined || run.alias !== undefined || run.ipa !== undefined ? [run] : splitRun(run.text, table)));
}

function splitRun(text: string, table: Map<string, Compiled[]>): TextRun[] {
  const tokens = [...text.matchAll(/\S+/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length, ...splitPunctuation(m[0]) }));
  const out: TextRun[] = [];
  let cursor = 0;
  for (let i = 0; i < tokens.length; ) {
    const match = matchAt(tokens, i, table);
    if (match === null) {
      i += 1;
      continue;
    }
    const first = tokens[i]!;
    const last = tokens[i + match.words.length - 1]!;
    if (first.start > cursor) out.push({ text: text.slice(cursor, first.start) });
    const written = text.slice(first.start, last.end);
    out.push(match.entry.ipa !== undefined ? { text: written, ipa: match.entry.ipa } : { text: written, alias: match.entry.alias ?? '' });
    cursor = last.end;
    i += match.words.length;
  }
  if (cursor < text.length) out.push({ text: text.slice(cursor) });
  return out;
}

type Token = { text: string; lead: string; core: string; trail: string };

function matchAt(tokens: readonly Token[], at: number, table: Map<string, Compiled[]>): Compiled | null {
  const first = tokens[at]!;
  const candidates = [...(table.get(first.text.toLowerCase()) ?? []), ...(table.get(first.core.toLowerCase()) ?? [])];
  for (const candidate of candidates) {
    const n = candidate.words.length;
    if (at + n > tokens.length) continue;
    const caseSensitive = candidate.entry.case_sensitive === true;
    const ok = candidate.words.every((word, k) => {
      const token = tokens[at + k]!;
      if (same(token.text, word, caseSensitive)) return true;
      // Inside a several-word entry only its edges may carry punctuation (`New York,` but not `New, York`).
      if ((k > 0 && token.lead !== '') || (k < n - 1 && token.trail !== '')) return false;
      return same(token.core, word, caseSensitive);
    });
    if (ok) return candidate;
  }
  return null;
}

/**
 * The IPA entries that match somewhere in the request's speech, each written form once. Text that
 * markup already reads specially (`<phoneme>`, say-as, sub) is not the lexicon's.
 */
export function matchedIpaWords(segments: readonly MarkupSegment[], entries: readonly LexiconEntry[] | undefined): string[] {
  if (entries === undefined || !entries.some((e) => e.ipa !== undefined)) return [];
  const found = new Set<string>();
  for (const segment of segments) {
    if (segment.kind !== 'speech') continue;
    const plain = (segment.runs ?? [{ text: segment.text }]).filter((r) => r.sayAs === undefined && r.alias === undefined && r.ipa === undefined);
    for (const run of applyLexicon(plain, entries)) {
      if (run.ipa !== undefined) found.add(run.text);
    }
  }
  return [...found];
}

/** The written text of the request's `<phoneme>` tags, each once, in order. */
export function taggedIpaWords(segments: readonly MarkupSegment[]): string[] {
  const found = new Set<string>();
  for (const segment of segments) {
    for (const run of segment.kind === 'speech' ? (segment.runs ?? []) : []) if (run.ipa !== undefined) found.add(run.text.trim());
  }
  return [...found];
}
