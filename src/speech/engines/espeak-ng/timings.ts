import type { WordTiming } from '../../engine.js';
import type { TextToken } from '../shared/tokens.js';
import type { EspeakWordEvent } from './wasm.js';

/**
 * From espeak-ng word events to one timing per whitespace-separated token of the input.
 *
 * espeak reports a word event (position in the text, time in the audio) at the start of each word
 * it speaks. Each event is mapped back to the token whose characters it points into; a token's
 * start is its first event. Tokens espeak speaks without an event of their own (`&`, some symbols)
 * share the time up to the next event with the token before them, by letter count; punctuation-only
 * tokens (`—`, `...`) get a zero-length timing. A word ends where the next begins, then both ends
 * are pulled in to the voiced frames inside that span so a word never covers a pause.
 */

/**
 * The text as espeak receives it (its glue always parses SSML and `[[phonemes]]`): `& < >` become
 * entities, brackets become parentheses, control characters become spaces. `origin[i]` is the
 * input code point that escaped code point `i` came from.
 */
export function escapeForEspeak(text: string): { escaped: string; origin: number[] } {
  let escaped = '';
  const origin: number[] = [];
  let position = 0;
  for (const character of text) {
    let replacement = character;
    if (character === '&') replacement = '&amp;';
    else if (character === '<') replacement = '&lt;';
    else if (character === '>') replacement = '&gt;';
    else if (character === '[') replacement = '(';
    else if (character === ']') replacement = ')';
    else if (isControl(character)) replacement = ' ';
    escaped += replacement;
    for (let i = 0; i < replacement.length; i += 1) origin.push(position);
    position += 1;
  }
  return { escaped, origin };
}

export interface TimingInput {
  tokens: readonly TextToken[];
  /** From `escapeForEspeak`. */
  origin: readonly number[];
  events: readonly EspeakWordEvent[];
  samples: Float32Array;
  sampleRate: number;
  /** Extra silence inserted before every word but the first, in seconds (espeak's word gap). */
  wordGapSeconds: number;
}

const FRAME_SECONDS = 0.005;
const FADE_SECONDS = 0.004;
const ONSET_LOOKBACK_SECONDS = 0.05;
const SPOKEN_CHARACTER = /[\p{L}\p{N}\p{S}&%@#]/gu;

/** Word timings in seconds (rounded to ms), plus the audio with any word gaps inserted. */
export function alignWords(input: TimingInput): { samples: Float32Array; words: WordTiming[] } {
  const { tokens, sampleRate } = input;
  if (tokens.length === 0) return { samples: input.samples, words: [] };

  const eventStarts = tokenStartsFromEvents(input);
  const gap = Math.round(input.wordGapSeconds * sampleRate);
  const gapped = insertWordGaps(input.samples, eventStarts, gap, sampleRate);
  const voiced = voicedFrames(gapped.samples, sampleRate);
  const hop = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const starts = moveStartsToOnsets(gapped.starts, voiced, hop);
  const bounds = provisionalBounds(tokens, starts, gapped.samples.length);

  const words: WordTiming[] = [];
  let previousEnd = 0;
  tokens.forEach((token, index) => {
    // A token with no sound of its own sits, zero-length, where the previous word ended.
    const span = voicedSpan(bounds[index] ?? 0, bounds[index + 1] ?? 0, voiced, hop) ?? [
      previousEnd,
      previousEnd,
    ];
    previousEnd = span[1];
    words.push({
      word: token.text,
      start: roundMs(span[0] / sampleRate),
      end: roundMs(span[1] / sampleRate),
    });
  });
  return { samples: gapped.samples, words };
}

/** [from, to) in samples pulled in to its first and last voiced frame, or null when none is voiced. */
function voicedSpan(from: number, to: number, voiced: Uint8Array, hop: number): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let frame = Math.floor(from / hop); frame < Math.ceil(to / hop) && to > from; frame += 1) {
    if (voiced[frame] !== 1) continue;
    if (first === -1) first = frame;
    last = frame;
  }
  return first === -1 ? null : [Math.max(from, first * hop), Math.min(to, (last + 1) * hop)];
}

/**
 * espeak's word event can come a few milliseconds after the word's sound has begun. When an event
 * falls inside sound that began just after a silence, the word starts at the end of that silence;
 * otherwise the previous word would end with the next word's onset.
 */
function moveStartsToOnsets(
  starts: Array<number | undefined>,
  voiced: Uint8Array,
  hop: number,
): Array<number | undefined> {
  const lookback = Math.round(ONSET_LOOKBACK_SECONDS / FRAME_SECONDS);
  let floor = 0;
  return starts.map((start, index) => {
    if (start === undefined) return undefined;
    let moved = start;
    const frame = Math.floor(start / hop);
    if (index > 0 && voiced[frame] === 1) {
      for (let previous = frame - 1; previous >= Math.max(0, frame - lookback); previous -= 1) {
        if (voiced[previous] !== 1) {
          moved = Math.min(start, (previous + 1) * hop);
          break;
        }
      }
    }
    floor = Math.max(floor, moved);
    return floor;
  });
}

