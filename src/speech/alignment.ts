import type { WordTiming } from './engine.js';

/**
 * Character timings from word timings, as ElevenLabs' `with-timestamps` answers give them: every
 * character of the text with a start and an end (seconds). A word's characters share its span
 * evenly; the characters between two words (spaces, punctuation the engine did not time) span the
 * pause between them. Words are found in the text in order, case-insensitively; one not found is
 * skipped and its time goes to the characters around it.
 *
 * @example
 * characterAlignment('Hi there', [{ word: 'Hi', start: 0, end: 0.2 }, { word: 'there', start: 0.3, end: 0.8 }])
 * // characters ['H','i',' ','t','h','e','r','e'], H 0-0.1, i 0.1-0.2, ' ' 0.2-0.3, t 0.3-0.4, ...
 */
export interface CharacterAlignment {
  characters: string[];
  starts: number[];
  ends: number[];
}

export interface AlignmentCursor {
  /** Index in the text where the next call starts (UTF-16 units). */
  position: number;
  /** End time (seconds) of the last timed word. */
  time: number;
}

/** Round to the millisecond: the wire carries no finer timing. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The alignment of `text` from `cursor.position` up to the end of the last of `words` found (or to
 * the end of the text when `final`), with the cursor moved past it: streamed answers call it once
 * per piece with that piece's new words, so the pieces' characters join into the whole text.
 */
export function alignCharacters(
  text: string,
  words: readonly WordTiming[],
  cursor: AlignmentCursor,
  final: boolean,
): CharacterAlignment {
  const out: CharacterAlignment = { characters: [], starts: [], ends: [] };
  const lower = text.toLowerCase();
  const push = (from: number, to: number, start: number, end: number) => {
    const chars = [...text.slice(from, to)];
    const step = chars.length > 0 ? Math.max(0, end - start) / chars.length : 0;
    chars.forEach((ch, i) => {
      out.characters.push(ch);
      out.starts.push(ms(start + step * i));
      out.ends.push(ms(start + step * (i + 1)));
    });
  };
  for (const word of words) {
    const token = word.word.trim().toLowerCase();
    if (token === '') continue;
    const at = lower.indexOf(token, cursor.position);
    if (at < 0) continue;
    const start = Math.max(word.start, cursor.time);
    push(cursor.position, at, cursor.time, start);
    push(at, at + token.length, start, Math.max(start, word.end));
    cursor.position = at + token.length;
    cursor.time = Math.max(start, word.end);
  }
  if (final && cursor.position < text.length) {
    push(cursor.position, text.length, cursor.time, cursor.time);
    cursor.position = text.length;
  }
  return out;
}

/** The whole text's character alignment from all its word timings. */
export function characterAlignment(text: string, words: readonly WordTiming[]): CharacterAlignment {
  return alignCharacters(text, words, { position: 0, time: 0 }, true);
}
