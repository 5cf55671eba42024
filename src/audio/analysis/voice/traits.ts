/**
 * What `measureTraits` reads from a voice, and what every voice's identity aims at
 * (speech/voice-identity.ts): the engine-neutral, measurable side of a voice.
 */

/** Measurable targets. Every field has a unit or a fixed scale so two voices can be compared. */
export interface VoiceTraits {
  /** Median fundamental frequency (F0) of voiced speech, Hz. Adult female ≈ 165–255, male ≈ 85–150. */
  pitchHz: number;
  /**
   * Intonation width on 0..1: 0 monotone, 0.5 ordinary read speech (about ±4 semitones around
   * the median), 1 very animated (about ±8 semitones).
   */
  pitchRange: number;
  /**
   * Formant frequency multiplier relative to a reference adult male vocal tract (≈17 cm): 1 = that
   * reference, above 1 = shorter tract (brighter, smaller-sounding). Adult male ≈ 0.85–1.05,
   * adult female ≈ 1.1–1.25 (as `measureTraits` reads them). A formant shift between two voices
   * is the ratio of their values.
   */
  formantScale: number;
  /** Speaking rate relative to a typical reading pace (≈ 175 words per minute in English); 1 = typical. */
  rate: number;
  /** Spectral tilt offset, dB per octave above 500 Hz: positive is brighter, negative darker / warmer. */
  brightness: number;
  /** Aspiration noise mixed into voiced sounds, 0 (clean, pressed) .. 1 (whispery). */
  breathiness: number;
}
