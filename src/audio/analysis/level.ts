import type { PcmAudio } from '../pcm.js';

/**
 * Level measurements in dBFS, where 0 dBFS is the RMS of a constant at full scale (1.0): a
 * full-scale sine measures -3.01 dBFS. Digital silence is reported as -120 dBFS rather than -Infinity.
 */

/** Floor for levels, in dBFS, so that silence gives a finite number. */
export const SILENCE_FLOOR_DB = -120;

function toDb(meanSquare: number): number {
  return meanSquare > 0 ? Math.max(SILENCE_FLOOR_DB, 10 * Math.log10(meanSquare)) : SILENCE_FLOOR_DB;
}

/** Mean square of samples [start, end). */
function meanSquare(samples: Float32Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
  return end > start ? sum / (end - start) : 0;
}

/**
 * RMS level in dBFS of consecutive, non-overlapping frames of `frameSec` seconds (default 10 ms);
 * frame i covers [i * frameSec, (i + 1) * frameSec). A shorter last frame is measured over what it has.
 */
export function frameRmsDb(pcm: PcmAudio, frameSec = 0.01): Float32Array {
  const frameLength = Math.max(1, Math.round(frameSec * pcm.sampleRate));
  const n = pcm.samples.length;
  const levels = new Float32Array(Math.ceil(n / frameLength));
  for (let f = 0; f < levels.length; f++) {
    const start = f * frameLength;
    levels[f] = toDb(meanSquare(pcm.samples, start, Math.min(n, start + frameLength)));
  }
  return levels;
}

/** Overall RMS level of the whole signal in dBFS. */
export function loudnessDb(pcm: PcmAudio): number {
  return toDb(meanSquare(pcm.samples, 0, pcm.samples.length));
}

/** Options for `detectSilences`. */
export interface SilenceOptions {
  /** Level in dBFS below which audio counts as silent; default -50. */
  thresholdDb?: number;
  /** Shorter quiet stretches are ignored, in seconds; default 0.05. */
  minDurationSec?: number;
}

/** Sub-frame step, in seconds, used to place the edges of a silence more precisely than one frame. */
const EDGE_STEP_SEC = 0.001;

/**
 * Intervals, in seconds, where the level stays below `thresholdDb` for at least `minDurationSec`.
 * Detection runs on 10 ms frames; each edge is then refined in 1 ms steps, so edges are placed to
 * within about a millisecond. Leading and trailing silence count too.
 */
export function detectSilences(
  pcm: PcmAudio,
  { thresholdDb = -50, minDurationSec = 0.05 }: SilenceOptions = {},
): Array<{ start: number; end: number }> {
  const { samples, sampleRate } = pcm;
  const frameLength = Math.max(1, Math.round(0.01 * sampleRate));
  const step = Math.max(1, Math.round(EDGE_STEP_SEC * sampleRate));
  const levels = frameRmsDb(pcm, frameLength / sampleRate);
  const quiet = (start: number, end: number): boolean =>
    toDb(meanSquare(samples, Math.max(0, start), Math.min(samples.length, end))) < thresholdDb;
  const silences: Array<{ start: number; end: number }> = [];
  let f = 0;
  while (f < levels.length) {
    if (levels[f]! >= thresholdDb) {
      f++;
      continue;
    }
    const firstFrame = f;
    while (f < levels.length && levels[f]! < thresholdDb) f++;
    // Grow the run into the loud neighbouring frames while their 1 ms pieces are still quiet.
    let start = firstFrame * frameLength;
    while (start > 0 && quiet(start - step, start)) start -= step;
    let end = Math.min(samples.length, f * frameLength);
    while (end < samples.length && quiet(end, end + step)) end += step;
    start = Math.max(0, start);
    end = Math.min(samples.length, end);
    if ((end - start) / sampleRate >= minDurationSec) {
      silences.push({ start: start / sampleRate, end: end / sampleRate });
    }
  }
  return silences;
}

/**
 * Fraction (0..1) of the 10 ms frames between `start` and `end` seconds whose level is at or
 * above `thresholdDb`, i.e. how much of that stretch has sound. 0 when the stretch holds no frame.
 */
export function speechRatio(pcm: PcmAudio, start: number, end: number, thresholdDb = -50): number {
  const levels = frameRmsDb(pcm, 0.01);
  const frameSec = Math.max(1, Math.round(0.01 * pcm.sampleRate)) / pcm.sampleRate;
  let total = 0;
  let loud = 0;
  for (let f = 0; f < levels.length; f++) {
    // A frame belongs to the stretch when its centre does.
    const centre = (f + 0.5) * frameSec;
    if (centre < start || centre > end) continue;
    total++;
    if (levels[f]! >= thresholdDb) loud++;
  }
  return total === 0 ? 0 : loud / total;
}
