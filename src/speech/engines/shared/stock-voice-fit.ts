import type { EngineRealization, VoiceTraits, VoiceTransform } from '../../voice-identity.js';
import { ENGINE_VOICE_TRAITS } from './stock-voice-traits.js';

/**
 * Realizations on engines with a few fixed voices (Flite, SVOX Pico): the engine's stock voice,
 * moved to the traits from where that voice measures of its own (`stock-voice-traits.ts`,
 * measured by `bench/engine-voice-traits.ts`); the voice library reaches this through
 * src/speech/voice-realizers.ts:
 *
 * - pitch: `pitchSemitones` = the interval from the voice's own median F0 to the target, divided
 *   by how much of a requested shift the voice really makes; a voice that ignores pitch settings
 *   (Flite rms) gets the shift in its transform instead (PSOLA);
 * - pace: `rate` = target rate / the voice's own measured rate (the engines multiply `speed` by it);
 * - intonation width: Flite's `pitchRange` multiplier (Pico has no such control);
 * - vocal tract: a formant shift of the target's formant scale against `typicalScale`, the middle
 *   of the population the voice belongs to (the catalog's grid for presets; by default the middle
 *   of the design ranges, for designs and clones), at most ±20 % (children reach +16 %). Relative,
 *   not absolute: these voices' formants were recorded from one person and measure differently
 *   from espeak-ng's reference, so the shift only spreads voices of one gender around the stock
 *   voice the way their population spreads around its middle.
 *
 * The realization carries its own `transform`, which replaces the identity's (that one is fitted to
 * espeak-ng's output). Returns undefined for a voice not measured here.
 */
export function stockRealization(
  engine: string,
  voice: string,
  traits: VoiceTraits,
  typicalScale: number,
): EngineRealization | undefined {
  const stock = ENGINE_VOICE_TRAITS.find((row) => row.engine === engine && row.voice === voice);
  if (stock === undefined) return undefined;
  const params: Record<string, number> = {};
  const transform: VoiceTransform = {};
  const semitones = clamp(12 * Math.log2(traits.pitchHz / stock.pitchHz), -MAX_SEMITONES, MAX_SEMITONES);
  if (stock.pitchGain >= 0.5) params['pitchSemitones'] = round(clamp(semitones / stock.pitchGain, -12, 12), 2);
  else if (Math.abs(semitones) >= 0.1) transform.pitchShiftSemitones = round(semitones, 2);
  params['rate'] = round(clamp((traits.rate / stock.rate) ** (1 / stock.rateGain), 0.5, 2), 3);
  if (engine === 'flite') params['pitchRange'] = round(clamp(traits.pitchRange / 0.5, 0.2, 2), 2);
  const formantShift = traits.formantScale / typicalScale;
  if (Math.abs(Math.log(formantShift)) >= MIN_FORMANT_SHIFT) {
    transform.formantShift = round(clamp(formantShift, 1 / MAX_FORMANT_SHIFT, MAX_FORMANT_SHIFT), 3);
  }
  return { id: voice, params, transform };
}

/** Pitch moves beyond an octave sound broken on any of these voices. */
const MAX_SEMITONES = 12;
/** Formant shifts under 1.5 % are inaudible and not worth the processing. */
const MIN_FORMANT_SHIFT = 0.015;
const MAX_FORMANT_SHIFT = 1.2;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
