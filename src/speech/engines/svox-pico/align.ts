import { frameRmsDb } from '../../../audio/analysis/level.js';
import type { PcmAudio } from '../../../audio/pcm.js';
import type { WordTiming } from '../../engine.js';
import { roundMs, spokenCharacterCount } from '../shared/tokens.js';
import { bandWindow, dtwPath, projectPath } from './dtw.js';
import { downsampleFrames, type FeatureFrames, frameDistance, HOP_SECONDS, mfccFrames } from './features.js';

/**
 * Word timings for audio that came without them (SVOX Pico), by aligning it to a rendering of the
 * same text whose word timings are known (espeak-ng). Both clips become normalised MFCC frames
 * (`features.ts`) and DTW (`dtw.ts`) finds which frame of the target matches each frame of the
 * reference; every reference word boundary is carried across that path. A word then gets pulled in
 * to the sound inside its span, so it never starts or ends in a pause.
 *
 * Measured against the pauses of Pico's own audio (bench/pico-alignment.ts, docs/engines.md) this
 * beats mapping the reference proportionally between matched pauses, and it needs no pauses at all.
 */

export interface ReferenceRendering {
  audio: PcmAudio;
  /** One timing per whitespace token of the text, as the reference engine reports them. */
  words: readonly WordTiming[];
}

/** Coarse pass: frames averaged in fours (40 ms). */
const COARSE_FACTOR = 4;
/** Fine pass: ±80 ms around the coarse path. */
const FINE_RADIUS = 8;
/** Below this many coarse cells the coarse pass uses the whole matrix. */
const FULL_MATRIX_CELLS = 2_000_000;
/** Level detection for "sound" (dBFS floor, and dB below the loudest frame). */
const SOUND_FLOOR_DB = -55;
const SOUND_RANGE_DB = 40;

/** The warping path as a map from reference frames to the target frames they cover. */
export interface FrameMap {
  first: Int32Array;
  last: Int32Array;
}

/** Aligns `target` to `reference` and returns, per reference frame, the target frames it matches. */
export function alignFrames(reference: FeatureFrames, target: FeatureFrames): FrameMap {
  const n = reference.frames;
  const m = target.frames;
  const coarseReference = downsampleFrames(reference, COARSE_FACTOR);
  const coarseTarget = downsampleFrames(target, COARSE_FACTOR);
  const cn = coarseReference.frames;
  const cm = coarseTarget.frames;
  const halfWidth =
    cn * cm <= FULL_MATRIX_CELLS
      ? Math.max(cn, cm)
      : Math.abs(cn - cm) + Math.ceil(0.15 * Math.max(cn, cm)) + 25;
  const coarse = dtwPath(cn, cm, bandWindow(cn, cm, halfWidth), (i, j) =>
    frameDistance(coarseReference, i, coarseTarget, j),
  );
  const fine = dtwPath(n, m, projectPath(coarse, COARSE_FACTOR, n, m, FINE_RADIUS), (i, j) =>
    frameDistance(reference, i, target, j),
  );
  const first = new Int32Array(n).fill(-1);
  const last = new Int32Array(n).fill(-1);
  for (let k = 0; k < fine.rows.length; k += 1) {
    const i = fine.rows[k] ?? 0;
    const j = fine.columns[k] ?? 0;
    if ((first[i] ?? -1) === -1) first[i] = j;
    last[i] = j;
  }
  return { first, last };
}

/** Word timings in `target` for the reference's words (same tokens, same order). */
export function alignWordsByDtw(target: PcmAudio, reference: ReferenceRendering): WordTiming[] {
  const targetSeconds = target.samples.length / target.sampleRate;
  if (reference.words.length === 0) return [];
  const map = alignFrames(mfccFrames(reference.audio), mfccFrames(target));
  const frames = map.first.length;
  const frameOf = (seconds: number) => Math.min(frames - 1, Math.max(0, Math.round(seconds / HOP_SECONDS)));
  const spans = reference.words.map((word) => {
    const startFrame = frameOf(word.start);
    const endFrame = Math.max(startFrame, frameOf(word.end) - 1);
    const start = (map.first[startFrame] ?? 0) * HOP_SECONDS;
    const end = word.end > word.start ? ((map.last[endFrame] ?? 0) + 1) * HOP_SECONDS : start;
    return { word: word.word, start, end };
  });
  return tightenToSound(target, spans, targetSeconds);
}

