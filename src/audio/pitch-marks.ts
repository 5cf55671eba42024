import { biquadCoefficients, filterInPlace, lowPass } from './biquad.js';
import type { PcmAudio } from './pcm.js';

/**
 * Pitch marks for pitch-synchronous processing (PSOLA): one mark per glottal period in voiced
 * speech, evenly spaced marks elsewhere. Built for speed rather than for measurement: F0 is
 * tracked with YIN over all lags on a ~3 kHz low-passed copy, and the candidate periods are then
 * checked and refined on an ~8 kHz copy (together about 1/10 of the work of `estimatePitch`).
 */

/** Lowest and highest F0 searched, Hz (as `estimatePitch`). */
const MIN_HZ = 60;
const MAX_HZ = 500;
/**
 * Rates the tracker works at, roughly (decimation factors are rounded to integers): the search over
 * all lags runs at the coarse rate, the choice among candidate periods and their refinement at the fine one.
 */
const COARSE_RATE = 3000;
const FINE_RATE = 8000;
/** Low-pass before decimating, Hz: keeps F0 and its first harmonics, drops most formant energy. */
const TRACK_LOWPASS_HZ = 1000;
/** Analysis window and hop, seconds. 25 ms holds 1.5 periods of the lowest F0. */
const WINDOW_SEC = 0.025;
const HOP_SEC = 0.01;
/** A frame is voiced when YIN's normalised difference d' dips below this somewhere (coarse rate). */
const YIN_VOICING = 0.3;
/** At the fine rate a lag repeats the waveform when the normalised difference is below this... */
const FINE_MATCH = 0.25;
/** ...and a shorter candidate period must repeat it within this much of the deepest coarse lag. */
const FINE_MARGIN = 0.05;
/** Lags searched on each side of a candidate period at the fine rate. */
const FINE_SEARCH = 2;
/** Frames this far below the loudest frame (dB) are unvoiced without further analysis. */
const RELATIVE_FLOOR_DB = -45;
/** Voiced runs shorter than this many frames are treated as unvoiced (tracker glitches). */
const MIN_VOICED_FRAMES = 3;
/** Low-pass applied before looking for each cycle's peak, Hz. */
const PEAK_LOWPASS_HZ = 3000;
/** How far from one period after the previous mark the next peak may be, as a fraction of the period. */
const PEAK_SEARCH = 0.25;
/** Spacing of marks in unvoiced stretches, seconds. */
export const UNVOICED_SPACING_SEC = 0.01;

/** Where the grains of a pitch-synchronous method are taken from. */
export interface PitchMarks {
  /** Sample index of each mark, ascending. */
  positions: Int32Array;
  /** Local period at each mark in samples (fractional); the unvoiced spacing where unvoiced. */
  periods: Float32Array;
  /** 1 where the mark sits in voiced speech. */
  voiced: Uint8Array;
}

/** F0 per 10 ms frame (0 = unvoiced); frame i covers the 25 ms from i * hop in the original signal. */
export interface PitchTrack {
  f0: Float32Array;
  hopSeconds: number;
  windowSeconds: number;
}

/**
 * Tracks F0 every 10 ms: YIN's deepest dip over all lags at ~3 kHz says whether a frame is voiced
 * and roughly where the period is; `refinePeriod` settles it at ~8 kHz. The track is then
 * smoothed with a median of 5 and voiced runs under 30 ms are dropped.
 */
export function trackPitch(pcm: PcmAudio): PitchTrack {
  const { sampleRate } = pcm;
  const cutoff = Math.min(TRACK_LOWPASS_HZ, sampleRate * 0.2);
  // One low-pass section at the full rate, the rest after decimating: a fraction of the cost.
  const filtered = lowPass(pcm.samples, sampleRate, cutoff, 1);
  const coarse = decimate(filtered, Math.max(1, Math.round(sampleRate / COARSE_RATE)), sampleRate, cutoff);
  const fine = decimate(filtered, Math.max(1, Math.round(sampleRate / FINE_RATE)), sampleRate, cutoff);
  const scale = fine.rate / coarse.rate;
  const x = coarse.samples;
  const window = Math.round(WINDOW_SEC * coarse.rate);
  const fineWindow = Math.round(WINDOW_SEC * fine.rate);
  const hop = HOP_SEC * coarse.rate;
  const tauMin = Math.max(2, Math.floor(coarse.rate / MAX_HZ));
  const tauMax = Math.ceil(coarse.rate / MIN_HZ);
  const frameCount = coarse.length >= window ? Math.floor((coarse.length - window) / hop) + 1 : 0;
  const f0 = new Float32Array(frameCount);

  const energies = new Float64Array(frameCount);
  let loudest = 0;
  for (let f = 0; f < frameCount; f++) {
    const start = Math.round(f * hop);
    let e = 0;
    for (let j = start; j < start + window; j++) e += x[j]! * x[j]!;
    energies[f] = e;
    loudest = Math.max(loudest, e);
  }
  const floor = loudest * 10 ** (RELATIVE_FLOOR_DB / 10);
  const diff = new Float64Array(tauMax + 2);
  for (let f = 0; f < frameCount; f++) {
    if (energies[f]! <= floor) continue;
    const start = Math.round(f * hop);
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      let d = 0;
      for (let j = start; j < start + window; j++) {
        const delta = x[j]! - x[j + tau]!;
        d += delta * delta;
      }
      diff[tau] = d;
    }
    const lag = deepestDip(diff, tauMin, tauMax);
    if (lag === 0) continue;
    const fineStart = Math.round(f * HOP_SEC * fine.rate);
    const period = refinePeriod(fine.samples, fineStart, fineWindow, lag * scale, tauMin * scale);
    f0[f] = period > 0 ? fine.rate / period : 0;
  }
  return { f0: cleanTrack(f0), hopSeconds: HOP_SEC, windowSeconds: WINDOW_SEC };
}

