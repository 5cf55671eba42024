import { ESPEAK_VARIANT_TRAITS } from './data/variant-traits.js';
import { ESPEAK_VARIANT_DATA } from './data/package-voices.js';

/**
 * What is known of each espeak-ng variant: its row of the package's variant files
 * (`data/package-voices.ts`) and what the voice library's `measureTraits` reads on it
 * (`data/variant-traits.ts`),
 * and the speaking rate that makes a variant talk at a trait rate.
 */

const measuredVariants = new Map(ESPEAK_VARIANT_TRAITS.map((row) => [row[0], row]));
const variantData = new Map(ESPEAK_VARIANT_DATA.map((row) => [row[0], row]));

/** An espeak-ng variant's row of `data/package-voices.ts` (pitch span, formant factor), or undefined. */
export function espeakVariantData(name: string): (typeof ESPEAK_VARIANT_DATA)[number] | undefined {
  return variantData.get(name);
}

/** What `measureTraits` reads on an espeak-ng variant (`data/variant-traits.ts`), or undefined. */
export function espeakVariantTraits(name: string): (typeof ESPEAK_VARIANT_TRAITS)[number] | undefined {
  return measuredVariants.get(name);
}

/** espeak-ng's default speaking rate, words per minute, for `rate` 1. */
export const ESPEAK_BASE_WPM = 175;

/**
 * espeak-ng's `rate` (words per minute) for a trait rate on a variant: 175 × rate, divided by the
 * variant's own measured pace (Andrea, anika and antonio speak about 18 % faster than f5 at the
 * same setting, Marco 18 % slower), clamped to the 80–450 espeak-ng accepts.
 */
export function espeakWpm(variant: string, rate: number): number {
  return Math.round(clamp((ESPEAK_BASE_WPM * rate) / (measuredVariants.get(variant)?.[5] ?? 1), 80, 450));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