/**
 * Fits mapped word spans to the sound of the audio (10 ms frames; a frame has sound when it is
 * within 40 dB of the loudest and above -55 dBFS):
 * 1. timings are made monotonic and kept inside the audio;
 * 2. sound that touches a word but lies in the gap before the next word is given to that word
 *    (and sound just before a word's start to that word): the mapping tends to end a word early
 *    where Pico lengthens the syllable before a pause more than espeak does;
 * 3. each word's start moves forward and end back to the first and last frame with sound inside
 *    its span, so no word starts or ends in a pause.
 */
export function tightenToSound(
  audio: PcmAudio,
  spans: ReadonlyArray<{ word: string; start: number; end: number }>,
  audioSeconds: number,
): WordTiming[] {
  const levels = frameRmsDb(audio, HOP_SECONDS);
  let peak = Number.NEGATIVE_INFINITY;
  for (const level of levels) peak = Math.max(peak, level);
  const threshold = Math.max(SOUND_FLOOR_DB, peak - SOUND_RANGE_DB);
  const frameSeconds = Math.max(1, Math.round(HOP_SECONDS * audio.sampleRate)) / audio.sampleRate;
  const loud = (frame: number) => (levels[frame] ?? -120) >= threshold;

  // 1. Monotonic, inside the audio, in whole frames.
  let previousEnd = 0;
  const frames = spans.map((span) => {
    const start = Math.min(audioSeconds, Math.max(previousEnd, span.start));
    const end = Math.min(audioSeconds, Math.max(start, span.end));
    previousEnd = end;
    return { from: Math.round(start / frameSeconds), to: Math.round(end / frameSeconds) };
  });

  // 2. Sound in the gaps joins the word it touches.
  frames.forEach((span, index) => {
    if (span.to <= span.from) return;
    const next = frames.slice(index + 1).find((other) => other.to > other.from);
    const limit = next ? next.from : levels.length;
    while (span.to < limit && loud(span.to)) span.to += 1;
    const previous = frames
      .slice(0, index)
      .reverse()
      .find((other) => other.to > other.from);
    const floor = previous ? previous.to : 0;
    while (span.from > floor && loud(span.from - 1)) span.from -= 1;
  });

  // 3. Edges pulled in to the sound inside each span.
  let lastEnd = 0;
  return spans.map((span, index) => {
    const frame = frames[index] ?? { from: 0, to: 0 };
    let from = Math.max(frame.from, lastEnd);
    let to = Math.max(from, frame.to);
    if (to > from) {
      let first = from;
      while (first < to && !loud(first)) first += 1;
      let last = to - 1;
      while (last >= first && !loud(last)) last -= 1;
      if (first <= last) {
        from = first;
        to = last + 1;
      }
    }
    lastEnd = to;
    const start = Math.min(audioSeconds, from * frameSeconds);
    const end = Math.min(audioSeconds, to * frameSeconds);
    return { word: span.word, start: roundMs(start), end: roundMs(end) };
  });
}

/**
 * Fallback when no reference timings fit: tokens share the span from the first to the last sound
 * in proportion to their spoken characters.
 */
export function proportionalWords(audio: PcmAudio, tokens: readonly string[]): WordTiming[] {
  const seconds = audio.samples.length / audio.sampleRate;
  const whole = tightenToSound(audio, [{ word: '', start: 0, end: seconds }], seconds)[0] ?? {
    start: 0,
    end: seconds,
  };
  const weights = tokens.map((token) => spokenCharacterCount(token));
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  let position = whole.start;
  const spans = tokens.map((token, index) => {
    const length = ((whole.end - whole.start) * (weights[index] ?? 0)) / total;
    const span = { word: token, start: position, end: position + length };
    position += length;
    return span;
  });
  return tightenToSound(audio, spans, seconds);
}
