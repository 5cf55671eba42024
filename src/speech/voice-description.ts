import type { VoiceTraits } from './voice-identity.js';

export type VoiceGender = 'female' | 'male' | 'neutral';

/**
 * A voice as the library describes it to engines, with no engine in it: its accent-level language,
 * gender and measurable target traits. Each engine folder that can speak such a voice realizes the
 * description with its own calibration (Kokoro: a blend of style packs, `engines/kokoro/voice-fit.ts`)
 * and returns the engine voice the pipeline hands back to it at synthesis time.
 */
export interface VoiceDescription {
  /** Accent-level BCP-47 tag (`en-GB`, `es-419`). */
  language: string;
  gender: VoiceGender;
  traits: VoiceTraits;
  /**
   * The catalog's typical formant scale for this gender, so engines can read `traits.formantScale`
   * relative to it (each engine's own voices measure on their own level of that scale).
   */
  typicalFormantScale: number;
}
