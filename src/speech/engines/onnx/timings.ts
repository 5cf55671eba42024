import { detectSilences, loudnessDb } from '../../../audio/analysis/index.js';
import type { PcmAudio } from '../../../audio/pcm.js';
import type { WordTiming } from '../../engine.js';
import type { TokenSequence } from './chunks.js';

/**
 * Word timings for the ONNX engines, from one chunk's model input (ids with owners, including BOS,
 * EOS and pad ids owned by nobody) and its audio:
 *
 * - from predicted durations, when the model outputs them (one value per input id, in frames): a
 *   word runs from the start of its first spoken id to the end of its last. Frames are converted to
 *   seconds with the chunk's own ratio (audio length / total frames), so the hop size (600 samples
 *   for Kokoro, 256 for Piper) need not be known;
 * - otherwise proportionally: the chunk's speech regions (everything but pauses ≥ 80 ms, 30 dB under
 *   the chunk's loudness) are laid end to end and shared among the words by their number of spoken
 *   ids, so a word never covers a pause between regions.
 */

export interface WordSpan {
  start: number;
  end: number;
}

/** Spans in seconds within the chunk, keyed by owner; null when the durations do not fit the input. */
export function spansFromDurations(
  input: TokenSequence,
  durations: ArrayLike<number>,
  audio: PcmAudio,
): Map<number, WordSpan> | null {
  if (durations.length !== input.ids.length) return null;
  let totalFrames = 0;
  for (let i = 0; i < durations.length; i += 1) totalFrames += Math.max(0, Number(durations[i]));
  if (!(totalFrames > 0)) return null;
  const secondsPerFrame = audio.samples.length / audio.sampleRate / totalFrames;
  const spans = new Map<number, WordSpan>();
  let frames = 0;
  for (let i = 0; i < durations.length; i += 1) {
    const start = frames * secondsPerFrame;
    frames += Math.max(0, Number(durations[i]));
    const owner = input.owner[i] ?? -1;
    if (owner < 0 || !input.spoken[i]) continue;
    const span = spans.get(owner);
    const end = frames * secondsPerFrame;
    if (span) span.end = end;
    else spans.set(owner, { start, end });
  }
  return spans;
}

const MIN_PAUSE_SECONDS = 0.08;
const PAUSE_BELOW_LOUDNESS_DB = 30;

/** Spans in seconds within the chunk, proportional to spoken ids within the speech regions. */
export function spansProportional(input: TokenSequence, audio: PcmAudio): Map<number, WordSpan> {
  const weights = new Map<number, number>();
  input.ids.forEach((_, i) => {
    const owner = input.owner[i] ?? -1;
    if (owner >= 0 && input.spoken[i]) weights.set(owner, (weights.get(owner) ?? 0) + 1);
  });
  const regions = speechRegions(audio);
  const voiced = regions.reduce((sum, r) => sum + (r.end - r.start), 0);
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const spans = new Map<number, WordSpan>();
  let cumulative = 0;
  for (const [owner, weight] of weights) {
    const from = (voiced * cumulative) / total;
    cumulative += weight;
    const to = (voiced * cumulative) / total;
    spans.set(owner, { start: toTime(regions, from, 'start'), end: toTime(regions, to, 'end') });
  }
  return spans;
}

function speechRegions(audio: PcmAudio): WordSpan[] {
  const duration = audio.samples.length / audio.sampleRate;
  if (duration === 0) return [{ start: 0, end: 0 }];
  const thresholdDb = Math.max(-70, loudnessDb(audio) - PAUSE_BELOW_LOUDNESS_DB);
  const pauses = detectSilences(audio, { thresholdDb, minDurationSec: MIN_PAUSE_SECONDS });
  const regions: WordSpan[] = [];
  let position = 0;
  for (const pause of pauses) {
    if (pause.start > position) regions.push({ start: position, end: pause.start });
    position = Math.max(position, pause.end);
  }
  if (position < duration) regions.push({ start: position, end: duration });
  return regions.length > 0 ? regions : [{ start: 0, end: duration }];
}

/** Voiced time → chunk time; at a region boundary a start goes to the next region, an end stays. */
function toTime(regions: readonly WordSpan[], voiced: number, edge: 'start' | 'end'): number {
  let remaining = voiced;
  for (let i = 0; i < regions.length; i += 1) {
    const region = regions[i]!;
    const length = region.end - region.start;
    const last = i === regions.length - 1;
    if (remaining < length - 1e-9 || (edge === 'end' && remaining <= length + 1e-9) || last) {
      return region.start + Math.min(length, Math.max(0, remaining));
    }
    remaining -= length;
  }
  return 0;
}

/**
 * One timing per request token, in order: tokens with a span get it (shifted by the chunk's
 * offset); tokens without spoken phonemes (`—`, `...`) get a zero-length timing where the previous
 * word ended. Times are rounded to ms and never go backwards.
 */
export function assembleTimings(
  tokens: readonly string[],
  spans: ReadonlyMap<number, WordSpan>,
): WordTiming[] {
  const words: WordTiming[] = [];
  let previousEnd = 0;
  tokens.forEach((word, i) => {
    const span = spans.get(i);
    const start = span ? Math.max(previousEnd, roundMs(span.start)) : previousEnd;
    const end = span ? Math.max(start, roundMs(span.end)) : start;
    words.push({ word, start, end });
    previousEnd = end;
  });
  return words;
}

/** Shifts a chunk's spans by `offsetSeconds` into `into`. */
export function mergeSpans(
  into: Map<number, WordSpan>,
  spans: ReadonlyMap<number, WordSpan>,
  offsetSeconds: number,
): void {
  for (const [owner, span] of spans) {
    const known = into.get(owner);
    const shifted = { start: span.start + offsetSeconds, end: span.end + offsetSeconds };
    // A word cut across two chunks keeps its first start and last end.
    if (known) known.end = shifted.end;
    else into.set(owner, shifted);
  }
}

function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
