import { AppError } from '../../errors.js';
import { fft, nextPowerOfTwo } from '../fft.js';
import type { PcmAudio } from '../pcm.js';

/**
 * Long-term spectral shape of a recording: the "colour" of a voice or channel, independent of
 * what is said. Frames of about 32 ms (Hann window, 50% overlap) are averaged in the power
 * domain; frames quieter than -60 dBFS are left out so that pauses do not flatten the average.
 */

/** Frames below this RMS level (dBFS) are skipped, unless every frame is that quiet. */
const QUIET_FRAME_DB = -60;
/** Band range in Hz; 8 kHz is the top of what telephone-to-studio recordings all share at 16 kHz and up. */
const LOW_HZ = 50;
const HIGH_HZ = 8000;

/** Options for `longTermSpectrum`. */
export interface SpectrumOptions {
  /** Number of mel-spaced bands between 50 Hz and min(8 kHz, Nyquist); default 32. */
  bands?: number;
}

/** Average power spectrum (bins 0..size/2) and the bin spacing in Hz. */
function averagePowerSpectrum(pcm: PcmAudio): { power: Float64Array; binHz: number } {
  const { samples, sampleRate } = pcm;
  const size = nextPowerOfTwo(Math.round(0.032 * sampleRate));
  const hop = size / 2;
  const hann = new Float64Array(size);
  for (let i = 0; i < size; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  const bins = size / 2 + 1;
  const loud = new Float64Array(bins);
  const all = new Float64Array(bins);
  let loudFrames = 0;
  let allFrames = 0;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const quietMeanSquare = 10 ** (QUIET_FRAME_DB / 10);
  for (let start = 0; start === 0 || start + size <= samples.length; start += hop) {
    let sumSquares = 0;
    for (let i = 0; i < size; i++) {
      const x = start + i < samples.length ? samples[start + i]! : 0;
      sumSquares += x * x;
      re[i] = x * hann[i]!;
      im[i] = 0;
    }
    fft(re, im);
    const target = sumSquares / size >= quietMeanSquare ? loud : undefined;
    for (let k = 0; k < bins; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!;
      all[k] = all[k]! + p;
      if (target) target[k] = target[k]! + p;
    }
    allFrames++;
    if (target) loudFrames++;
  }
  const power = loudFrames > 0 ? loud : all;
  const frames = loudFrames > 0 ? loudFrames : allFrames;
  for (let k = 0; k < bins; k++) power[k] = power[k]! / frames;
  return { power, binHz: sampleRate / size };
}

const hzToMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);

/**
 * Average log-magnitude spectrum in `bands` mel-spaced bands (dB, 10·log10 of mean band power)
 * from 50 Hz to min(8 kHz, Nyquist). A band too narrow to hold an FFT bin takes the power
 * interpolated at its centre. Compare spectra of audio at the same sample rate, or at 16 kHz and up.
 */
export function longTermSpectrum(pcm: PcmAudio, { bands = 32 }: SpectrumOptions = {}): Float32Array {
  const { power, binHz } = averagePowerSpectrum(pcm);
  const high = Math.min(HIGH_HZ, pcm.sampleRate / 2);
  const lowMel = hzToMel(LOW_HZ);
  const highMel = hzToMel(high);
  const out = new Float32Array(bands);
  for (let b = 0; b < bands; b++) {
    const from = melToHz(lowMel + ((highMel - lowMel) * b) / bands);
    const to = melToHz(lowMel + ((highMel - lowMel) * (b + 1)) / bands);
    let sum = 0;
    let count = 0;
    for (let k = Math.ceil(from / binHz); k * binHz < to && k < power.length; k++) {
      sum += power[k]!;
      count++;
    }
    if (count === 0) {
      const position = Math.min(power.length - 1, (from + to) / 2 / binHz);
      const k = Math.floor(position);
      const next = Math.min(power.length - 1, k + 1);
      sum = power[k]! + (power[next]! - power[k]!) * (position - k);
      count = 1;
    }
    out[b] = 10 * Math.log10(sum / count + 1e-20);
  }
  return out;
}

/**
 * Distance between two spectra from `longTermSpectrum` (same band count): the RMS of their dB
 * difference after removing each one's mean, so overall loudness does not count, only shape. In dB.
 */
export function spectralDistance(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length || a.length === 0) {
    throw new AppError('internal_error', `Cannot compare spectra of ${a.length} and ${b.length} bands`);
  }
  const mean = (x: Float32Array): number => x.reduce((sum, v) => sum + v, 0) / x.length;
  const meanA = mean(a);
  const meanB = mean(b);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - meanA - (b[i]! - meanB)) ** 2;
  return Math.sqrt(sum / a.length);
}

/**
 * Spectral centroid in Hz: the magnitude-weighted mean frequency of the long-term spectrum,
 * over the full band (0 Hz to Nyquist). Brighter voices and hissier channels score higher.
 */
export function spectralCentroidHz(pcm: PcmAudio): number {
  const { power, binHz } = averagePowerSpectrum(pcm);
  let weighted = 0;
  let total = 0;
  for (let k = 0; k < power.length; k++) {
    const magnitude = Math.sqrt(power[k]!);
    weighted += magnitude * k * binHz;
    total += magnitude;
  }
  return total > 0 ? weighted / total : 0;
}
