import { tokenizeWhitespace } from '../../engines/shared/tokens.js';
import { german } from './de.js';
import { english } from './en.js';
import { spanish } from './es.js';
import { parseDate, parseNumber, parseTime, readDecimal, readDigits, readTelephone, spell, splitPunctuation } from './shared.js';
import type { LanguageNormalizer, Reading, TokenContext } from './types.js';

/**
 * Text as written → the words an engine should speak, per written token.
 *
 * Every written (whitespace) token keeps a list of spoken words; the engine is given all spoken
 * words joined by single spaces, and every engine reports one word timing per whitespace token of
 * its input, in order (the `SynthesisResult.words` contract). `mapTimings` then folds those back:
 * a caption word is its written token, spanning its spoken words. See docs/text.md.
 */

/** A piece of segment text and how it is to be read (from SSML-like markup). */
export interface TextRun {
  text: string;
  /** `<say-as interpret-as>`: read the run as this kind. */
  sayAs?: { interpretAs: string; format?: string };
  /** `<sub alias>` or a lexicon alias entry: speak this instead of the text. */
  alias?: string;
  /** A lexicon IPA entry or `<phoneme ph>`: engines that take IPA speak this for the run (speech/lexicon.ts). */
  ipa?: string;
}

export interface NormalizedWord {
  /** The written token (caption word). */
  written: string;
  /** Its spoken words, no whitespace inside any of them; may be empty. */
  spoken: string[];
  /**
   * A lexicon IPA entry's or `<phoneme>` tag's phonemes for this token, for engines that take IPA (others speak
   * `spoken`); '' on the later tokens of a several-word entry, whose IPA the first one holds.
   */
  ipa?: string;
}

const POINT: Record<string, string> = { en: 'point', es: 'coma', de: 'Komma' };
const MINUS: Record<string, string> = { en: 'minus', es: 'menos', de: 'minus' };
const NORMALIZERS: Record<string, LanguageNormalizer> = { en: english, es: spanish, de: german };

function primary(language: string): string {
  return language.trim().replaceAll('_', '-').split('-')[0]?.toLowerCase() ?? '';
}

/** Languages with a normalizer (others are spoken as written: the engine's own rules apply). */
export function normalizerLanguages(): string[] {
  return Object.keys(NORMALIZERS);
}

export function normalizerFor(language: string): LanguageNormalizer | null {
  return NORMALIZERS[primary(language)] ?? null;
}

/** The runs' written tokens with their spoken words, in `language` (a BCP-47 tag). */
export function normalizeRuns(runs: readonly TextRun[], language: string): NormalizedWord[] {
  const normalizer = normalizerFor(language);
  const words: NormalizedWord[] = [];
  for (const run of runs) {
    const written = tokenizeWhitespace(run.text).map((t) => t.text);
    if (run.alias !== undefined) {
      // A lexicon's run keeps the tokens' punctuation: it goes around the alias (engines pause on it).
      const lead = written.length > 0 ? splitPunctuation(written[0]!).lead : '';
      const trail = written.length > 0 ? splitPunctuation(written[written.length - 1]!).trail : '';
      const alias = split(run.alias);
      words.push(...spread(written.length > 0 ? written : [run.alias], alias.length > 0 ? attach(lead, alias, trail) : alias));
    } else if (run.ipa !== undefined) {
      words.push(...readPlain(written, normalizer, language).map((word, k) => ({ ...word, ipa: k === 0 ? (run.ipa ?? '') : '' })));
    } else if (run.sayAs !== undefined && normalizer !== null) {
      const spoken = sayAs(run.text, run.sayAs, normalizer, language);
      words.push(...(spoken === null ? readPlain(written, normalizer, language) : spread(written, split(spoken))));
    } else if (run.sayAs !== undefined && /^(characters|spell-out)$/u.test(run.sayAs.interpretAs)) {
      // Without a normalizer, letters are still spelled: one letter per spoken word.
      words.push(...spread(written, [...run.text].filter((c) => /[\p{L}\p{N}]/u.test(c))));
    } else {
      words.push(...readPlain(written, normalizer, language));
    }
  }
  return words;
}

function split(text: string): string[] {
  return text.split(/\s+/u).filter((w) => w !== '');
}

/** Spoken words shared out over written tokens in order, as evenly as counts allow. */
function spread(written: readonly string[], spoken: readonly string[]): NormalizedWord[] {
  return written.map((text, k) => ({
    written: text,
    spoken: spoken.slice(Math.floor((k * spoken.length) / written.length), Math.floor(((k + 1) * spoken.length) / written.length)),
  }));
}

