import type { VoiceTraits } from '../audio/analysis/voice/traits.js';
import type { VoiceTransform } from '../audio/voice-transform.js';
import type { EngineRealization } from './engine.js';

export type { EqBand, VoiceTransform } from '../audio/voice-transform.js';
export type { EngineRealization } from './engine.js';
export type { VoiceTraits } from '../audio/analysis/voice/traits.js';

/**
 * What makes a voice recognisable, independent of any engine: measurable target traits, how each
 * engine realizes them, and an optional transform applied to the engine's PCM afterwards.
 * Presets, clones and designed voices all carry one, so the speech pipeline treats them alike:
 * pick an engine that has a realization (or map the traits onto one), synthesize, then apply
 * `transform`. The traits are targets to measure the output against (e.g. median F0 with
 * `audio/analysis/pitch.ts`), not engine settings.
 */

/** Engine-neutral identity of a voice. */
export interface VoiceIdentity {
  traits: VoiceTraits;
  /** Realizations keyed by engine id (`espeak-ng`, `pico`, `flite`, `kokoro`, ...). */
  engines: Record<string, EngineRealization>;
  /** Signal processing after any engine whose realization has no `transform` of its own. */
  transform?: VoiceTransform;
}

/**
 * Smallest differences at which two voices count as distinct: median pitch 8 % apart, or formant
 * scale 5 % apart, or rate 10 % apart (each relative to the smaller value).
 */
export const DISTINCT_TRAIT_STEPS = { pitchHz: 0.08, formantScale: 0.05, rate: 0.1 } as const;

/** Relative difference of two positive numbers, against the smaller one. */
export function relativeDifference(a: number, b: number): number {
  return Math.abs(a - b) / Math.min(a, b);
}

/** Whether two voices differ measurably by `DISTINCT_TRAIT_STEPS`. */
export function traitsAreDistinct(a: VoiceTraits, b: VoiceTraits): boolean {
  return (
    relativeDifference(a.pitchHz, b.pitchHz) >= DISTINCT_TRAIT_STEPS.pitchHz ||
    relativeDifference(a.formantScale, b.formantScale) >= DISTINCT_TRAIT_STEPS.formantScale ||
    relativeDifference(a.rate, b.rate) >= DISTINCT_TRAIT_STEPS.rate
  );
}