/**
 * Every `factor` samples of an already low-passed signal averaged into one (which nulls every
 * multiple of the new rate), then low-passed once more at the new rate. Zeros follow the
 * `length` real samples so that the last frames can compare against lags past the end.
 */
function decimate(
  filtered: Float32Array,
  factor: number,
  sampleRate: number,
  cutoff: number,
): { samples: Float32Array; rate: number; length: number } {
  const rate = sampleRate / factor;
  const length = Math.floor(filtered.length / factor);
  const samples = new Float32Array(length + Math.ceil(rate / MIN_HZ) + FINE_SEARCH + 4);
  for (let i = 0, k = 0; i < length; i++) {
    let sum = 0;
    for (let end = k + factor; k < end; k++) sum += filtered[k]!;
    samples[i] = sum / factor;
  }
  const coefficients = biquadCoefficients('lowpass', rate, Math.min(cutoff, rate * 0.4));
  filterInPlace(samples.subarray(0, length), coefficients);
  return { samples, rate, length };
}

/**
 * Turns raw differences d(1..tauMax+1) into YIN's cumulative-mean-normalised d' in place and
 * returns the lag of its deepest dip in [tauMin, tauMax], or 0 when that dip is not below
 * YIN_VOICING (unvoiced).
 */
function deepestDip(diff: Float64Array, tauMin: number, tauMax: number): number {
  let running = 0;
  for (let tau = 1; tau < diff.length; tau++) {
    running += diff[tau]!;
    diff[tau] = running > 0 ? (diff[tau]! * tau) / running : 1;
  }
  let deepest = tauMin;
  for (let tau = tauMin + 1; tau <= tauMax; tau++) if (diff[tau]! < diff[deepest]!) deepest = tau;
  return diff[deepest]! < YIN_VOICING ? deepest : 0;
}

/**
 * The period in fine-rate samples, from the coarse deepest dip at `lag` (in fine samples). At the
 * coarse rate a strong F1 makes d' dip at every F1 period, and the dip at the true period can fall
 * between two lags: the deepest coarse dip may be at a multiple of the period. At the fine rate
 * the shortest lag / k (k = 4..1) that repeats the waveform about as well as `lag` itself
 * (normalised difference within FINE_MARGIN of it) wins, refined to a fraction of a sample;
 * multiples of the F1 period repeat it less well. Returns 0 when not even `lag` repeats it.
 */
function refinePeriod(x: Float32Array, start: number, window: number, lag: number, minLag: number): number {
  const whole = bestLagNear(x, start, window, lag);
  if (!(whole.value < FINE_MATCH)) return 0;
  const accept = Math.min(FINE_MATCH, whole.value + FINE_MARGIN);
  for (let k = Math.min(4, Math.floor(lag / minLag)); k >= 2; k--) {
    const part = bestLagNear(x, start, window, lag / k);
    if (part.value <= accept) return part.lag;
  }
  return whole.lag;
}

/** The lag within FINE_SEARCH of `around` that best repeats the waveform, to a fraction of a sample. */
function bestLagNear(
  x: Float32Array,
  start: number,
  window: number,
  around: number,
): { lag: number; value: number } {
  const centre = Math.round(around);
  const first = centre - FINE_SEARCH - 1;
  const values: number[] = [];
  for (let tau = first; tau <= centre + FINE_SEARCH + 1; tau++) {
    values.push(tau >= 1 ? normalisedDifference(x, start, window, tau) : Number.POSITIVE_INFINITY);
  }
  let best = 1;
  for (let i = 2; i < values.length - 1; i++) if (values[i]! < values[best]!) best = i;
  const left = values[best - 1]!;
  const middle = values[best]!;
  const right = values[best + 1]!;
  const denominator = left - 2 * middle + right;
  const offset = Number.isFinite(denominator) && denominator > 0 ? (0.5 * (left - right)) / denominator : 0;
  return { lag: first + best + Math.max(-1, Math.min(1, offset)), value: middle };
}

