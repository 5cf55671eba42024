import { longTermSpectrum } from '../../src/audio/analysis/index.js';
import type { PcmAudio } from '../../src/audio/pcm.js';

/** Formants (Hz) and bandwidths (Hz) of a neutral vowel, roughly /ə/ of an adult male. */
const FORMANTS: ReadonlyArray<[number, number]> = [
  [600, 80],
  [1500, 100],
  [2500, 120],
  [3500, 150],
];

/**
 * A source-filter vowel: a glottal pulse train at `f0` (with a 0.5 Hz, ±3% vibrato) through four
 * two-pole formant resonators, scaled to `peak`. Unlike `harmonicVoice` it has a smooth spectral
 * envelope with peaks, which is what a formant shift moves and a pitch shift must keep.
 */
export function formantVoice(sampleRate: number, f0: number, seconds: number, peak = 0.5): PcmAudio {
  const n = Math.round(seconds * sampleRate);
  let signal = new Float64Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const hz = f0 * (1 + 0.03 * Math.sin((2 * Math.PI * 0.5 * i) / sampleRate));
    phase += hz / sampleRate;
    // One smooth (raised-cosine, 1 ms) pulse per period.
    if (phase >= 1) phase -= 1;
    const width = 0.001 * hz;
    signal[i] = phase < width ? 0.5 - 0.5 * Math.cos((2 * Math.PI * phase) / width) : 0;
  }
  for (const [frequency, bandwidth] of FORMANTS) {
    const r = Math.exp((-Math.PI * bandwidth) / sampleRate);
    const a1 = -2 * r * Math.cos((2 * Math.PI * frequency) / sampleRate);
    const a2 = r * r;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = signal[i]! - a1 * (out[i - 1] ?? 0) - a2 * (out[i - 2] ?? 0);
    signal = out;
  }
  let max = 0;
  for (const v of signal) max = Math.max(max, Math.abs(v));
  return { sampleRate, samples: Float32Array.from(signal, (v) => (v / max) * peak) };
}

/**
 * How far the spectral envelope (formants) of `after` is scaled along the frequency axis relative
 * to `before`: the factor g for which after's long-term spectrum at f best matches before's at f / g,
 * over 300-5000 Hz (where the formants are), ignoring overall level. 1.15 means formants moved up 15 %.
 * More direct than the spectral centroid, which the band above Nyquist / g (cut by any shift up)
 * and the noise floor pull towards 1.
 */
export function envelopeShift(before: PcmAudio, after: PcmAudio): number {
  const bands = 64;
  const lowMel = hzToMel(50);
  const highMel = hzToMel(8000);
  const a = longTermSpectrum(before, { bands });
  const b = longTermSpectrum(after, { bands });
  let best = 1;
  let bestError = Number.POSITIVE_INFINITY;
  for (let g = 0.7; g <= 1.4; g += 0.0025) {
    const differences: number[] = [];
    for (let k = 0; k < bands; k++) {
      const hz = melToHz(lowMel + ((highMel - lowMel) * (k + 0.5)) / bands);
      if (hz < 300 || hz > 5000) continue;
      // Position of hz / g on before's band axis, interpolated between band centres.
      const position = ((hzToMel(hz / g) - lowMel) / (highMel - lowMel)) * bands - 0.5;
      const i = Math.floor(position);
      if (i < 0 || i + 1 >= bands) continue;
      const predicted = a[i]! + (a[i + 1]! - a[i]!) * (position - i);
      differences.push(b[k]! - predicted);
    }
    const mean = differences.reduce((sum, d) => sum + d, 0) / differences.length;
    const error = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0);
    if (error < bestError) {
      bestError = error;
      best = g;
    }
  }
  return best;
}

const hzToMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);
