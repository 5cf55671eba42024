import type { PcmAudio } from '../../pcm.js';
import { FRAME_SEC, speechActivity } from './measure-activity.js';
import { medianFormantsHz } from './measure-formants.js';
import { voicePitch } from './measure-pitch.js';

/** `formantScale`: a voice's formants against a reference vocal tract (see `measureTraits`). */

/**
 * Reference formants F2–F4 (Hz): the medians `medianFormantsHz` reads on espeak-ng's unscaled male
 * voice (`m6`, formant factor 1) over read English. They match an adult male vocal tract of about
 * 17 cm (a uniform tube that long resonates at 2.57 and 3.60 kHz for F3 and F4).
 */
export const REFERENCE_FORMANTS_HZ: readonly [f2: number, f3: number, f4: number] = [1500, 2540, 3380];
/**
 * How much each of F2–F4 counts. F3 and F4 follow vocal-tract length and hardly the vowel; F2 moves
 * with the vowel and only stands in when the audio is too narrow-band for F4 (8 kHz telephone).
 */
const FORMANT_WEIGHTS: readonly [number, number, number] = [0, 1, 1];

/**
 * `formantScale` alone (see `measureTraits`), e.g. for an engine's rendering of a probe sentence.
 * `f0Frames` (from `voicePitch`) may come from another rendering with the same timing, such as
 * the same audio before a pitch shift; by default they are tracked here.
 */
export function measureFormantScale(pcm: PcmAudio, f0Frames: Float32Array = voicePitch(pcm).frames): number {
  const activity = speechActivity(pcm);
  return formantScaleOf(pcm, f0Frames, activity.levelsDb, activity.peakDb);
}

export function formantScaleOf(
  pcm: PcmAudio,
  f0Frames: Float32Array,
  levelsDb: Float32Array,
  peakDb: number,
): number {
  // Vowel frames: voiced and within 20 dB of the loud end (pitch frames are 40 ms from i·10 ms).
  const centres: number[] = [];
  for (let f = 0; f < f0Frames.length; f++) {
    const centre = f * FRAME_SEC + 0.02;
    const level = levelsDb[Math.floor(centre / FRAME_SEC)] ?? -120;
    if (f0Frames[f]! > 0 && level >= peakDb - 20) centres.push(centre);
  }
  // First pass at the default ceiling, second with the ceiling scaled to this voice.
  const narrowBand = pcm.sampleRate < 11000;
  const first = scaleFromFormants(medianFormantsHz(pcm, centres).formantsHz, narrowBand);
  const ceiling = Math.min(pcm.sampleRate / 2, Math.max(4000, Math.min(6500, MALE_CEILING_HZ * first)));
  return scaleFromFormants(medianFormantsHz(pcm, centres, ceiling).formantsHz, narrowBand);
}

/** Analysis ceiling (Hz) holding five formants of the reference male vocal tract. */
const MALE_CEILING_HZ = 5000;

function scaleFromFormants(formantsHz: readonly number[], narrowBand: boolean): number {
  let logSum = 0;
  let weightSum = 0;
  for (let k = 0; k < 3; k++) {
    const hz = formantsHz[k + 1]!;
    const weight = narrowBand ? (k === 2 ? 0 : 1) : FORMANT_WEIGHTS[k]!;
    if (weight > 0 && Number.isFinite(hz)) {
      logSum += weight * Math.log(hz / REFERENCE_FORMANTS_HZ[k]!);
      weightSum += weight;
    }
  }
  return weightSum === 0 ? 1 : Math.exp(logSum / weightSum);
}
