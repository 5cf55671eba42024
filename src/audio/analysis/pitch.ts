import { fft, nextPowerOfTwo } from '../fft.js';
import type { PcmAudio } from '../pcm.js';
import { resample } from '../resample.js';

/** Options for `estimatePitch`. */
export interface PitchOptions {
  /** Lowest fundamental searched, in Hz; default 60. */
  minHz?: number;
  /** Highest fundamental searched, in Hz; default 500. */
  maxHz?: number;
}

/** Pitch track and its statistics. */
export interface PitchEstimate {
  /** Median F0 over voiced frames, in Hz (0 when nothing is voiced). */
  medianHz: number;
  meanHz: number;
  /** Standard deviation of F0 over voiced frames, in Hz. */
  stdHz: number;
  /** Fraction of frames that are voiced. */
  voicedRatio: number;
  /** F0 per frame (40 ms window, 10 ms hop; frame i starts at i * 10 ms), 0 where unvoiced. */
  frames: Float32Array;
}

const WINDOW_SEC = 0.04;
const HOP_SEC = 0.01;
/** YIN's absolute threshold on the normalised difference; 0.1-0.15 is the usual range. */
const YIN_THRESHOLD = 0.15;
/** Frames quieter than this (dBFS) are unvoiced without looking further. */
const VOICING_FLOOR_DB = -50;
/** Analysis rate in Hz: plenty for F0 up to 500 Hz, and it keeps the FFTs small at 44.1/48 kHz input. */
const ANALYSIS_RATE = 16000;

/**
 * Estimates the fundamental frequency with YIN (de Cheveigné & Kawahara 2002): for each 40 ms frame
 * (10 ms hop) the difference function d(τ) = Σ (x[j] - x[j+τ])² is computed through an FFT
 * cross-correlation, normalised by its running mean, and the first dip below 0.15 in [1/maxHz,
 * 1/minHz] gives the period, refined by parabolic interpolation. Audio above 16 kHz is first
 * resampled to 16 kHz.
 */
export function estimatePitch(pcm: PcmAudio, { minHz = 60, maxHz = 500 }: PitchOptions = {}): PitchEstimate {
  const audio = pcm.sampleRate > ANALYSIS_RATE ? resample(pcm, ANALYSIS_RATE) : pcm;
  const { samples, sampleRate } = audio;
  const window = Math.round(WINDOW_SEC * sampleRate);
  const hop = HOP_SEC * sampleRate; // may be fractional (e.g. 110.25 at 11025 Hz); starts are rounded
  const tauMin = Math.max(2, Math.floor(sampleRate / maxHz));
  const tauMax = Math.ceil(sampleRate / minHz);
  const frameCount = samples.length >= window ? Math.floor((samples.length - window) / hop) + 1 : 0;
  const frames = new Float32Array(frameCount);

  // Prefix sums of squares give every window energy in O(1).
  const energy = new Float64Array(samples.length + tauMax + window + 1);
  for (let i = 0; i < energy.length - 1; i++) {
    const x = i < samples.length ? samples[i]! : 0;
    energy[i + 1] = energy[i]! + x * x;
  }
  const size = nextPowerOfTwo(window + tauMax + 2); // no circular wrap for τ up to tauMax + 1
  const aRe = new Float64Array(size);
  const aIm = new Float64Array(size);
  const bRe = new Float64Array(size);
  const bIm = new Float64Array(size);
  const diff = new Float64Array(tauMax + 2);
  const floor = window * 10 ** (VOICING_FLOOR_DB / 10);

  for (let f = 0; f < frameCount; f++) {
    const start = Math.round(f * hop);
    const e0 = energy[start + window]! - energy[start]!;
    if (e0 < floor) continue;
    aRe.fill(0);
    aIm.fill(0);
    bRe.fill(0);
    bIm.fill(0);
    for (let j = 0; j < window; j++) aRe[j] = samples[start + j]!;
    for (let j = 0; j <= window + tauMax && start + j < samples.length; j++) bRe[j] = samples[start + j]!;
    fft(aRe, aIm);
    fft(bRe, bIm);
    // conj(A) * B is the spectrum of r(τ) = Σ_j a[j] b[j + τ].
    for (let k = 0; k < size; k++) {
      const re = aRe[k]! * bRe[k]! + aIm[k]! * bIm[k]!;
      const im = aRe[k]! * bIm[k]! - aIm[k]! * bRe[k]!;
      aRe[k] = re;
      aIm[k] = im;
    }
    fft(aRe, aIm, true);
    for (let tau = 0; tau <= tauMax + 1; tau++) {
      const eTau = energy[start + tau + window]! - energy[start + tau]!;
      diff[tau] = Math.max(0, e0 + eTau - 2 * aRe[tau]!);
    }
    frames[f] = yinPitch(diff, tauMin, tauMax, sampleRate);
  }
  return summarise(frames);
}

/** Turns one frame's difference function into an F0 in Hz, or 0 if the frame is unvoiced. */
function yinPitch(diff: Float64Array, tauMin: number, tauMax: number, sampleRate: number): number {
  // Cumulative mean normalised difference d'(τ) = d(τ) τ / Σ_{k=1..τ} d(k), written back in place.
  let running = 0;
  diff[0] = 1;
  for (let tau = 1; tau < diff.length; tau++) {
    running += diff[tau]!;
    diff[tau] = running > 0 ? (diff[tau]! * tau) / running : 1;
  }
  for (let tau = tauMin; tau <= tauMax; tau++) {
    if (diff[tau]! >= YIN_THRESHOLD) continue;
    while (tau + 1 <= tauMax && diff[tau + 1]! < diff[tau]!) tau++;
    // Parabolic interpolation through the minimum and its neighbours.
    const left = diff[tau - 1]!;
    const centre = diff[tau]!;
    const right = diff[tau + 1]!;
    const denominator = left - 2 * centre + right;
    const shift = denominator > 0 ? (0.5 * (left - right)) / denominator : 0;
    return sampleRate / (tau + Math.max(-1, Math.min(1, shift)));
  }
  return 0;
}

function summarise(frames: Float32Array): PitchEstimate {
  const voiced = Array.from(frames).filter((hz) => hz > 0);
  if (voiced.length === 0) return { medianHz: 0, meanHz: 0, stdHz: 0, voicedRatio: 0, frames };
  voiced.sort((a, b) => a - b);
  const middle = voiced.length >> 1;
  const medianHz = voiced.length % 2 ? voiced[middle]! : (voiced[middle - 1]! + voiced[middle]!) / 2;
  const meanHz = voiced.reduce((sum, hz) => sum + hz, 0) / voiced.length;
  const variance = voiced.reduce((sum, hz) => sum + (hz - meanHz) ** 2, 0) / voiced.length;
  return { medianHz, meanHz, stdHz: Math.sqrt(variance), voicedRatio: voiced.length / frames.length, frames };
}
