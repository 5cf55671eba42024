import { fft } from '../../../audio/fft.js';
import type { PcmAudio } from '../../../audio/pcm.js';
import { resample } from '../../../audio/resample.js';

/**
 * MFCC frames for aligning two renderings of the same text (different voices, different engines).
 * 16 kHz, 25 ms Hamming windows every 10 ms, 26 mel bands from 80 to 7,600 Hz, cepstra 1-12 plus a
 * log energy term, each normalised to zero mean and unit variance over the clip (cepstral mean and
 * variance normalisation), which removes most of the difference in voice and recording colour
 * that would otherwise dominate the distance between a formant voice and a concatenative one.
 */

export const FEATURE_RATE = 16000;
/** Seconds between frames. */
export const HOP_SECONDS = 0.01;
const HOP = 160;
const WINDOW = 400;
const FFT_SIZE = 512;
const MEL_BANDS = 26;
const CEPSTRA = 12;
const LOW_HZ = 80;
const HIGH_HZ = 7600;
const PRE_EMPHASIS = 0.97;
/** Weight of the log-energy dimension relative to one cepstral coefficient. */
const ENERGY_WEIGHT = 3;
/** Values per frame: 12 cepstra + log energy. */
export const FEATURE_SIZE = CEPSTRA + 1;

export interface FeatureFrames {
  /** Frame-major: frame f occupies [f * FEATURE_SIZE, (f + 1) * FEATURE_SIZE). */
  data: Float32Array;
  frames: number;
}

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular mel filters as (first bin, weights) pairs. */
const FILTERS: Array<{ first: number; weights: Float64Array }> = (() => {
  const lowMel = hzToMel(LOW_HZ);
  const highMel = hzToMel(HIGH_HZ);
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    melToHz(lowMel + ((highMel - lowMel) * i) / (MEL_BANDS + 1)),
  );
  const binHz = FEATURE_RATE / FFT_SIZE;
  return Array.from({ length: MEL_BANDS }, (_, band) => {
    const left = edges[band] ?? 0;
    const centre = edges[band + 1] ?? 0;
    const right = edges[band + 2] ?? 0;
    const first = Math.ceil(left / binHz);
    const last = Math.floor(right / binHz);
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin += 1) {
      const hz = bin * binHz;
      weights[bin - first] = hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    return { first, weights };
  });
})();

const HAMMING = Float64Array.from(
  { length: WINDOW },
  (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (WINDOW - 1)),
);

/** DCT-II rows 1..CEPSTRA over the mel bands. */
const DCT = Array.from({ length: CEPSTRA }, (_, k) =>
  Float64Array.from({ length: MEL_BANDS }, (_, n) => Math.cos((Math.PI * (k + 1) * (n + 0.5)) / MEL_BANDS)),
);

/** Normalised MFCC frames of `audio` (resampled to 16 kHz first when needed). */
export function mfccFrames(audio: PcmAudio): FeatureFrames {
  const samples = audio.sampleRate === FEATURE_RATE ? audio.samples : resample(audio, FEATURE_RATE).samples;
  const frames = Math.max(1, Math.ceil(samples.length / HOP));
  const data = new Float32Array(frames * FEATURE_SIZE);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const power = [new Float64Array(FFT_SIZE / 2 + 1), new Float64Array(FFT_SIZE / 2 + 1)] as const;
  const energy = [0, 0];
  // Two real frames per complex FFT: frame f in the real part, frame f + 1 in the imaginary part.
  for (let frame = 0; frame < frames; frame += 2) {
    re.fill(0);
    im.fill(0);
    energy[0] = windowFrame(samples, frame, re);
    energy[1] = frame + 1 < frames ? windowFrame(samples, frame + 1, im) : 0;
    fft(re, im);
    const [first, second] = power;
    for (let k = 0; k <= FFT_SIZE / 2; k += 1) {
      const mirror = (FFT_SIZE - k) % FFT_SIZE;
      const zr = re[k] ?? 0;
      const zi = im[k] ?? 0;
      const wr = re[mirror] ?? 0;
      const wi = im[mirror] ?? 0;
      first[k] = ((zr + wr) / 2) ** 2 + ((zi - wi) / 2) ** 2;
      second[k] = ((zi + wi) / 2) ** 2 + ((wr - zr) / 2) ** 2;
    }
    cepstra(first, energy[0] ?? 0, data, frame);
    if (frame + 1 < frames) cepstra(second, energy[1] ?? 0, data, frame + 1);
  }
  normalise(data, frames);
  return { data, frames };
}

