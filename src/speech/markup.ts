import { AppError } from '../errors.js';

/**
 * Request text markup: `<break time="1.5s" />` pause tags and `[emotion]` steering tags.
 *
 * Both kinds of tag count toward the character limit and the cost (`characterCount` is the raw
 * length), are never spoken and never reach captions. Everything else, including any other
 * `<`-text such as `a < b` or `<b>`, is plain text for the engine.
 *
 * @example
 * parseMarkup('[happy] Hello <break time="500ms"/> there')
 * // segments: [{ kind: 'speech', text: 'Hello', emotion: 'happy' },
 * //            { kind: 'pause', seconds: 0.5 },
 * //            { kind: 'speech', text: 'there', emotion: 'happy' }]
 */

export const MAX_TEXT_CHARACTERS = 2000;
export const MAX_BREAK_TAGS = 20;
export const MAX_BREAK_SECONDS = 10;

/**
 * Characters that make no sound: whitespace, control characters (NUL...) and invisible format
 * characters (zero-width space/joiners U+200B-U+200D, word joiner U+2060, BOM U+FEFF, soft
 * hyphen, direction marks). `String.trim()` keeps most of them, so a text of only these was
 * synthesized as silence and charged (docs/reliability.md F9).
 */
const SILENT_CHARACTERS = /^[\s\p{Cc}\p{Cf}]*$/u;

/** True when the text has nothing an engine could speak. */
export function isSilentText(text: string): boolean {
  return SILENT_CHARACTERS.test(text);
}

export interface SpeechSegment {
  kind: 'speech';
  text: string;
  /** Canonical `EMOTIONS` key steering this text, or null when no known emotion tag precedes it. */
  emotion: string | null;
}

export interface PauseSegment {
  kind: 'pause';
  seconds: number;
}

export type MarkupSegment = SpeechSegment | PauseSegment;

export interface ParsedMarkup {
  segments: MarkupSegment[];
  /** The speech segments' text joined by single spaces: what the listener hears. */
  spokenText: string;
  /** Raw input length in Unicode code points, tags included: what the limit and the cost count. */
  characterCount: number;
  breakCount: number;
}

export interface ParseMarkupOptions {
  /** Longest accepted input in code points (default 2,000); longer throws `text_too_long`. */
  maxCharacters?: number;
}

/** How an emotion steers delivery, relative to the voice's own settings. */
export interface EmotionStyle {
  /** Shift of the voice's base pitch in semitones. */
  pitchSemitones: number;
  /** Multiplier on the pitch range (intonation width); 1 leaves it unchanged. */
  pitchRange: number;
  /** Multiplier on the speaking rate; above 1 is faster. */
  pace: number;
  /** Gain in dB applied to the speech. */
  energyDb: number;
}

/**
 * Known `[emotion]` tags. The numbers are deliberately moderate: they steer a voice, they do not
 * turn it into another one. A voice transform applies them; engines never see the tags.
 */
export const EMOTIONS: Readonly<Record<string, Readonly<EmotionStyle>>> = Object.freeze({
  neutral: { pitchSemitones: 0, pitchRange: 1, pace: 1, energyDb: 0 },
  happy: { pitchSemitones: 2, pitchRange: 1.3, pace: 1.08, energyDb: 2 },
  excited: { pitchSemitones: 3, pitchRange: 1.5, pace: 1.15, energyDb: 3 },
  sad: { pitchSemitones: -2, pitchRange: 0.7, pace: 0.85, energyDb: -3 },
  angry: { pitchSemitones: 1, pitchRange: 1.3, pace: 1.1, energyDb: 4 },
  calm: { pitchSemitones: -1, pitchRange: 0.8, pace: 0.9, energyDb: -2 },
  whisper: { pitchSemitones: 0, pitchRange: 0.6, pace: 0.9, energyDb: -10 },
  fearful: { pitchSemitones: 2, pitchRange: 1.2, pace: 1.12, energyDb: -1 },
  surprised: { pitchSemitones: 4, pitchRange: 1.6, pace: 1.05, energyDb: 2 },
  serious: { pitchSemitones: -1.5, pitchRange: 0.75, pace: 0.95, energyDb: 0 },
});

/** Other spellings accepted for the `EMOTIONS` keys. */
export const EMOTION_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  whispering: 'whisper',
  whispered: 'whisper',
  cheerful: 'happy',
  joyful: 'happy',
  sadly: 'sad',
  mad: 'angry',
  furious: 'angry',
  relaxed: 'calm',
  afraid: 'fearful',
  scared: 'fearful',
  surprise: 'surprised',
  shocked: 'surprised',
  normal: 'neutral',
});

/** The canonical `EMOTIONS` key for a tag word (case and spacing ignored), or null if unknown. */
export function resolveEmotion(word: string): string | null {
  const key = word.trim().toLowerCase().replace(/\s+/g, ' ');
  if (Object.hasOwn(EMOTIONS, key)) return key;
  const alias = EMOTION_ALIASES[key];
  return alias !== undefined && Object.hasOwn(EMOTION_ALIASES, key) ? alias : null;
}