/** Sample index where each token starts by espeak's word events, or undefined when none points into it. */
function tokenStartsFromEvents(input: TimingInput): Array<number | undefined> {
  const { tokens, origin, events, samples, sampleRate } = input;
  const starts: Array<number | undefined> = tokens.map(() => undefined);
  for (const event of events) {
    const escapedIndex = Math.min(Math.max(event.textPosition - 1, 0), origin.length - 1);
    const index = tokenAt(tokens, origin[escapedIndex] ?? 0);
    const sample = Math.min(
      Math.max(Math.round((event.audioPositionMs * sampleRate) / 1000), 0),
      samples.length,
    );
    const known = starts[index];
    if (known === undefined || sample < known) starts[index] = sample;
  }
  let floor = 0;
  return starts.map((start) => {
    if (start === undefined) return undefined;
    floor = Math.max(floor, start);
    return floor;
  });
}

/**
 * The token containing a code point position, or the last one before it: events of a multi-word
 * expansion (an emoji's name) can point just past their token.
 */
function tokenAt(tokens: readonly TextToken[], position: number): number {
  let low = 0;
  let high = tokens.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((tokens[middle]?.start ?? 0) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Inserts `gap` samples of silence before every evented word but the first, with short fades. */
function insertWordGaps(
  samples: Float32Array,
  starts: Array<number | undefined>,
  gap: number,
  sampleRate: number,
): { samples: Float32Array; starts: Array<number | undefined> } {
  const known = starts.filter((start): start is number => start !== undefined);
  const cuts = [...new Set(known)].filter((cut) => cut > (known[0] ?? 0) && cut < samples.length);
  if (gap <= 0 || cuts.length === 0) return { samples, starts };

  const output = new Float32Array(samples.length + cuts.length * gap);
  const edges = [0, ...cuts, samples.length];
  const fade = Math.round(FADE_SECONDS * sampleRate);
  let to = 0;
  for (let piece = 0; piece + 1 < edges.length; piece += 1) {
    const from = edges[piece] ?? 0;
    const length = (edges[piece + 1] ?? 0) - from;
    output.set(samples.subarray(from, from + length), to);
    const ramp = Math.min(fade, length);
    for (let i = 0; i < ramp; i += 1) {
      if (piece > 0) output[to + i] = (output[to + i] ?? 0) * (i / ramp);
      if (piece + 2 < edges.length)
        output[to + length - 1 - i] = (output[to + length - 1 - i] ?? 0) * (i / ramp);
    }
    to += length + (piece + 2 < edges.length ? gap : 0);
  }
  const shifted = starts.map((start) =>
    start === undefined ? undefined : start + gap * cuts.filter((cut) => cut <= start).length,
  );
  return { samples: output, starts: shifted };
}

/**
 * Boundaries (length tokens + 1) in samples: token i spans [b[i], b[i+1]). Tokens without an
 * event share the span of the evented token before them by spoken-character count.
 */
function provisionalBounds(
  tokens: readonly TextToken[],
  starts: Array<number | undefined>,
  length: number,
): number[] {
  const bounds: number[] = starts.map((start) => start ?? -1);
  bounds.push(length);
  let index = 0;
  while (index < tokens.length) {
    if (bounds[index] !== -1) {
      index += 1;
      continue;
    }
    // A run [runStart, next) of tokens without events, shared with the evented token before it.
    const owner = index > 0 ? index - 1 : index;
    let next = index;
    while (next < tokens.length && bounds[next] === -1) next += 1;
    const from = owner < index ? (bounds[owner] ?? 0) : 0;
    const to = bounds[next] ?? length;
    const weights = tokens.slice(owner, next).map((token, offset) => {
      const spoken = token.text.match(SPOKEN_CHARACTER)?.length ?? 0;
      return owner + offset < index ? Math.max(1, spoken) : spoken;
    });
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let cumulative = 0;
    weights.forEach((weight, offset) => {
      const position = owner + offset;
      // With nothing to share (punctuation only), the run gets zero length at the next event.
      if (position >= index)
        bounds[position] = total === 0 ? to : Math.round(from + ((to - from) * cumulative) / total);
      cumulative += weight;
    });
    index = next;
  }
  return bounds;
}

/** 1 for every 5 ms frame whose RMS is within 40 dB of the loudest frame (and above -60 dBFS). */
function voicedFrames(samples: Float32Array, sampleRate: number): Uint8Array {
  const hop = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const levels = new Float64Array(Math.ceil(samples.length / hop));
  let peak = -Infinity;
  for (let frame = 0; frame < levels.length; frame += 1) {
    const start = frame * hop;
    const end = Math.min(samples.length, start + hop);
    let sum = 0;
    for (let i = start; i < end; i += 1) sum += (samples[i] ?? 0) ** 2;
    const db = 10 * Math.log10(sum / Math.max(1, end - start) + 1e-12);
    levels[frame] = db;
    peak = Math.max(peak, db);
  }
  const threshold = Math.min(-40, Math.max(-60, peak - 40));
  const voiced = new Uint8Array(levels.length);
  levels.forEach((db, frame) => {
    voiced[frame] = db >= threshold ? 1 : 0;
  });
  return voiced;
}

/** C0 controls other than tab, line feed and carriage return, and DEL (a NUL would end espeak's text). */
function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