/**
 * Pre-emphasised, Hamming-windowed samples of one frame into `out` (the window is centred on
 * frame * 10 ms, so frame f describes the audio around f * 10 ms); returns the frame's energy.
 */
function windowFrame(samples: Float32Array, frame: number, out: Float64Array): number {
  const start = frame * HOP - WINDOW / 2;
  let energy = 0;
  for (let i = 0; i < WINDOW; i += 1) {
    const index = start + i;
    const value = ((samples[index] ?? 0) - PRE_EMPHASIS * (samples[index - 1] ?? 0)) * (HAMMING[i] ?? 0);
    out[i] = value;
    energy += value * value;
  }
  return energy;
}

/** Mel filterbank, log and DCT of one power spectrum into frame `frame` of `data`. */
function cepstra(power: Float64Array, energy: number, data: Float32Array, frame: number): void {
  const mel = new Float64Array(MEL_BANDS);
  for (let band = 0; band < MEL_BANDS; band += 1) {
    const filter = FILTERS[band];
    if (filter === undefined) continue;
    let sum = 0;
    for (let k = 0; k < filter.weights.length; k += 1)
      sum += (filter.weights[k] ?? 0) * (power[filter.first + k] ?? 0);
    mel[band] = Math.log(sum + 1e-10);
  }
  const offset = frame * FEATURE_SIZE;
  for (let k = 0; k < CEPSTRA; k += 1) {
    const row = DCT[k];
    let sum = 0;
    for (let n = 0; n < MEL_BANDS; n += 1) sum += (row?.[n] ?? 0) * (mel[n] ?? 0);
    data[offset + k] = sum;
  }
  data[offset + CEPSTRA] = Math.log(energy + 1e-10);
}

/** Zero mean, unit variance per dimension; the energy dimension is then weighted. */
function normalise(data: Float32Array, frames: number): void {
  for (let d = 0; d < FEATURE_SIZE; d += 1) {
    let mean = 0;
    for (let f = 0; f < frames; f += 1) mean += data[f * FEATURE_SIZE + d] ?? 0;
    mean /= frames;
    let variance = 0;
    for (let f = 0; f < frames; f += 1) variance += ((data[f * FEATURE_SIZE + d] ?? 0) - mean) ** 2;
    const scale = (d === CEPSTRA ? ENERGY_WEIGHT : 1) / Math.sqrt(variance / frames + 1e-8);
    for (let f = 0; f < frames; f += 1) {
      const index = f * FEATURE_SIZE + d;
      data[index] = ((data[index] ?? 0) - mean) * scale;
    }
  }
}

/** Euclidean distance between frame `i` of `a` and frame `j` of `b`. */
export function frameDistance(a: FeatureFrames, i: number, b: FeatureFrames, j: number): number {
  let sum = 0;
  const x = i * FEATURE_SIZE;
  const y = j * FEATURE_SIZE;
  for (let d = 0; d < FEATURE_SIZE; d += 1) {
    const diff = (a.data[x + d] ?? 0) - (b.data[y + d] ?? 0);
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}

/** Averages every `factor` consecutive frames (for the coarse DTW pass). */
export function downsampleFrames(features: FeatureFrames, factor: number): FeatureFrames {
  const frames = Math.ceil(features.frames / factor);
  const data = new Float32Array(frames * FEATURE_SIZE);
  for (let f = 0; f < frames; f += 1) {
    const from = f * factor;
    const to = Math.min(features.frames, from + factor);
    for (let d = 0; d < FEATURE_SIZE; d += 1) {
      let sum = 0;
      for (let g = from; g < to; g += 1) sum += features.data[g * FEATURE_SIZE + d] ?? 0;
      data[f * FEATURE_SIZE + d] = sum / (to - from);
    }
  }
  return { data, frames };
}
