/**
 * eSpeak NG's measured intelligibility per bare language (EngineInfo.intelligibility): corpus error
 * rate of `npm run bench:intelligibility`'s eight sentences per language under Whisper base (CER for
 * ja, zh and ko; WER otherwise), spoken on v-lite. Languages without sentences are not measured, nor
 * is Hindi (Whisper base writes it in Urdu script). Rates above 1 are insertions: on speech it cannot
 * follow, the recognizer loops ("non, non, non, ...").
 */
export const ESPEAK_INTELLIGIBILITY: Readonly<Record<string, number>> = Object.freeze({
  // Measured 2026-11-28 (first preset of each language; docs/benchmarks.md, section j).
  en: 0.12, es: 0.471, fr: 2.195, it: 0.618, pt: 0.701, ja: 1.837, zh: 2.667, de: 1.534, nl: 0.903, ru: 1, pl: 4.108, tr: 1.13, ko: 3.479, ar: 1.984,
});
