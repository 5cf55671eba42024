import { AppError } from '../errors.js';
import type { EqBand, VoiceTransform } from './voice-transform.js';
import { biquadCoefficients, filterInPlace } from './biquad.js';
import type { PcmAudio } from './pcm.js';
import { pitchMarks } from './pitch-marks.js';
import { psola } from './psola.js';
import { resample } from './resample.js';

/**
 * The voice transform stage: moves an engine's output towards a voice's traits after synthesis.
 * Pitch, formants and tempo are changed together in one TD-PSOLA pass (`psola.ts`, marks from
 * `pitch-marks.ts`), then the EQ bands run in series. Pure and deterministic.
 */

/** Accepted ranges; beyond them PSOLA artefacts dominate (and a typo should not produce 10x audio). */
const LIMITS = {
  pitchShiftSemitones: [-24, 24],
  formantShift: [0.5, 2],
  tempo: [0.25, 4],
  intonationScale: [0, 3],
  gainDb: [-30, 30],
} as const;

/** Something that has times in seconds on the audio's time line (word timings). */
export interface Timed {
  start: number;
  end: number;
}

function checkRange(name: string, value: number, [min, max]: readonly [number, number]): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new AppError(
      'validation_error',
      `Voice transform ${name} must be between ${min} and ${max}, got ${value}`,
    );
  }
}

/** Whether the transform changes anything at all. */
export function isIdentityTransform(transform: VoiceTransform): boolean {
  return (
    (transform.pitchShiftSemitones ?? 0) === 0 &&
    (transform.formantShift ?? 1) === 1 &&
    (transform.tempo ?? 1) === 1 &&
    (transform.intonationScale ?? 1) === 1 &&
    !(transform.eq ?? []).some((band) => band.gainDb !== 0)
  );
}

/**
 * Applies a voice transform to mono PCM and returns new audio at the same rate:
 * - `pitchShiftSemitones`: F0 × 2^(st/12), formants and duration kept;
 * - `formantShift`: formant frequencies × factor, F0 and duration kept;
 * - `tempo`: duration ÷ tempo, F0 and formants kept;
 * - `intonationScale`: rises and falls around the median F0 × factor in semitones;
 * - `eq`: RBJ peaking / low-shelf / high-shelf biquads in series (shelves use slope 1).
 * Pitch and formant shifts keep the sample count exactly; with a tempo the output has
 * round(n / tempo) samples. Samples are clipped to [-1, 1]. The identity transform returns `pcm` itself.
 * Out-of-range values (pitch ±24 st, formant 0.5-2, tempo 0.25-4, gain ±30 dB) are a `validation_error`.
 *
 * @example
 * const higher = applyTransform(pcm, { pitchShiftSemitones: 4, eq: [{ type: 'lowshelf', frequencyHz: 300, gainDb: -6 }] });
 */
export function applyTransform(pcm: PcmAudio, transform: VoiceTransform): PcmAudio {
  const semitones = transform.pitchShiftSemitones ?? 0;
  const formantFactor = transform.formantShift ?? 1;
  const tempo = transform.tempo ?? 1;
  const intonation = transform.intonationScale ?? 1;
  checkRange('pitchShiftSemitones', semitones, LIMITS.pitchShiftSemitones);
  checkRange('intonationScale', intonation, LIMITS.intonationScale);
  checkRange('formantShift', formantFactor, LIMITS.formantShift);
  checkRange('tempo', tempo, LIMITS.tempo);
  const bands = transform.eq ?? [];
  for (const band of bands) checkBand(band);
  if (isIdentityTransform(transform)) return pcm;

  let samples: Float32Array;
  if (semitones !== 0 || formantFactor !== 1 || tempo !== 1 || intonation !== 1) {
    samples = changePitchFormantsTempo(pcm, 2 ** (semitones / 12), formantFactor, tempo, intonation);
  } else {
    samples = pcm.samples.slice();
  }
  for (const band of bands) applyBand(samples, pcm.sampleRate, band);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.max(-1, Math.min(1, samples[i]!));
  return { sampleRate: pcm.sampleRate, samples };
}

/**
 * Word (or any) timings moved as `applyTransform` moves the audio: every time ÷ tempo.
 * Pitch and formant shifts and EQ keep time, so without a tempo the timings come back unchanged.
 */
export function transformTimings<T extends Timed>(words: readonly T[], transform: VoiceTransform): T[] {
  const tempo = transform.tempo ?? 1;
  checkRange('tempo', tempo, LIMITS.tempo);
  if (tempo === 1) return words.slice();
  return words.map((word) => ({ ...word, start: word.start / tempo, end: word.end / tempo }));
}

/**
 * Pitch × pitchFactor, formants × formantFactor, duration ÷ tempo. A formant shift first plays the
 * audio formantFactor times faster (resampled to rate / formantFactor, read at the old rate: every
 * frequency, formants and F0 alike, moves by the factor and the duration shrinks by it), then
 * PSOLA undoes the side effects: pitch × pitchFactor / formantFactor, duration back to n / tempo.
 */
function changePitchFormantsTempo(
  pcm: PcmAudio,
  pitchFactor: number,
  formantFactor: number,
  tempo: number,
  rangeScale: number,
): Float32Array {
  let source = pcm;
  let shift = 1;
  if (formantFactor !== 1) {
    const rate = Math.round(pcm.sampleRate / formantFactor);
    // The rounded rate is the exact factor applied; PSOLA compensates that one.
    shift = pcm.sampleRate / rate;
    source = { sampleRate: pcm.sampleRate, samples: resample(pcm, rate).samples };
  }
  const target = Math.round(pcm.samples.length / tempo);
  if (target === 0 || source.samples.length === 0) return new Float32Array(target);
  const out = psola(source, pitchMarks(source), {
    pitchFactor: pitchFactor / shift,
    tempo: source.samples.length / target,
    rangeScale,
  });
  return out;
}

function checkBand(band: EqBand): void {
  if (!(band.frequencyHz > 0) || !Number.isFinite(band.frequencyHz)) {
    throw new AppError(
      'validation_error',
      `EQ band frequency must be a positive number of Hz, got ${band.frequencyHz}`,
    );
  }
  checkRange('EQ gainDb', band.gainDb, LIMITS.gainDb);
  if (band.q !== undefined && !(band.q > 0 && Number.isFinite(band.q))) {
    throw new AppError('validation_error', `EQ band q must be positive, got ${band.q}`);
  }
}

/**
 * One EQ band in place. A band at or above Nyquist cannot be realised at this rate: a low shelf
 * there covers the whole band (a flat gain), a peak or high shelf there touches nothing.
 */
function applyBand(samples: Float32Array, sampleRate: number, band: EqBand): void {
  if (band.gainDb === 0) return;
  const type = band.type ?? 'peaking';
  if (band.frequencyHz >= 0.49 * sampleRate) {
    if (type !== 'lowshelf') return;
    const gain = 10 ** (band.gainDb / 20);
    for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! * gain;
    return;
  }
  filterInPlace(samples, biquadCoefficients(type, sampleRate, band.frequencyHz, band.gainDb, band.q ?? 1));
}
