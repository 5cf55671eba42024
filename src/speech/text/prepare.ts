import { type TextToken, tokenizeWhitespace } from '../engines/shared/tokens.js';
import { hasJapaneseScript, type ReadWord, readJapanese } from './ja.js';

/**
 * Language-specific text preparation that runs before an engine phonemizes: the text's caption
 * words (kept as written, for word timings) and, for each, what to read aloud.
 *
 * Only Japanese needs it today: its kanji are not spelled out in the text, and espeak-ng's `ja`
 * voice reads kana but calls every kanji "Chinese letter". For every other language the words are
 * the whitespace tokens and each reads as written. Chinese needs none here: espeak-ng's `cmn` voice
 * reads hanzi through its own dictionary, and Kokoro's Mandarin voices get pinyin from their
 * engine's own front end (kokoro/chinese.ts; see docs/engines.md).
 */

export type PreparedWord = ReadWord;

/** The BCP-47 primary language, lower case (`ja-JP` → `ja`). */
function primaryLanguage(tag: string): string {
  return tag.trim().replaceAll('_', '-').split('-')[0]?.toLowerCase() ?? '';
}

/** Whether `language` needs preparation for `text` (so callers skip the async hop otherwise). */
export function needsPreparation(text: string, language: string): boolean {
  return primaryLanguage(language) === 'ja' && hasJapaneseScript(text);
}

/** The text's words in order, with offsets into it and their readings. */
export async function prepareText(text: string, language: string): Promise<PreparedWord[]> {
  if (needsPreparation(text, language)) return readJapanese(text);
  return tokenizeWhitespace(text).map((token) => ({ ...token, parts: [token.text] }));
}

/**
 * The text an engine that reads plain text (espeak-ng) should speak: each word's reading, words
 * separated by spaces; and the caption tokens (written text) with offsets into that spoken text,
 * so the engine's word events map back to the words as written.
 */
export function spokenText(words: readonly PreparedWord[]): { text: string; tokens: TextToken[] } {
  let text = '';
  let position = 0;
  const tokens: TextToken[] = [];
  for (const word of words) {
    const reading = word.parts.join('');
    if (text !== '') {
      text += ' ';
      position += 1;
    }
    const length = [...reading].length;
    // A word with nothing to read (an unknown symbol) still gets a token, of zero spoken length.
    tokens.push({ text: word.text, start: position, end: position + length });
    text += reading;
    position += length;
  }
  return { text, tokens };
}