function readPlain(written: readonly string[], normalizer: LanguageNormalizer | null, language: string): NormalizedWord[] {
  if (normalizer === null) return written.map((text) => ({ written: text, spoken: [text] }));
  const pieces = written.map(splitPunctuation);
  const result: NormalizedWord[] = [];
  let replacement: string | undefined;
  pieces.forEach((piece, i) => {
    const context: TokenContext = {
      language,
      prev: pieces[i - 1]?.core ?? null,
      next: pieces[i + 1]?.core ?? null,
      afterBreak: i === 0 || /[.,;:!?…]$/u.test(pieces[i - 1]?.trail ?? ''),
    };
    let trail = piece.trail;
    let reading: Reading | null = replacement !== undefined ? { spoken: replacement } : null;
    // An abbreviation's period is part of it (`Dr.`, `e.g.`, German `3.`); a sentence's is not.
    if (reading === null && trail.startsWith('.')) {
      reading = normalizer.token(`${piece.core}.`, context);
      if (reading !== null) trail = trail.slice(1);
    }
    // A word re-read by the rule before it (`a.m.` after a time) loses its abbreviation period too.
    if (replacement !== undefined && piece.core.includes('.') && trail.startsWith('.')) trail = trail.slice(1);
    reading ??= replacement !== undefined ? null : normalizer.token(piece.core, context);
    replacement = reading?.next;
    const core = reading === null ? [piece.core] : split(reading.spoken);
    result.push({ written: written[i] ?? '', spoken: attach(piece.lead, core, trail) });
  });
  return result;
}

/** Leading punctuation glued to the first spoken word, trailing to the last (engines pause on it). */
function attach(lead: string, core: readonly string[], trail: string): string[] {
  if (core.length === 0) return lead + trail === '' ? [] : [`${lead}${trail}`];
  const words = [...core];
  words[0] = `${lead}${words[0]}`;
  words[words.length - 1] = `${words[words.length - 1]}${trail}`;
  return words;
}

/** The reading of a `say-as` run, or null when it does not parse as that kind (then read as plain text). */
function sayAs(text: string, how: NonNullable<TextRun['sayAs']>, n: LanguageNormalizer, language: string): string | null {
  const core = text.trim();
  const context: TokenContext = { language, prev: null, next: null, afterBreak: true };
  const decimal = primary(language) === 'en' ? '.' : ',';
  const group = primary(language) === 'en' ? ',' : '.';
  switch (how.interpretAs) {
    case 'characters':
    case 'spell-out':
      return spell(core, n);
    case 'digits':
      return readDigits(core, n);
    case 'cardinal':
    case 'number': {
      const parsed = parseNumber(core.replace(/\s/gu, ''), decimal, group);
      return parsed === null ? null : readDecimal(parsed, n, POINT[primary(language)] ?? 'point', MINUS[primary(language)] ?? 'minus');
    }
    case 'ordinal': {
      const value = Number.parseInt(core.replace(/\D/gu, ''), 10);
      return Number.isFinite(value) ? n.ordinal(value) : null;
    }
    case 'telephone':
      return readTelephone(core, n);
    case 'date': {
      const format = how.format?.toLowerCase() ?? '';
      const parts = core.split(/[-/.\s]+/u).map(Number);
      if (format !== '' && parts.length === format.length && parts.every(Number.isFinite)) {
        const at = (c: string) => (format.includes(c) ? parts[format.indexOf(c)] : undefined);
        const year = at('y');
        const month = at('m');
        const day = at('d');
        return n.date({ ...(year !== undefined ? { year: year < 100 ? 2000 + year : year } : {}), ...(month !== undefined ? { month } : {}), ...(day !== undefined ? { day } : {}) }, context);
      }
      const date = parseDate(core, format.startsWith('d'));
      return date === null ? null : n.date(date, context);
    }
    case 'time': {
      const time = parseTime(core);
      return time === null ? null : n.time(time.hours, time.minutes, time.meridiem);
    }
    case 'verbatim':
      return spell(core, n);
    case 'expletive':
      return 'beep';
    default:
      return null;
  }
}

/** Whether reading changed anything: when not, engine timings already are the caption words. */
export function isVerbatim(words: readonly NormalizedWord[]): boolean {
  return words.every((w) => w.spoken.length === 1 && w.spoken[0] === w.written);
}
