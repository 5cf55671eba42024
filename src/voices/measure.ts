import { frameRmsDb } from '../audio/level.js';
import type { PcmAudio } from '../audio/pcm.js';
import { estimatePitch, type PitchEstimate } from '../audio/pitch.js';
import { filterInPlace, lowPass } from '../audio/biquad.js';
import { resample } from '../audio/resample.js';
import { longTermSpectrum } from '../audio/spectrum.js';
import type { VoiceTraits } from '../speech/voice-identity.js';
import { medianFormantsHz } from './measure-formants.js';

/** Options for `measureTraits`. */
export interface MeasureOptions {
  /** What the recording says; when it has at least 5 words, speaking rate comes from it. */
  transcript?: string;
  /** BCP-47 tag of the recording's language (rate from a transcript needs word-spaced text). */
  language?: string;
}

/** Traits measured from a recording, plus what it sounds like and how much speech it holds. */
export type MeasuredTraits = VoiceTraits & {
  gender: 'female' | 'male' | 'neutral';
  /** Seconds of speech: the recording without leading, trailing and inner pauses of 160 ms or more. */
  speechSeconds: number;
};

const FRAME_SEC = 0.01;
/** Inner silences at least this long are pauses, not part of the speaking time. */
const PAUSE_SEC = 0.16;

/**
 * Measures a voice's traits from speech (`VoiceTraits` for the units). Methods, in short:
 *
 * - `pitchHz`: median F0 of voiced frames (YIN, `audio/pitch.ts`);
 * - `pitchRange`: the 10th–90th percentile spread of voiced F0 in semitones, on the scale of
 *   espeak-ng's `range` parameter / 100 (see `RANGE_SPREAD_SEMITONES`);
 * - `formantScale`: median LPC formants F3 and F4 of loud voiced frames against reference formants
 *   (`REFERENCE_FORMANTS_HZ`, espeak-ng's unscaled male voice), geometric mean of the ratios;
 * - `rate`: words per speaking second from a transcript, else syllable nuclei (peaks of the
 *   300–3000 Hz level envelope, ≥ 3 dB prominent, voiced) per speaking second, each against the
 *   value espeak-ng's 175 words per minute gives;
 * - `brightness`: slope of the long-term spectrum from 500 Hz to 5 kHz in dB per octave, minus the
 *   LTASS reference slope (`REFERENCE_TILT_DB_PER_OCTAVE`);
 * - `breathiness`: harmonics-to-noise ratio above 1.5 kHz in voiced frames, mapped from 20 dB
 *   (clean, 0) to 0 dB (all noise, 1).
 *
 * Accuracy figures (measured against known signals) are in docs/voices.md.
 */
export function measureTraits(pcm: PcmAudio, options: MeasureOptions = {}): MeasuredTraits {
  const pitch = voicePitch(pcm);
  const voiced = Array.from(pitch.frames).filter((hz) => hz > 0);
  const activity = speechActivity(pcm);
  const pitchHz = pitch.medianHz;
  const formantScale = formantScaleOf(pcm, pitch.frames, activity.levelsDb, activity.peakDb);
  const traits: VoiceTraits = {
    pitchHz: round(pitchHz, 1),
    pitchRange: round(measurePitchRange(voiced, pitchHz), 2),
    formantScale: round(formantScale, 3),
    rate: round(measureRate(pcm, pitch.frames, activity, options), 2),
    brightness: round(measureBrightness(pcm), 1),
    breathiness: round(measureBreathiness(pcm, pitch.frames, activity.levelsDb, activity.peakDb), 2),
  };
  return {
    ...traits,
    gender: genderOf(traits.pitchHz, traits.formantScale),
    speechSeconds: round(activity.speechSeconds, 2),
  };
}

/** Pitch tracking sees the signal below this frequency only, Hz. */
const PITCH_BAND_HZ = 900;
/** Lowest F0 searched, Hz: deep voices dip below YIN's default 60 Hz at phrase ends. */
const MIN_F0_HZ = 50;
/** Rate YIN runs at, Hz: ample below 900 Hz, and half the work of its own 16 kHz. */
const PITCH_RATE = 8000;

/**
 * F0 track of a voice: YIN (`audio/pitch.ts`, 50–500 Hz) on the signal low-passed at 900 Hz
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

function measurePitchRange(voiced: number[], medianHz: number): number {
  if (voiced.length < 10 || !(medianHz > 0)) return 0.5;
  const semitones = voiced.map((hz) => 12 * Math.log2(hz / medianHz)).sort((a, b) => a - b);
  const spread = quantile(semitones, 0.9) - quantile(semitones, 0.1);
  return clamp((spread - RANGE_SPREAD_SEMITONES.offset) / RANGE_SPREAD_SEMITONES.perUnit, 0, 1);
}

interface Activity {
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
function speechActivity(pcm: PcmAudio): Activity {
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

function formantScaleOf(
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

function measureRate(
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

function measureBrightness(pcm: PcmAudio): number {
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

/** HNR above 1.5 kHz (dB) that reads as breathiness 0 and as 1. */
const CLEAN_HNR_DB = 20;
const NOISY_HNR_DB = 2;

/**
 * Breathiness from the harmonics-to-noise ratio of the signal above 1.5 kHz, where aspiration noise
 * replaces harmonics first: per loud voiced frame, the normalised autocorrelation r at the pitch
 * period (best within ±3 %), HNR = 10·log10(r / (1 − r)), median over frames, mapped linearly.
 */
function measureBreathiness(
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

/** Female above 170 Hz, male below 145 Hz; in between, or against the formants, neutral. */
function genderOf(pitchHz: number, formantScale: number): 'female' | 'male' | 'neutral' {
  if (pitchHz >= 170) return formantScale < 0.97 ? 'neutral' : 'female';
  if (pitchHz <= 145) return formantScale > 1.12 ? 'neutral' : 'male';
  if (formantScale >= 1.1) return 'female';
  if (formantScale <= 1.0) return 'male';
  return 'neutral';
}

/** A copy of `pcm` through a second-order Butterworth high-pass at `cornerHz` (cookbook biquad). */
function highPass(pcm: PcmAudio, cornerHz: number): PcmAudio {
  const w = (2 * Math.PI * cornerHz) / pcm.sampleRate;
  const alpha = Math.sin(w) / Math.SQRT2;
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const samples = pcm.samples.slice();
  filterInPlace(samples, {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  });
  return { sampleRate: pcm.sampleRate, samples };
}

/** High-pass at `lowHz`, then low-pass at `highHz` (second-order Butterworth each). */
function bandPass(pcm: PcmAudio, lowHz: number, highHz: number): PcmAudio {
  const high = highPass(pcm, lowHz);
  return {
    sampleRate: pcm.sampleRate,
    samples: lowPass(high.samples, pcm.sampleRate, Math.min(highHz, 0.45 * pcm.sampleRate), 1),
  };
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

/** The q-quantile of ascending `sorted` by linear interpolation. */
function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const position = q * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
