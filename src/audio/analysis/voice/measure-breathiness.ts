import type { PcmAudio } from '../../pcm.js';
import { FRAME_SEC, quantile } from './measure-activity.js';
import { highPass } from './measure-filters.js';

/** HNR above 1.5 kHz (dB) that reads as breathiness 0 and as 1. */
const CLEAN_HNR_DB = 20;
const NOISY_HNR_DB = 2;

/**
 * Breathiness from the harmonics-to-noise ratio of the signal above 1.5 kHz, where aspiration noise
 * replaces harmonics first: per loud voiced frame, the normalised autocorrelation r at the pitch
 * period (best within ±3 %), HNR = 10·log10(r / (1 − r)), median over frames, mapped linearly.
 */
export function measureBreathiness(
  pcm: PcmAudio,
  f0Frames: Float32Array,
  levelsDb: Float32Array,
  peakDb: number,
): number {
  const high = highPass(pcm, 1500);
  const { samples, sampleRate } = high;
  const hnrs: number[] = [];
  for (let f = 0; f < f0Frames.length; f++) {
    const hz = f0Frames[f]!;
    if (!(hz > 0) || (levelsDb[f + 2] ?? -120) < peakDb - 15) continue;
    const period = sampleRate / hz;
    // One period (at least 10 ms): short enough that intonation and jitter hardly move the period
    // inside the window. The correlation peak is interpolated between lags, since a whole-sample
    // lag alone would decorrelate 3 kHz harmonics at 22 kHz by itself.
    const window = Math.round(Math.max(period, 0.01 * sampleRate));
    const start = Math.round((f * FRAME_SEC + 0.02) * sampleRate) - (window >> 1);
    if (start < 0) continue;
    const correlations: number[] = [];
    const firstLag = Math.floor(period * 0.95) - 1;
    for (let lag = firstLag; lag <= Math.ceil(period * 1.05) + 1; lag++) {
      correlations.push(
        start + lag + window <= samples.length ? normalisedCorrelation(samples, start, lag, window) : -1,
      );
    }
    let best = -1;
    for (let k = 1; k < correlations.length - 1; k++) {
      const [left, centre, right] = [correlations[k - 1]!, correlations[k]!, correlations[k + 1]!];
      if (centre < left || centre < right) continue;
      const curvature = left - 2 * centre + right;
      const peak = curvature < 0 ? centre - (left - right) ** 2 / (8 * curvature) : centre;
      best = Math.max(best, Math.min(1, peak));
    }
    if (best < 0) continue;
    const r = Math.min(0.999, Math.max(0.001, best));
    hnrs.push(10 * Math.log10(r / (1 - r)));
  }
  if (hnrs.length === 0) return 0;
  const hnr = quantile(
    hnrs.sort((a, b) => a - b),
    0.5,
  );
  return clamp((CLEAN_HNR_DB - hnr) / (CLEAN_HNR_DB - NOISY_HNR_DB), 0, 1);
}

function normalisedCorrelation(x: Float32Array, start: number, lag: number, length: number): number {
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = start; i < start + length; i++) {
    const a = x[i]!;
    const b = x[i + lag]!;
    xy += a * b;
    xx += a * a;
    yy += b * b;
  }
  return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : -1;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
