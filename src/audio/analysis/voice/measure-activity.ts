import { frameRmsDb } from '../level.js';
import type { PcmAudio } from '../../pcm.js';

/** Speech versus pause in a recording, on 10 ms frames: what every trait measure reads its frames from. */

export const FRAME_SEC = 0.01;
/** Inner silences at least this long are pauses, not part of the speaking time. */
const PAUSE_SEC = 0.16;

export interface Activity {
  /** RMS level per 10 ms frame, dBFS. */
  levelsDb: Float32Array;
  /** Level of the loud end of speech (95th percentile of frames), dBFS. */
  peakDb: number;
  /** Frames that belong to speech (not to a pause). */
  active: Uint8Array;
  speechSeconds: number;
}

/**
 * Speech versus pause. A frame is sound when it is within 35 dB of the loud end of the recording and
 * 6 dB above its noise floor (10th percentile); quiet runs of `PAUSE_SEC` or more are pauses, shorter
 * ones (stop closures) belong to the speech around them.
 */
export function speechActivity(pcm: PcmAudio): Activity {
  const levelsDb = frameRmsDb(pcm, FRAME_SEC);
  const sorted = Array.from(levelsDb).sort((a, b) => a - b);
  const peakDb = quantile(sorted, 0.95);
  const threshold = Math.max(peakDb - 35, quantile(sorted, 0.1) + 6);
  const active = new Uint8Array(levelsDb.length);
  const loud = Array.from(levelsDb, (db) => db >= threshold);
  const first = loud.indexOf(true);
  const last = loud.lastIndexOf(true);
  let speechFrames = 0;
  for (let f = first; f >= 0 && f <= last; ) {
    let end = f;
    while (end <= last && loud[end] === loud[f]) end++;
    const isSpeech = loud[f] === true || (end - f) * FRAME_SEC < PAUSE_SEC;
    if (isSpeech) {
      active.fill(1, f, end);
      speechFrames += end - f;
    }
    f = end;
  }
  return { levelsDb, peakDb, active, speechSeconds: speechFrames * FRAME_SEC };
}

/** The q-quantile of ascending `sorted` by linear interpolation. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const position = q * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}
