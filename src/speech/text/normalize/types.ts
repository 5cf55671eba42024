/**
 * What a language's normalizer provides. Each written token (whitespace-separated, punctuation
 * stripped to `core`) is read on its own, with its neighbours for context; a rule may also
 * re-read the next token (`$2.5 million` → "two point five" + "million dollars"), so that every
 * spoken word still belongs to exactly one written token (the caption word it is timed into).
 */

export interface TokenContext {
  /** Full BCP-47 tag of the voice (`en-GB` reads dates day first). */
  language: string;
  /** Neighbouring cores (punctuation stripped), or null at the edges of the text. */
  prev: string | null;
  next: string | null;
  /** True when the previous written token ended a sentence or clause (`.`, `,`…) — no context carries over. */
  afterBreak: boolean;
}

export interface Reading {
  /** Spoken words for this token, separated by single spaces ('' = nothing to say). */
  spoken: string;
  /** When set, the next token is read as this instead of by the rules. */
  next?: string;
}

/** `say-as interpret-as` kinds every language reads. */
export type SayAsKind =
  | 'characters'
  | 'spell-out'
  | 'cardinal'
  | 'number'
  | 'ordinal'
  | 'digits'
  | 'date'
  | 'time'
  | 'telephone'
  | 'currency'
  | 'verbatim'
  | 'expletive';

export interface LanguageNormalizer {
  /** The reading of one core, or null to leave it as written. */
  token(core: string, context: TokenContext): Reading | null;
  cardinal(value: number): string;
  ordinal(value: number): string;
  /** A date from its numeric parts (month 1-12), in this language's spoken order. */
  date(parts: { year?: number; month?: number; day?: number }, context: TokenContext): string;
  /** A clock time (24 h), optionally with the `am`/`pm` the text gave. */
  time(hours: number, minutes: number, meridiem: 'am' | 'pm' | null): string;
  /** Words for symbols read inside URLs, e-mail addresses and spelled text. */
  symbols: Readonly<Record<string, string>>;
  /** Words of the digits 0-9. */
  digits: readonly string[];
  /** A letter spelled out on its own (`A` → "A"; languages may name them). */
  letter(character: string): string;
}
