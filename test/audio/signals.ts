import type { PcmAudio } from '../../src/audio/pcm.js';

/** Test signals with known properties. Deterministic: the noise uses a seeded generator. */

/** A sine of `hz` at `amplitude` (peak) for `seconds`. */
export function sine(sampleRate: number, hz: number, seconds: number, amplitude = 0.5): PcmAudio {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return { sampleRate, samples };
}

/** Mulberry32: a tiny seeded PRNG so "random" test signals are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform white noise in [-amplitude, amplitude]. */
export function noise(sampleRate: number, seconds: number, amplitude = 0.3, seed = 1): PcmAudio {
  const random = seededRandom(seed);
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) samples[i] = amplitude * (2 * random() - 1);
  return { sampleRate, samples };
}

/**
 * A crude steady voiced sound: harmonics k·f0 with amplitude 1/k up to 4 kHz, scaled to `peak`.
 * Its F0 is exactly `f0`.
 */
export function harmonicVoice(sampleRate: number, f0: number, seconds: number, peak = 0.5): PcmAudio {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  const harmonics = Math.max(1, Math.floor(Math.min(4000, sampleRate / 2 - 100) / f0));
  let max = 0;
  for (let i = 0; i < samples.length; i++) {
    let v = 0;
    for (let k = 1; k <= harmonics; k++) v += Math.sin((2 * Math.PI * k * f0 * i) / sampleRate) / k;
    samples[i] = v;
    max = Math.max(max, Math.abs(v));
  }
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i]! / max) * peak;
  return { sampleRate, samples };
}

/** Root-mean-square difference between two equally long sample arrays (in linear full-scale units). */
export function rmsDifference(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum / a.length);
}

/** Energy of a - b relative to b's, in dB, leaving out `edge` samples at each end (filters ramp in there). */
export function differenceDb(a: Float32Array, b: Float32Array, edge = 100): number {
  let difference = 0;
  let energy = 0;
  for (let i = edge; i < a.length - edge; i++) {
    difference += (a[i]! - b[i]!) ** 2;
    energy += b[i]! ** 2;
  }
  return 10 * Math.log10(difference / energy);
}
