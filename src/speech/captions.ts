import { AppError } from '../errors.js';
import type { WordTiming } from './engine.js';

/**
 * Captions from stored word timings: one cue per word, or readable phrase lines that break at
 * sentence ends, clause ends and pauses. Times are seconds; SRT rounds them to milliseconds.
 *
 * @example
 * buildCaptions([{ word: 'Hello,', start: 0, end: 0.4 }, { word: 'world.', start: 0.5, end: 0.9 }],
 *   { mode: 'phrase', maxWords: 4 }).srt
 * // "1\n00:00:00,000 --> 00:00:00,400\nHello,\n\n2\n00:00:00,500 --> 00:00:00,900\nworld.\n"
 */

export type CaptionMode = 'word' | 'phrase';

export interface CaptionOptions {
  mode: CaptionMode;
  /** Words per line in `phrase` mode, 2-7. */
  maxWords: number;
  uppercase?: boolean;
}

export interface CaptionCue {
  /** Seconds, rounded to milliseconds. */
  start: number;
  end: number;
  text: string;
}

export const MIN_CAPTION_WORDS = 2;
export const MAX_CAPTION_WORDS = 7;
/** A silence between two words at least this long (seconds) ends a phrase line. */
export const PHRASE_PAUSE_SECONDS = 0.3;

// Closing quotes and brackets that may follow the punctuation that ends a sentence or clause.
const TRAILING_CLOSERS = /["'”’»)\]}」』】》〉]+$/u;
const SENTENCE_END = /[.!?…。！？｡]$/u;
const CLAUSE_END = /[,;:—–、，；：]$/u;
const MARKUP = /\[[^\]]*\]|<[^>]*>/g;
const SPOKEN_CHARACTER = /[\p{L}\p{N}\p{S}&%@#]/u;

export function buildCaptions(
  words: readonly WordTiming[],
  options: CaptionOptions,
): { cues: CaptionCue[]; srt: string } {
  const { mode, maxWords, uppercase = false } = options;
  if (!Number.isInteger(maxWords) || maxWords < MIN_CAPTION_WORDS || maxWords > MAX_CAPTION_WORDS) {
    throw new AppError(
      'validation_error',
      `max_words must be an integer from ${MIN_CAPTION_WORDS} to ${MAX_CAPTION_WORDS}`,
    );
  }
  const clean = cleanWords(words);
  const lines = mode === 'word' ? clean.map((word) => [word]) : phraseLines(clean, maxWords);
  const cues = lines.flatMap((line): CaptionCue[] => {
    const first = line[0];
    const last = line.at(-1);
    if (first === undefined || last === undefined) return [];
    const text = line.map((word) => word.word).join(' ');
    const start = roundMs(first.start);
    return [{ start, end: Math.max(start, roundMs(last.end)), text: uppercase ? text.toUpperCase() : text }];
  });
  return { cues, srt: toSrt(cues) };
}

/** SRT text: cues numbered from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line between cues. */
export function toSrt(cues: readonly CaptionCue[]): string {
  return cues
    .map((cue, index) => {
      const startMs = Math.max(0, Math.round(cue.start * 1000));
      const endMs = Math.max(startMs, Math.round(cue.end * 1000));
      return `${index + 1}\n${srtTimestamp(startMs)} --> ${srtTimestamp(endMs)}\n${cue.text}\n`;
    })
    .join('\n');
}

/** `HH:MM:SS,mmm` for a time in milliseconds. */
export function srtTimestamp(milliseconds: number): string {
  const ms = Math.max(0, Math.round(milliseconds));
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)},${pad(ms % 1000, 3)}`;
}

/**
 * Strips stray markup from each word, drops words left empty, and attaches punctuation-only words
 * (a lone dash or ellipsis) to their neighbour so no cue shows only punctuation.
 */
function cleanWords(words: readonly WordTiming[]): WordTiming[] {
  const result: WordTiming[] = [];
  let leading = '';
  for (const timing of words) {
    const word = timing.word.replace(MARKUP, '').trim();
    if (word === '') continue;
    const start = Math.max(0, timing.start);
    const end = Math.max(start, timing.end);
    const previous = result.at(-1);
    if (!SPOKEN_CHARACTER.test(word)) {
      if (previous === undefined) leading = `${leading}${word} `;
      else previous.word = `${previous.word} ${word}`;
      continue;
    }
    result.push({ word: `${leading}${word}`, start, end });
    leading = '';
  }
  return result;
}

function phraseLines(words: readonly WordTiming[], maxWords: number): WordTiming[][] {
  const lines: WordTiming[][] = [];
  let line: WordTiming[] = [];
  words.forEach((word, index) => {
    line.push(word);
    const next = words[index + 1];
    const bare = word.word.replace(TRAILING_CLOSERS, '');
    const ends =
      line.length >= maxWords ||
      SENTENCE_END.test(bare) ||
      CLAUSE_END.test(bare) ||
      (next !== undefined && next.start - word.end >= PHRASE_PAUSE_SECONDS);
    if (ends || next === undefined) {
      lines.push(line);
      line = [];
    }
  });
  return lines;
}

function roundMs(seconds: number): number {
  return Math.round(Math.max(0, seconds) * 1000) / 1000;
}
