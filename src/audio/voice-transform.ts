/**
 * What the voice transform stage (`transform.ts`) can do to PCM after synthesis, as plain data that
 * voices carry (`speech/voice-identity.ts`).
 */

/** One peaking or shelving equalizer band. */
export interface EqBand {
  /** Centre (peaking) or corner (shelf) frequency, Hz. */
  frequencyHz: number;
  /** Gain, dB (negative cuts). */
  gainDb: number;
  /** Bandwidth as Q (peaking only); default 1. */
  q?: number;
  /** Band shape; default `peaking`. */
  type?: 'peaking' | 'lowshelf' | 'highshelf';
}

/** Signal processing applied after synthesis to move an engine's output towards the traits. */
export interface VoiceTransform {
  /** Pitch shift, semitones (positive = higher), duration unchanged. */
  pitchShiftSemitones?: number;
  /** Formant frequency multiplier (1 = unchanged), pitch unchanged. */
  formantShift?: number;
  /** Tempo multiplier (1 = unchanged, 1.1 = 10 % faster), pitch unchanged. */
  tempo?: number;
  /** Intonation width multiplier around the median F0 (1 = unchanged, 1.3 = 30 % wider in semitones). */
  intonationScale?: number;
  eq?: EqBand[];
}
