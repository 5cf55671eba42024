import type { PcmAudio } from '../../pcm.js';
import { type Activity, FRAME_SEC, quantile } from './measure-activity.js';
import { bandPass } from './measure-filters.js';

/** `rate`: speaking rate from a transcript's words or from syllable nuclei (see `measureTraits`). */

/** Options for `measureTraits`. */
export interface MeasureOptions {
  /** What the recording says; when it has at least 5 words, speaking rate comes from it. */
  transcript?: string;
  /** BCP-47 tag of the recording's language (rate from a transcript needs word-spaced text). */
  language?: string;
}

/** Words per speaking second of espeak-ng at 175 wpm (its `rate` 1). */
export const REFERENCE_WORDS_PER_SECOND = 3.76;
/**
 * The nucleus count under-reads rate changes: slow speech splits long vowels into two peaks, fast
 * speech merges syllables. Against transcript word rates on espeak-ng at 120–250 wpm the nucleus
 * rate follows the true rate to the power 0.77, so it is raised to 1.3 to undo that.
 */
const NUCLEUS_RATE_EXPONENT = 1.3;
/** Syllable nuclei per speaking second of espeak-ng at 175 wpm. */
export const REFERENCE_SYLLABLES_PER_SECOND = 4.95;
/** Scripts written without spaces between words: a transcript's word count means nothing there. */
const UNSPACED_LANGUAGES = new Set(['zh', 'ja', 'th', 'lo', 'km', 'my', 'yue', 'bo']);

export function measureRate(
  pcm: PcmAudio,
  f0Frames: Float32Array,
  activity: Activity,
  options: MeasureOptions,
): number {
  if (!(activity.speechSeconds > 0.5)) return 1;
  const language = (options.language ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  const words = (options.transcript ?? '').split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  if (words.length >= 5 && !UNSPACED_LANGUAGES.has(language)) {
    return clamp(words.length / activity.speechSeconds / REFERENCE_WORDS_PER_SECOND, 0.3, 3);
  }
  const nuclei = syllableNuclei(pcm, f0Frames, activity);
  const relative = nuclei / activity.speechSeconds / REFERENCE_SYLLABLES_PER_SECOND;
  return clamp(relative ** NUCLEUS_RATE_EXPONENT, 0.3, 3);
}

/**
 * Counts syllable nuclei (after de Jong & Wempe 2009): peaks of the 300–3000 Hz level envelope
 * (40 ms windows every 10 ms) inside speech, within 25 dB of the loud end, separated from the
 * previous peak by a dip of at least 3 dB.
 */
function syllableNuclei(pcm: PcmAudio, f0Frames: Float32Array, activity: Activity): number {
  const envelope = envelopeDb(bandPass(pcm, 300, 3000), ENVELOPE_WINDOW_SEC, activity.levelsDb.length);
  const floor =
    quantile(
      Array.from(envelope).sort((a, b) => a - b),
      0.95,
    ) - 25;
  // Peaks in time order; a peak less than 3 dB above the dip that separates it from the previous
  // one is the same syllable, and the higher of the two stands for it.
  const peaks: number[] = [];
  for (let f = 1; f < envelope.length - 1; f++) {
    const v = envelope[f]!;
    if (!(v >= envelope[f - 1]! && v > envelope[f + 1]!) || v < floor || activity.active[f] !== 1) continue;
    const previous = peaks[peaks.length - 1];
    if (previous !== undefined) {
      let dip = v;
      for (let k = previous + 1; k < f; k++) dip = Math.min(dip, envelope[k]!);
      if (Math.min(v, envelope[previous]!) - dip < NUCLEUS_PROMINENCE_DB) {
        if (v > envelope[previous]!) peaks[peaks.length - 1] = f;
        continue;
      }
    }
    peaks.push(f);
  }
  return peaks.length;
}

/**
 * Level (dBFS) in a window of `windowSec` centred on each 10 ms frame: long enough to hold three
 * periods of a 75 Hz voice, so single glottal pulses do not count as syllables.
 */
function envelopeDb(pcm: PcmAudio, windowSec: number, frames: number): Float32Array {
  const { samples, sampleRate } = pcm;
  const energy = new Float64Array(samples.length + 1);
  for (let i = 0; i < samples.length; i++) energy[i + 1] = energy[i]! + samples[i]! * samples[i]!;
  const half = Math.round((windowSec * sampleRate) / 2);
  const out = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const centre = Math.round((f + 0.5) * FRAME_SEC * sampleRate);
    const from = Math.max(0, centre - half);
    const to = Math.min(samples.length, centre + half);
    const meanSquare = to > from ? (energy[to]! - energy[from]!) / (to - from) : 0;
    out[f] = meanSquare > 0 ? Math.max(-120, 10 * Math.log10(meanSquare)) : -120;
  }
  return out;
}

/** Window of the syllable envelope, seconds. */
const ENVELOPE_WINDOW_SEC = 0.04;
/** Level drop (dB) between two envelope peaks that makes them two syllables. */
const NUCLEUS_PROMINENCE_DB = 3;

/** Whether the pitch track is voiced within 20 ms of level frame `f` (pitch frames are centred 20 ms later). */
function voicedNear(f0Frames: Float32Array, f: number): boolean {
  for (let k = f - 4; k <= f; k++) if ((f0Frames[k] ?? 0) > 0) return true;
  return false;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
