import type { PcmAudio } from '../../pcm.js';
import { estimatePitch, type PitchEstimate } from '../pitch.js';
import { lowPass } from '../../biquad.js';
import { resample } from '../../resample.js';
import { quantile } from './measure-activity.js';

/** A voice's F0 track, and `pitchRange` from its spread (see `measureTraits`). */

/** Pitch tracking sees the signal below this frequency only, Hz. */
const PITCH_BAND_HZ = 900;
/** Lowest F0 searched, Hz: deep voices dip below YIN's default 60 Hz at phrase ends. */
const MIN_F0_HZ = 50;
/** Rate YIN runs at, Hz: ample below 900 Hz, and half the work of its own 16 kHz. */
const PITCH_RATE = 8000;

/**
 * F0 track of a voice: YIN (`audio/analysis/pitch.ts`, 50–500 Hz) on the signal low-passed at 900 Hz
 * (fourth-order Butterworth) and resampled to 8 kHz. Jitter and formant motion decorrelate the
 * upper harmonics first; on the full band YIN then finds few voiced frames in low or fast voices
 * (espeak-ng at 80 Hz: 20 % of frames), with the low-pass about twice as many, and the median
 * moves by under 3 %. Frames are on `estimatePitch`'s 10 ms grid.
 */
export function voicePitch(pcm: PcmAudio): PitchEstimate {
  const band = { sampleRate: pcm.sampleRate, samples: lowPass(pcm.samples, pcm.sampleRate, PITCH_BAND_HZ) };
  return estimatePitch(pcm.sampleRate > PITCH_RATE ? resample(band, PITCH_RATE) : band, { minHz: MIN_F0_HZ });
}

/**
 * The pitch-range scale, calibrated on espeak-ng so that its `range` parameter is `pitchRange` × 100
 * (as the catalog realizes it): the 10th–90th percentile spread of voiced F0 is about
 * 0.6 + 5.1 × pitchRange semitones there (1.9, 3.3 and 4.5 semitones at `range` 25, 50 and 75,
 * measured over 8 variants). Lively human read speech spreads 5–8 semitones and reads as 0.9–1.
 */
export const RANGE_SPREAD_SEMITONES = { offset: 0.6, perUnit: 5.1 } as const;

export function measurePitchRange(voiced: number[], medianHz: number): number {
  if (voiced.length < 10 || !(medianHz > 0)) return 0.5;
  const semitones = voiced.map((hz) => 12 * Math.log2(hz / medianHz)).sort((a, b) => a - b);
  const spread = quantile(semitones, 0.9) - quantile(semitones, 0.1);
  return clamp((spread - RANGE_SPREAD_SEMITONES.offset) / RANGE_SPREAD_SEMITONES.perUnit, 0, 1);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
