/**
 * Kokoro's measured intelligibility per bare language (EngineInfo.intelligibility): corpus error
 * rate of `npm run bench:intelligibility`'s eight sentences per language under Whisper base (CER for
 * ja and zh, scored on simplified characters; WER otherwise). Hindi is left out: Whisper base
 * writes it in Urdu script, so no error rate means anything (docs/benchmarks.md, section j).
 */
export const KOKORO_INTELLIGIBILITY: Readonly<Record<string, number>> = Object.freeze({
  // Measured 2026-11-28 (first preset of each language; docs/benchmarks.md, section j); English
  // again 2026-11-29 after "canoe" was read otherwise (4.8 % before).
  en: 0.036, es: 0.012, fr: 0.085, it: 0.206, pt: 0.013, ja: 0.068, zh: 0.127,
});
