import type { PcmAudio } from '../../pcm.js';
import { longTermSpectrum } from '../spectrum.js';

/** `brightness`: the long-term spectrum's tilt against the LTASS reference (see `measureTraits`). */

/**
 * Average level spectrum of voiced speech falls by about 8 dB per octave from 500 Hz to 5 kHz when
 * measured as power density (the international LTASS of Byrne et al. 1994, whose third-octave
 * levels fall ≈5 dB per octave, less the 3 dB per octave that widening bands add).
 */
export const REFERENCE_TILT_DB_PER_OCTAVE = -8;

/** Least-squares slope (dB per octave) of the long-term spectrum between 500 Hz and 5 kHz (or 0.9·Nyquist). */
export function spectralTiltDbPerOctave(pcm: PcmAudio): number {
  const bands = 48;
  const spectrum = longTermSpectrum(pcm, { bands });
  const centres = bandCentresHz(bands, pcm.sampleRate);
  const top = Math.min(5000, 0.45 * pcm.sampleRate);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let b = 0; b < bands; b++) {
    if (centres[b]! < 500 || centres[b]! > top) continue;
    xs.push(Math.log2(centres[b]!));
    ys.push(spectrum[b]!);
  }
  return slope(xs, ys);
}

export function measureBrightness(pcm: PcmAudio): number {
  return spectralTiltDbPerOctave(pcm) - REFERENCE_TILT_DB_PER_OCTAVE;
}

/** Centre frequencies (Hz) of `longTermSpectrum`'s mel bands: 50 Hz to min(8 kHz, Nyquist). */
export function bandCentresHz(bands: number, sampleRate: number): number[] {
  const hzToMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
  const melToHz = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);
  const low = hzToMel(50);
  const high = hzToMel(Math.min(8000, sampleRate / 2));
  return Array.from({ length: bands }, (_, b) => melToHz(low + ((high - low) * (b + 0.5)) / bands));
}

function slope(xs: number[], ys: number[]): number {
  if (xs.length < 2) return 0;
  const mx = xs.reduce((s, v) => s + v, 0) / xs.length;
  const my = ys.reduce((s, v) => s + v, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den > 0 ? num / den : 0;
}