// A break-tag candidate: `<`, optional `/`, the name `break` in any case, not followed by more of
// a name (`<breakfast>` is plain text). An emotion tag: 1-30 letters, inner spaces or hyphens.
const TAG = /<\s*\/?\s*break(?![\p{L}\p{N}_-])|\[(\p{L}(?:[\p{L} -]{0,28}\p{L})?)\]/giu;
const ATTRIBUTE = /^\s*([^\s=/>"']+)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s/>]+))?/u;
const TIME_VALUE = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|s)\s*$/i;

/**
 * Splits request text into speech and pause segments, validating every break tag.
 * Throws `AppError('invalid_break_tag')` naming the tag and the problem, or `text_too_long`.
 */
export function parseMarkup(text: string, options: ParseMarkupOptions = {}): ParsedMarkup {
  const characterCount = codePointLength(text);
  const maxCharacters = options.maxCharacters ?? MAX_TEXT_CHARACTERS;
  if (characterCount > maxCharacters) {
    throw new AppError(
      'text_too_long',
      `Text is ${characterCount} characters; at most ${maxCharacters} are allowed (tags included)`,
    );
  }

  const segments: MarkupSegment[] = [];
  let emotion: string | null = null;
  let breakCount = 0;
  let cursor = 0;

  const pushSpeech = (raw: string): void => {
    const piece = raw.trim();
    if (piece === '') return;
    const last = segments.at(-1);
    if (last?.kind === 'speech' && last.emotion === emotion) last.text = `${last.text} ${piece}`;
    else segments.push({ kind: 'speech', text: piece, emotion });
  };

  for (const match of text.matchAll(TAG)) {
    const start = match.index;
    if (start < cursor) continue;
    pushSpeech(text.slice(cursor, start));
    const emotionWord = match[1];
    if (emotionWord !== undefined) {
      // Unknown words are removed but leave the current steering as it is.
      emotion = resolveEmotion(emotionWord) ?? emotion;
      cursor = start + match[0].length;
      continue;
    }
    breakCount += 1;
    const tag = readTagText(text, start);
    const where = `Break tag #${breakCount} at character ${codePointLength(text.slice(0, start)) + 1}`;
    if (breakCount > MAX_BREAK_TAGS) {
      throw new AppError(
        'invalid_break_tag',
        `${where}: at most ${MAX_BREAK_TAGS} break tags are allowed per request`,
      );
    }
    segments.push({ kind: 'pause', seconds: parseBreakTag(tag, where) });
    cursor = start + tag.length;
  }
  pushSpeech(text.slice(cursor));

  const spokenText = segments
    .flatMap((segment) => (segment.kind === 'speech' ? [segment.text] : []))
    .join(' ');
  return { segments, spokenText, characterCount, breakCount };
}

/** The tag's text from `<` up to and including the next `>`, or up to the next `<` / end if unclosed. */
function readTagText(text: string, start: number): string {
  const close = text.indexOf('>', start + 1);
  const nextOpen = text.indexOf('<', start + 1);
  if (close !== -1 && (nextOpen === -1 || close < nextOpen)) return text.slice(start, close + 1);
  return text.slice(start, nextOpen === -1 ? text.length : nextOpen);
}

/** Validates one break tag and returns its pause in seconds. */
function parseBreakTag(tag: string, where: string): number {
  const invalid = (why: string): AppError => {
    const shown = tag.length > 60 ? `${tag.slice(0, 57)}...` : tag;
    return new AppError('invalid_break_tag', `${where} (${shown}): ${why}`);
  };
  if (!tag.endsWith('>')) throw invalid('the tag is not closed with "/>"');
  if (/^<\s*\//.test(tag))
    throw invalid('closing tags are not allowed; write a self-closing <break time="1s" />');
  if (/^<\s/.test(tag)) throw invalid('no space is allowed between "<" and "break"');
  const selfClosing = /\/\s*>$/.exec(tag);
  if (selfClosing === null) throw invalid('the tag must be self-closing (end it with "/>")');

  let rest = tag.slice('<break'.length, tag.length - selfClosing[0].length);
  let time: string | undefined;
  while (rest.trim() !== '') {
    if (!/^\s/.test(rest)) throw invalid('attributes must be separated by whitespace');
    const attribute = ATTRIBUTE.exec(rest);
    if (attribute === null) throw invalid(`unexpected text "${rest.trim()}"`);
    const [whole, name = '', value] = attribute;
    if (name.toLowerCase() !== 'time') throw invalid(`unknown attribute "${name}"; only "time" is allowed`);
    if (value === undefined) throw invalid('the time attribute needs a value, e.g. time="1.5s"');
    if (!/^["']/.test(value)) throw invalid(`the time value must be quoted, e.g. time="${value}"`);
    if (time !== undefined) throw invalid('the time attribute appears twice');
    time = value.slice(1, -1);
    rest = rest.slice(whole.length);
  }
  if (time === undefined) throw invalid('the time attribute is missing, e.g. <break time="1s" />');

  const parsed = TIME_VALUE.exec(time);
  if (parsed === null) {
    if (/^\s*-/.test(time))
      throw invalid(`time "${time}" is negative; it must be from 0 to ${MAX_BREAK_SECONDS} s`);
    if (/^\s*(\d+(\.\d+)?|\.\d+)\s*$/.test(time)) throw invalid(`time "${time}" needs a unit: "s" or "ms"`);
    if (/^\s*(\d+(\.\d+)?|\.\d+)/.test(time))
      throw invalid(`time "${time}" has an unknown unit; use "s" or "ms"`);
    throw invalid(`time "${time}" is not a number followed by "s" or "ms"`);
  }
  const amount = Number(parsed[1]);
  const seconds = parsed[2]?.toLowerCase() === 'ms' ? amount / 1000 : amount;
  if (!(seconds >= 0 && seconds <= MAX_BREAK_SECONDS)) {
    throw invalid(`time "${time}" is out of range; it must be from 0 to ${MAX_BREAK_SECONDS} s`);
  }
  return seconds;
}

function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
