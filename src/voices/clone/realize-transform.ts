import type { PcmAudio } from '../../audio/pcm.js';
import { spectralDistance } from '../../audio/analysis/spectrum.js';
import { applyTransform } from '../../audio/transform.js';
import { eqResponseDb, fitEq } from '../eq-fit.js';
import type { VoiceTraits, VoiceTransform } from '../../speech/voice-identity.js';
import { measureFormantScale } from '../../audio/analysis/voice/measure-formant-scale.js';
import { voicePitch } from '../../audio/analysis/voice/measure-pitch.js';

/**
 * Fitting a clone's transform (pitch shift, formant shift, EQ) that moves an engine's rendering of
 * the probe to the recording: shared by the espeak-ng fit (`realize.ts`) and the stock voices'
 * (`realize-stock.ts`).
 */

/** Pitch corrections stop once the probe's median F0 is this close to the target (0.3 %). */
const PITCH_TOLERANCE = 0.003;
/** Formant shifts smaller than 1 % are not worth a resampling pass. */
const MIN_FORMANT_SHIFT = 0.01;
/** The transform's formant stage stays within ±25 %: beyond that the audio degrades faster than it gains. */
const MAX_FORMANT_SHIFT = 1.25;

export interface Fit {
  transform: VoiceTransform;
  /** The probe with the transform's pitch and formant stages (no EQ). */
  audio: PcmAudio;
  /** Long-term-spectrum distance of the transformed probe (with EQ) to the recording, dB. */
  distance: number;
}

/** What the transform is fitted against: the recording's spectrum and how to analyse a probe like it. */
export interface SpectrumTarget {
  spectrum: Float32Array;
  spectrumOf: (audio: PcmAudio) => Float32Array;
  /** Centre frequency of each band, Hz. */
  centres: readonly number[];
}

/**
 * Pitch, formant and EQ corrections that move `probe` (the engine's rendering) to the targets:
 * one measured pitch step, the formant shift measured at the target pitch (the formant estimate
 * leans a little on F0, so both sides are compared at the same pitch), and EQ bands fitted to
 * what remains of the spectral difference.
 */
export function fitTransform(probe: PcmAudio, traits: VoiceTraits, target: SpectrumTarget): Fit {
  const { transform, frames } = pitchStep(probe, traits.pitchHz);
  // PSOLA keeps timing, so the raw probe's voiced frames are the pitched probe's too.
  const pitched = applyTransform(probe, transform);
  setFormantShift(transform, traits.formantScale / measureFormantScale(pitched, frames));
  return withEq(probe, transform, target);
}

/** One measured pitch step from the probe's median F0 to `targetHz`, and the probe's F0 frames. */
export function pitchStep(probe: PcmAudio, targetHz: number): { transform: VoiceTransform; frames: Float32Array } {
  const raw = voicePitch(probe);
  const transform: VoiceTransform = {};
  if (raw.medianHz > 0)
    transform.pitchShiftSemitones = round(clampSemitones(12 * Math.log2(targetHz / raw.medianHz)), 3);
  return { transform, frames: raw.frames };
}

/** The fit's formant shift refined against the spectrum, then its pitch landed on `targetHz`. */
export function finishFit(probe: PcmAudio, fit: Fit, target: SpectrumTarget, targetHz: number): VoiceTransform {
  const refined = refineFormantShift(probe, fit, target);
  const transform = { ...refined.transform };
  landPitch(probe, transform, targetHz, voicePitch(refined.audio).medianHz);
  return transform;
}

/**
 * Refines the formant shift of a fitted probe by analysis by synthesis: shifts 2.5 % and 5 % either
 * side are rendered and the one whose long-term spectrum (after its own EQ) is closest to the
 * recording wins. LPC formants of high voices (above about 200 Hz) are only good to a few percent;
 * the spectrum comparison settles what they leave open.
 */
function refineFormantShift(probe: PcmAudio, fit: Fit, target: SpectrumTarget): Fit {
  let best = fit;
  const base = fit.transform.formantShift ?? 1;
  for (const step of [0.95, 0.975, 1.025, 1.05]) {
    const transform: VoiceTransform = { ...fit.transform };
    delete transform.eq;
    setFormantShift(transform, base * step);
    const candidate = withEq(probe, transform, target);
    if (candidate.distance < best.distance) best = candidate;
  }
  return best;
}

export function setFormantShift(transform: VoiceTransform, factor: number): void {
  if (Number.isFinite(factor) && Math.abs(Math.log(factor)) >= MIN_FORMANT_SHIFT) {
    transform.formantShift = round(Math.min(MAX_FORMANT_SHIFT, Math.max(1 / MAX_FORMANT_SHIFT, factor)), 3);
  } else {
    delete transform.formantShift;
  }
}

/**
 * `transform` (pitch and formants) applied to `probe`, plus EQ bands fitted to the remaining
 * difference when they help. The equalised spectrum is predicted as the spectrum plus the EQ's
 * response at each band centre (the bands are narrow against the EQ's curves) rather than
 * filtered and analysed again.
 */
export function withEq(probe: PcmAudio, transform: VoiceTransform, target: SpectrumTarget): Fit {
  const current = applyTransform(probe, transform);
  const before = target.spectrumOf(current);
  const difference = Array.from(target.spectrum, (value, b) => value - before[b]!);
  const eq = fitEq(difference, target.centres, probe.sampleRate);
  let distance = spectralDistance(target.spectrum, before);
  if (eq.length > 0) {
    const response = eqResponseDb(eq, target.centres, probe.sampleRate);
    const after = before.map((value, b) => value + response[b]!);
    const eqDistance = spectralDistance(target.spectrum, after);
    if (eqDistance < distance) {
      transform.eq = eq;
      distance = eqDistance;
    }
  }
  return { transform, audio: current, distance };
}

/**
 * Corrects `transform.pitchShiftSemitones` until `probe` transformed has its median F0 within
 * `PITCH_TOLERANCE` of `targetHz` (PSOLA and the formant stage do not move F0 by exactly the
 * nominal amount); `measuredHz` is the current result. At most two more renderings.
 */
function landPitch(probe: PcmAudio, transform: VoiceTransform, targetHz: number, measuredHz: number): void {
  let measured = measuredHz;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!(measured > 0) || Math.abs(measured / targetHz - 1) <= PITCH_TOLERANCE) return;
    const semitones = (transform.pitchShiftSemitones ?? 0) + 12 * Math.log2(targetHz / measured);
    transform.pitchShiftSemitones = round(clampSemitones(semitones), 3);
    measured = voicePitch(applyTransform(probe, transform)).medianHz;
  }
}

function clampSemitones(semitones: number): number {
  return Math.max(-24, Math.min(24, semitones));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
