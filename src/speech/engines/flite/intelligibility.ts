/**
 * Flite's measured intelligibility per bare language (EngineInfo.intelligibility): corpus error rate
 * of `npm run bench:intelligibility`'s eight English sentences under Whisper base, spoken on v-flash
 * by the one catalog preset Flite speaks there when Kokoro is installed (Grady, on the rms voice).
 */
export const FLITE_INTELLIGIBILITY: Readonly<Record<string, number>> = Object.freeze({
  // Measured 2026-11-29 (docs/benchmarks.md, section j).
  en: 0.096,
});
