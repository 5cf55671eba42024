/**
 * SVOX Pico's measured intelligibility per bare language (EngineInfo.intelligibility): corpus error
 * rate of `npm run bench:intelligibility`'s eight sentences per language under Whisper base, spoken
 * on v-flash (Pico is v-flash's engine in its six locales).
 */
export const PICO_INTELLIGIBILITY: Readonly<Record<string, number>> = Object.freeze({
  // Measured 2026-11-28 (first preset of each language; docs/benchmarks.md, section j).
  de: 0.11, en: 0.072, es: 0.047, fr: 0.171, it: 0.191,
});
