import type { PcmAudio } from '../../pcm.js';
import type { VoiceTraits } from './traits.js';
import { speechActivity } from './measure-activity.js';
import { measureBreathiness } from './measure-breathiness.js';
import { measureBrightness } from './measure-brightness.js';
import { formantScaleOf } from './measure-formant-scale.js';
import { measurePitchRange, voicePitch } from './measure-pitch.js';
import { type MeasureOptions, measureRate } from './measure-rate.js';

/** Traits measured from a recording, plus what it sounds like and how much speech it holds. */
export type MeasuredTraits = VoiceTraits & {
  gender: 'female' | 'male' | 'neutral';
  /** Seconds of speech: the recording without leading, trailing and inner pauses of 160 ms or more. */
  speechSeconds: number;
};

/**
 * Measures a voice's traits from speech (`VoiceTraits` for the units). Methods, in short:
 *
 * - `pitchHz`: median F0 of voiced frames (YIN, `audio/analysis/pitch.ts`);
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

/** Female above 170 Hz, male below 145 Hz; in between, or against the formants, neutral. */
function genderOf(pitchHz: number, formantScale: number): 'female' | 'male' | 'neutral' {
  if (pitchHz >= 170) return formantScale < 0.97 ? 'neutral' : 'female';
  if (pitchHz <= 145) return formantScale > 1.12 ? 'neutral' : 'male';
  if (formantScale >= 1.1) return 'female';
  if (formantScale <= 1.0) return 'male';
  return 'neutral';
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}