import type { LanguageNormalizer, TokenContext } from './types.js';

/** Punctuation around a token that is kept on the spoken words (engines pause and intone on it). */
const LEADING = /^[("'“‘«¿¡[{]+/u;
const TRAILING = /[)"'”’»\]}.,;:!?…]+$/u;

export interface SplitToken {
  lead: string;
  core: string;
  trail: string;
}

/** `("$3.50,")` → lead `("`, core `$3.50`, trail `,")`. A core that is only punctuation stays whole. */
export function splitPunctuation(token: string): SplitToken {
  const lead = LEADING.exec(token)?.[0] ?? '';
  const rest = token.slice(lead.length);
  const trail = TRAILING.exec(rest)?.[0] ?? '';
  const core = rest.slice(0, rest.length - trail.length);
  if (core === '') return { lead: '', core: token, trail: '' };
  return { lead, core, trail };
}

/** A number as written with the language's separators, or null. `grouping` may be '' (none). */
export interface ParsedNumber {
  negative: boolean;
  integer: number;
  /** Digits after the decimal separator as written ('' when none). */
  fraction: string;
}

export function parseNumber(text: string, decimal: ',' | '.', grouping: string): ParsedNumber | null {
  const group = grouping === '' ? '' : `(?:[${escapeClass(grouping)}]\\d{3})*`;
  const pattern = new RegExp(`^([-−+]?)(\\d{1,3}${group}|\\d+)(?:[${escapeClass(decimal)}](\\d+))?$`, 'u');
  const match = pattern.exec(text);
  if (match === null) return null;
  const digits = (match[2] ?? '').replace(/\D/gu, '');
  if (digits.length > 15) return null;
  return { negative: match[1] === '-' || match[1] === '−', integer: Number(digits), fraction: match[3] ?? '' };
}

function escapeClass(characters: string): string {
  return characters.replace(/[\\\]^-]/gu, (c) => `\\${c}`);
}

/** Digit by digit: `0049` → "zero zero four nine". */
export function readDigits(digits: string, language: LanguageNormalizer): string {
  return [...digits].flatMap((d) => (/\d/u.test(d) ? [language.digits[Number(d)] ?? d] : [])).join(' ');
}

/** A number with its fraction read digit by digit after the language's decimal word. */
export function readDecimal(number: ParsedNumber, language: LanguageNormalizer, point: string, minus: string): string {
  const whole = language.cardinal(number.integer);
  const fraction = number.fraction === '' ? '' : ` ${point} ${readDigits(number.fraction, language)}`;
  return `${number.negative ? `${minus} ` : ''}${whole}${fraction}`;
}

/** Every character on its own: letters named, digits as words, known symbols as words. */
export function spell(text: string, language: LanguageNormalizer): string {
  const out: string[] = [];
  for (const character of text) {
    if (/\s/u.test(character)) continue;
    if (/\d/u.test(character)) out.push(language.digits[Number(character)] ?? character);
    else if (/\p{L}/u.test(character)) out.push(language.letter(character));
    else if (language.symbols[character] !== undefined) out.push(language.symbols[character] ?? '');
  }
  return out.filter((w) => w !== '').join(' ');
}

/** Telephone numbers: digit by digit, `+` named, groups kept apart by the separators written. */
export function readTelephone(text: string, language: LanguageNormalizer): string {
  const out: string[] = [];
  for (const group of text.split(/[\s().\-/]+/u)) {
    if (group === '') continue;
    if (group.startsWith('+')) out.push(language.symbols['+'] ?? 'plus');
    const digits = group.replace(/\D/gu, '');
    if (digits !== '') out.push(readDigits(digits, language));
  }
  return out.join(' ');
}

const URL = /^(?:(?:https?|ftp):\/\/|www\.)[^\s]+$|^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|dev|app|co|uk|de|es|fr|eu|info)(?:\/[^\s]*)?$/iu;
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

export function isUrl(core: string): boolean {
  return URL.test(core);
}

export function isEmail(core: string): boolean {
  return EMAIL.test(core);
}

/**
 * A URL or e-mail address read piece by piece: the scheme is left out, `www` is spelled, words
 * stay words, digits are read as a number, separators are named (`.` "dot", `@` "at", `/` "slash").
 */
export function readAddress(core: string, language: LanguageNormalizer): string {
  const text = core.replace(/^(?:https?|ftp):\/\//iu, '').replace(/\/$/u, '');
  const out: string[] = [];
  for (const piece of text.split(/([./@:\-_?=&#~+%])/u)) {
    if (piece === '') continue;
    const symbol = language.symbols[piece];
    if (symbol !== undefined) out.push(symbol);
    else if (/^www$/iu.test(piece)) out.push(spell(piece, language));
    else if (/^\d+$/u.test(piece)) out.push(piece.length > 4 ? readDigits(piece, language) : language.cardinal(Number(piece)));
    else if (/^[^aeiouy]+$/iu.test(piece) && piece.length <= 4) out.push(spell(piece, language));
    else out.push(piece.toLowerCase());
  }
  return out.join(' ');
}

/** Numeric dates: `2024-12-25` (ISO) and `25/12/2024` or `12/25/2024` (per `dayFirst`), or `25.12.2024`. */
export function parseDate(core: string, dayFirst: boolean): { year?: number; month: number; day: number } | null {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/u.exec(core);
  if (match) return checkDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})([/.])(\d{1,2})\2(\d{2}|\d{4})$/u.exec(core);
  if (match) {
    const a = Number(match[1]);
    const b = Number(match[3]);
    const yearText = match[4] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    // A dotted date is always day first (German, Spanish…).
    return match[2] === '.' || dayFirst ? checkDate(year, b, a) : checkDate(year, a, b);
  }
  return null;
}

function checkDate(year: number | undefined, month: number, day: number) {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return year === undefined ? { month, day } : { year, month, day };
}

/** `15:30`, `3:05`, with an optional `am`/`pm` suffix; null when not a clock time. */
export function parseTime(core: string): { hours: number; minutes: number; meridiem: 'am' | 'pm' | null } | null {
  const match = /^(\d{1,2})[:h](\d{2})(?:\s*([ap])\.?m\.?)?$/iu.exec(core);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3] ? (match[3].toLowerCase() === 'a' ? 'am' : 'pm') : null;
  if (minutes > 59 || hours > 24 || (meridiem !== null && (hours < 1 || hours > 12))) return null;
  return { hours, minutes, meridiem };
}

/** `am`, `a.m.`, `PM`… as a separate word, or null. */
export function meridiemWord(core: string | null): 'am' | 'pm' | null {
  if (core === null) return null;
  const match = /^([ap])\.?m\.?$/iu.exec(core);
  if (!match) return null;
  return match[1]?.toLowerCase() === 'a' ? 'am' : 'pm';
}

/** A unit table lookup: the unit after a number, attached (`5km`) or as the next token. */
export interface UnitName {
  one: string;
  many: string;
}
