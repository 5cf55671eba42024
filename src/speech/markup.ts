import { AppError } from '../errors.js';
import { interpretTag, parseAttributes, type TagEffect, type TextWarning } from './ssml.js';
import type { TextRun } from './text/normalize/index.js';

export type { TextWarning } from './ssml.js';

/**
 * Request text markup: `<break time="1.5s" />` pause tags and `[emotion]` steering tags.
 *
 * Both kinds of tag count toward the character limit and the cost (`characterCount` is the raw
 * length), are never spoken and never reach captions. So do the SSML-like tags of ssml.ts
 * (`say-as`, `sub`, `phoneme`, `emphasis`, `prosody`…): interpreted or removed, never read aloud; unknown
 * `[words]` and `<tags>` are removed and reported in `warnings`. `<`-text that is not a tag
 * (`a < b`) is plain text.
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
  /** How pieces of `text` are read (say-as, sub, phoneme), present only when some piece is not plain text. */
  runs?: TextRun[];
  /** `<prosody rate>` / `<emphasis>`: multiplier on the speaking rate (absent = 1). */
  rate?: number;
  /** `<prosody pitch>` / `<emphasis>`: base pitch shift in semitones (absent = 0). */
  pitchSemitones?: number;
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
  /** Tags removed or not fully applied (unknown `[word]`s, unknown `<tags>`…), in text order. */
  warnings: TextWarning[];
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
// Any other tag: `<name attr="v" ...>`, `</name>`, `<name/>` (group 2: `/` of a closing tag, 3: name,
// 4: attributes, 5: `/` of a self-closing one).
const TAG =
  /<\s*\/?\s*break(?![\p{L}\p{N}_-])|\[(\p{L}(?:[\p{L} -]{0,28}\p{L})?)\]|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=<>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s<>"']+))?)*)\s*(\/?)>/giu;
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
  const warnings: TextWarning[] = [];
  let emotion: string | null = null;
  let breakCount = 0;
  let cursor = 0;
  const open: Array<{ name: string; effect: TagEffect }> = [];

  // The innermost say-as/sub/phoneme and the combined rate and pitch of the open elements.
  const current = () => {
    let rate = 1;
    let pitch = 0;
    let reading: Pick<TextRun, 'sayAs' | 'alias' | 'ipa'> = {};
    for (const { effect } of open) {
      rate *= effect.rate ?? 1;
      pitch += effect.pitchSemitones ?? 0;
      if (effect.sayAs) reading = { sayAs: effect.sayAs };
      if (effect.alias !== undefined) reading = { alias: effect.alias };
      if (effect.ipa !== undefined) reading = { ipa: effect.ipa };
    }
    return { rate, pitch, reading };
  };

  const pushSpeech = (raw: string): void => {
    const { rate, pitch, reading } = current();
    const last = segments.at(-1);
    const same =
      last?.kind === 'speech' && last.emotion === emotion && (last.rate ?? 1) === rate && (last.pitchSemitones ?? 0) === pitch;
    const segment: SpeechSegment = same
      ? last
      : { kind: 'speech', text: '', emotion, runs: [], ...(rate !== 1 ? { rate } : {}), ...(pitch !== 0 ? { pitchSemitones: pitch } : {}) };
    if (!same) segments.push(segment);
    segment.runs?.push({ text: raw, ...reading });
  };

  for (const match of text.matchAll(TAG)) {
    const start = match.index;
    if (start < cursor) continue;
    if (start > cursor) pushSpeech(text.slice(cursor, start));
    cursor = start + match[0].length;
    const emotionWord = match[1];
    if (emotionWord !== undefined) {
      const known = resolveEmotion(emotionWord);
      // Unknown words are removed but leave the current steering as it is.
      if (known === null) warnings.push({ code: 'unknown_tag', message: `Unknown tag [${emotionWord}] at character ${codePointLength(text.slice(0, start)) + 1} was removed` });
      emotion = known ?? emotion;
      pushSpeech(' ');
      continue;
    }
    const name = match[3];
    if (name !== undefined) {
      const where = `<${match[2] ?? ''}${name}> at character ${codePointLength(text.slice(0, start)) + 1}`;
      if (match[2] === '/') {
        const at = open.findLastIndex((element) => element.name === name.toLowerCase());
        if (at === -1) warnings.push({ code: 'unknown_tag', message: `${where}: closing tag with no opening tag was removed` });
        else {
          if (open[at]?.effect.boundary) pushSpeech(' ');
          open.splice(at);
        }
        continue;
      }
      const { effect, warnings: found } = interpretTag(name, parseAttributes(match[4] ?? ''), where);
      warnings.push(...found);
      if (effect.boundary) pushSpeech(' ');
      if (match[5] !== '/') open.push({ name: name.toLowerCase(), effect });
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
  if (cursor < text.length) pushSpeech(text.slice(cursor));

  const tidy: MarkupSegment[] = [];
  for (const segment of segments.flatMap((s): MarkupSegment[] => (s.kind === 'pause' ? [s] : finishSegment(s)))) {
    const previous = tidy.at(-1);
    // Punctuation left alone by a closing tag (`<emphasis>this</emphasis>.`) joins the speech before it.
    if (segment.kind === 'speech' && previous?.kind === 'speech' && !/[\p{L}\p{N}]/u.test(segment.text)) {
      previous.text += segment.text;
      const lastRun = previous.runs?.at(-1);
      if (lastRun !== undefined && !isSpecial(lastRun)) lastRun.text += segment.text;
      else previous.runs?.push({ text: segment.text });
    } else tidy.push(segment);
  }
  const spokenText = tidy
    .flatMap((segment) => (segment.kind === 'speech' ? [segment.text] : []))
    .join(' ');
  return { segments: tidy, spokenText, characterCount, breakCount, warnings };
}

/** A run read otherwise than as plain text: say-as, sub, phoneme. */
function isSpecial(run: TextRun): boolean {
  return run.sayAs !== undefined || run.alias !== undefined || run.ipa !== undefined;
}

/**
 * Joins a segment's runs: whitespace left where tags were removed collapses to one space, the
 * edges are trimmed, plain runs merge; `runs` stays only when some run is read specially.
 */
function finishSegment(segment: SpeechSegment): SpeechSegment[] {
  const runs: TextRun[] = [];
  for (const run of segment.runs ?? []) {
    const last = runs.at(-1);
    let piece = run.text;
    if ((last === undefined || /\s$/u.test(last.text)) && run.sayAs === undefined && run.alias === undefined) piece = piece.replace(/^\s+/u, '');
    if (piece === '' && run.alias === undefined) continue;
    if (last !== undefined && !isSpecial(last) && !isSpecial(run)) {
      last.text = /\s$/u.test(last.text) ? last.text + piece.replace(/^\s+/u, '') : last.text + piece;
    } else runs.push({ ...run, text: piece });
  }
  const last = runs.at(-1);
  if (last !== undefined && last.sayAs === undefined && last.alias === undefined) last.text = last.text.replace(/\s+$/u, '');
  const kept = runs.filter((run) => run.text !== '' || (run.alias !== undefined && run.alias.trim() !== ''));
  const text = kept.map((run) => run.text).join('').trim();
  if (kept.length === 0 || (text === '' && kept.every((run) => run.alias === undefined))) return [];
  const { runs: _, ...rest } = segment;
  const special = kept.some(isSpecial);
  return [{ ...rest, text: text === '' ? kept.map((run) => run.alias ?? '').join(' ').trim() : text, ...(special ? { runs: kept } : {}) }];
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
