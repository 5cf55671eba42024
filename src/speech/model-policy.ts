import type { ModelKey } from './model-keys.js';
import type { EngineInfo, SpeechEngine } from './engine.js';

/**
 * Which engine a model uses for a language (docs/engines.md, "Models → engines"):
 * - `v-pro`: the most natural engine installed that speaks the language;
 * - `v-studio`: the same engine as v-pro, plus steering (emotion tags, delivery mode);
 * - `v-flash`: the most natural of the fast engines (real-time factor ≥ 15, several times faster than
 *   the neural engines v-pro picks, and a first sentence out in well under a second), else the fastest;
 * - `v-lite`: the fastest engine.
 * A language no installed engine speaks is spoken in its closest language that one does speak
 * (`speechLanguageFor`), so every listed language has an engine for every model.
 */
export const FAST_ENGINE_RTF = 15;

/**
 * The closest language to `language` for which `canSpeak(bare language)` holds (the voice
 * library's `fallbackSpeechLanguage`; the container passes it in, so this layer needs no language
 * data). Must always return something: a neutral default when nothing is close.
 */
export type ClosestLanguage = (language: string, canSpeak: (language: string) => boolean) => string;

export function speaksLanguage(info: EngineInfo, language: string): boolean {
  const base = baseOf(language);
  // Equal tags have equal base languages: the base decides.
  return info.voices.some((v) => v.languages.some((l) => baseOf(l) === base));
}

/** The engines among `engines` that declare a voice for `language` (its base language counts). */
export function enginesSpeaking<E extends { info: EngineInfo }>(language: string, engines: readonly E[]): E[] {
  return engines.filter((engine) => speaksLanguage(engine.info, language));
}

/**
 * The language a voice in `language` is synthesized in on `engines`: the language itself when one
 * of them speaks it, else `closest` asked with "one of these engines speaks it" (an experimental
 * language such as Acholi, `ach-UG`, is spoken with the closest engine language). Null when
 * `closest` is not given and no engine speaks the language.
 *
 * @example speechLanguageFor('en-GB', engines, fallbackSpeechLanguage) // 'en-GB'
 * @example speechLanguageFor('zu-ZA', engines, fallbackSpeechLanguage) // 'sw' (nearest Bantu language spoken)
 */
export function speechLanguageFor(
  language: string,
  engines: readonly { info: EngineInfo }[],
  closest?: ClosestLanguage,
): string | null {
  if (enginesSpeaking(language, engines).length > 0) return language;
  if (closest === undefined) return null;
  // Base languages the engines declare: `closest` may ask about thousands of candidates.
  const bases = new Set(
    engines.flatMap((engine) => engine.info.voices.flatMap((v) => v.languages.map((l) => baseOf(l)))),
  );
  const spoken = closest(language, (candidate) => bases.has(baseOf(candidate)));
  return enginesSpeaking(spoken, engines).length > 0 ? spoken : null;
}

/** The bare language of a tag, lower case: `en-GB` → `en`. */
export function baseOf(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? '';
}

export function chooseEngine(model: ModelKey, language: string, engines: readonly SpeechEngine[]): SpeechEngine | null {
  const candidates = enginesSpeaking(language, engines);
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
