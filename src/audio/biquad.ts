/**
 * Second-order IIR sections from Robert Bristow-Johnson's "Audio EQ Cookbook": the peaking and
 * shelving equalizer bands of a voice transform, and the Butterworth low-pass used before
 * decimating or compressing audio. Coefficients are normalised by a0.
 */

/** One biquad section: y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2]. */
export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Band shapes the cookbook formulas cover here. */
export type BiquadShape = 'peaking' | 'lowshelf' | 'highshelf' | 'lowpass';

/** Butterworth Q: maximally flat pass band for a single low-pass section, and shelf slope S = 1. */
const BUTTERWORTH_Q = Math.SQRT1_2;

/**
 * Cookbook coefficients for a band at `frequencyHz` (centre for peaking, corner for shelves and
 * low-pass) with `gainDb` (ignored by low-pass) and `q` (peaking and low-pass; shelves use slope 1).
 */
export function biquadCoefficients(
  shape: BiquadShape,
  sampleRate: number,
  frequencyHz: number,
  gainDb = 0,
  q = BUTTERWORTH_Q,
): BiquadCoefficients {
  const w0 = (2 * Math.PI * frequencyHz) / sampleRate;
  const cos = Math.cos(w0);
  const sin = Math.sin(w0);
  const a = 10 ** (gainDb / 40);
  let b0: number;
  let b1: number;
  let b2: number;
  let a0: number;
  let a1: number;
  let a2: number;
  if (shape === 'peaking') {
    const alpha = sin / (2 * q);
    b0 = 1 + alpha * a;
    b1 = -2 * cos;
    b2 = 1 - alpha * a;
    a0 = 1 + alpha / a;
    a1 = -2 * cos;
    a2 = 1 - alpha / a;
  } else if (shape === 'lowpass') {
    const alpha = sin / (2 * q);
    b0 = (1 - cos) / 2;
    b1 = 1 - cos;
    b2 = (1 - cos) / 2;
    a0 = 1 + alpha;
    a1 = -2 * cos;
    a2 = 1 - alpha;
  } else {
    // Shelf slope S = 1: alpha = sin(w0)/2 * sqrt((A + 1/A)(1/S - 1) + 2) = sin(w0) / sqrt(2).
    const twoSqrtAAlpha = 2 * Math.sqrt(a) * (sin / Math.SQRT2);
    const sign = shape === 'lowshelf' ? 1 : -1;
    b0 = a * (a + 1 - sign * (a - 1) * cos + twoSqrtAAlpha);
    b1 = sign * 2 * a * (a - 1 - sign * (a + 1) * cos);
    b2 = a * (a + 1 - sign * (a - 1) * cos - twoSqrtAAlpha);
    a0 = a + 1 + sign * (a - 1) * cos + twoSqrtAAlpha;
    a1 = -sign * 2 * (a - 1 + sign * (a + 1) * cos);
    a2 = a + 1 + sign * (a - 1) * cos - twoSqrtAAlpha;
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

/** Runs `samples` through one section in place (transposed direct form II, double-precision state). */
export function filterInPlace(samples: Float32Array, { b0, b1, b2, a1, a2 }: BiquadCoefficients): void {
  let z1 = 0;
  let z2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    const y = b0 * x + z1;
    z1 = b1 * x - a1 * y + z2;
    z2 = b2 * x - a2 * y;
    samples[i] = y;
  }
}

/** A copy of `samples` low-passed by `sections` Butterworth sections at `cutoffHz` (-3 dB per section there). */
export function lowPass(
  samples: Float32Array,
  sampleRate: number,
  cutoffHz: number,
  sections = 2,
): Float32Array {
  const out = samples.slice();
  const coefficients = biquadCoefficients('lowpass', sampleRate, cutoffHz);
  for (let s = 0; s < sections; s++) filterInPlace(out, coefficients);
  return out;
}
