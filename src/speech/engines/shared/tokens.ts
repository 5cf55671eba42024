/**
 * Whitespace tokens of an input text: the unit word timings are reported in. A token keeps its
 * text as written, punctuation included (`"Hello,"`), so captions can show it unchanged.
 */
export interface TextToken {
  text: string;
  /** Code point offsets in the input: [start, end). */
  start: number;
  end: number;
}

const WHITESPACE = /\s/u;

/** Splits on Unicode whitespace (so a no-break space separates tokens too). */
export function tokenizeWhitespace(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let position = 0;
  let current: TextToken | null = null;
  for (const character of text) {
    if (WHITESPACE.test(character)) {
      current = null;
    } else if (current === null) {
      current = { text: character, start: position, end: position + 1 };
      tokens.push(current);
    } else {
      current.text += character;
      current.end = position + 1;
    }
    position += 1;
  }
  return tokens;
}

/** Letters, digits and symbols that are spoken; tokens without any (`—`, `...`) take no time. */
const SPOKEN = /[\p{L}\p{N}\p{S}&%@#]/gu;

export function spokenCharacterCount(token: string): number {
  return token.match(SPOKEN)?.length ?? 0;
}

/** Seconds rounded to whole milliseconds, the precision word timings are reported with. */
export function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
