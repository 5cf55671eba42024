import type { ModelKey } from '../domain/models.js';
import type { EngineInfo, SpeechEngine } from './engine.js';

/**
 * Which engine a model uses for a language (docs/engines.md, "Models → engines"):
 * - `v-pro`: the most natural engine installed that speaks the language;
 * - `v-studio`: the same engine as v-pro, plus steering (emotion tags, delivery mode);
 * - `v-flash`: the most natural of the fast engines (real-time factor ≥ 15, several times faster than
 *   the neural engines v-pro picks, and a first sentence out in well under a second), else the fastest;
 * - `v-lite`: the fastest engine.
 * espeak-ng speaks every language, so every model always has an engine.
 */
export const FAST_ENGINE_RTF = 15;

export function speaksLanguage(info: EngineInfo, language: string): boolean {
  const want = language.toLowerCase();
  const base = want.split('-')[0];
  return info.voices.some((v) =>
    v.languages.some((l) => {
      const have = l.toLowerCase();
      return have === want || have.split('-')[0] === base;
    }),
  );
}

export function chooseEngine(model: ModelKey, language: string, engines: readonly SpeechEngine[]): SpeechEngine | null {
  const candidates = engines.filter((e) => speaksLanguage(e.info, language));
  if (candidates.length === 0) return null;
  const byNaturalness = [...candidates].sort((a, b) => b.info.naturalness - a.info.naturalness);
  const bySpeed = [...candidates].sort((a, b) => b.info.realTimeFactor - a.info.realTimeFactor);
  switch (model) {
    case 'v-pro':
    case 'v-studio':
      return byNaturalness[0]!;
    case 'v-flash':
      return byNaturalness.find((e) => e.info.realTimeFactor >= FAST_ENGINE_RTF) ?? bySpeed[0]!;
    case 'v-lite':
      return bySpeed[0]!;
  }
}