/** Σ (x[j] - x[j+τ])² / Σ (x[j]² + x[j+τ]²) over the window: 0 for an exact repeat, about 1 for unrelated signals. */
function normalisedDifference(x: Float32Array, start: number, window: number, tau: number): number {
  let difference = 0;
  let energy = 0;
  const end = Math.min(start + window, x.length - tau);
  for (let j = start; j < end; j++) {
    const a = x[j]!;
    const b = x[j + tau]!;
    difference += (a - b) * (a - b);
    energy += a * a + b * b;
  }
  return energy > 0 ? difference / energy : 1;
}

/** Median-of-5 over voiced neighbours (removes single octave jumps), then drops voiced runs under 3 frames. */
function cleanTrack(raw: Float32Array): Float32Array {
  const out = new Float32Array(raw.length);
  const near: number[] = [];
  for (let f = 0; f < raw.length; f++) {
    if (raw[f] === 0) continue;
    near.length = 0;
    for (let k = Math.max(0, f - 2); k <= Math.min(raw.length - 1, f + 2); k++)
      if (raw[k]! > 0) near.push(raw[k]!);
    near.sort((a, b) => a - b);
    out[f] = near[near.length >> 1]!;
  }
  for (let f = 0; f < out.length; ) {
    if (out[f] === 0) {
      f++;
      continue;
    }
    let end = f;
    while (end < out.length && out[end]! > 0) end++;
    if (end - f < MIN_VOICED_FRAMES) out.fill(0, f, end);
    f = end;
  }
  return out;
}

/**
 * Places marks through the whole signal. In voiced speech each mark sits on the strongest peak of
 * its cycle (of a low-passed copy), searched within a quarter period of one period after the
 * previous mark, so that each grain is centred on its excitation pulse; grains centred between
 * pulses would split a pulse across two grains and double it when the grains are re-spaced.
 * Elsewhere marks are 10 ms apart.
 */
export function pitchMarks(pcm: PcmAudio, track: PitchTrack = trackPitch(pcm)): PitchMarks {
  const { sampleRate, samples } = pcm;
  const smooth = lowPass(samples, sampleRate, Math.min(PEAK_LOWPASS_HZ, sampleRate * 0.4), 1);
  const hop = track.hopSeconds * sampleRate;
  const centre = (track.windowSeconds * sampleRate) / 2;
  const unvoiced = UNVOICED_SPACING_SEC * sampleRate;
  const positions: number[] = [];
  const periods: number[] = [];
  const voiced: number[] = [];
  let polarity = 1;
  let inVoicing = false;
  for (let t = 0; t < samples.length; ) {
    const frame = Math.min(track.f0.length - 1, Math.max(0, Math.round((t - centre) / hop)));
    const hz = track.f0[frame] ?? 0;
    if (hz === 0) {
      positions.push(Math.round(t));
      periods.push(unvoiced);
      voiced.push(0);
      inVoicing = false;
      t += unvoiced;
      continue;
    }
    const period = sampleRate / hz;
    let mark: number;
    if (!inVoicing) {
      // First cycle of a voiced stretch: its largest excursion fixes the polarity for the stretch.
      mark = strongest(smooth, Math.round(t), Math.round(t + period), 0);
      polarity = smooth[mark]! >= 0 ? 1 : -1;
      inVoicing = true;
    } else {
      const reach = Math.round(period * PEAK_SEARCH);
      mark = strongest(smooth, Math.round(t) - reach, Math.round(t) + reach, polarity);
    }
    positions.push(mark);
    periods.push(period);
    voiced.push(1);
    t = mark + period;
  }
  return {
    positions: Int32Array.from(positions),
    periods: Float32Array.from(periods),
    voiced: Uint8Array.from(voiced),
  };
}

/** Index of the largest value × polarity in [from, to) (largest magnitude when polarity is 0), clamped to the signal. */
function strongest(x: Float32Array, from: number, to: number, polarity: number): number {
  const lo = Math.max(0, from);
  const hi = Math.min(x.length, to);
  let best = lo;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (let i = lo; i < hi; i++) {
    const value = polarity === 0 ? Math.abs(x[i]!) : polarity * x[i]!;
    if (value > bestValue) {
      bestValue = value;
      best = i;
    }
  }
  return best;
}
