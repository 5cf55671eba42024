import type { EngineInfo } from './engine.js';
import { baseOf } from './model-policy.js';

/**
 * How well an engine's speech in a language is understood, from the error rates engines declare
 * (`EngineInfo.intelligibility`, measured by `npm run bench:intelligibility` with Whisper base).
 * Classes, on the benchmark's corpus error rate:
 * - `good`: at most 15 % WER (10 % CER), issue 30's bar for a language that is not experimental;
 * - `fair`: at most 30 % WER (20 % CER): understood with effort;
 * - `poor`: more: most sentences lose words;
 * - `unmeasured`: the engine was not measured in the language (no sentences written for it yet, or
 *   no recognizer output worth scoring: Whisper base writes Hindi in Urdu script).
 */
export type IntelligibilityClass = 'good' | 'fair' | 'poor' | 'unmeasured';

export interface Intelligibility {
  class: IntelligibilityClass;
  /** The measured corpus error rate, or null when unmeasured. */
  error_rate: number | null;
  /** Word error rate, or character error rate for languages written without spaces. */
  metric: 'wer' | 'cer';
}

/** Languages a recognizer is scored on by characters: written without spaces between words. */
const CHARACTER_SCORED = new Set(['ja', 'zh', 'ko', 'th', 'yue', 'lo', 'km', 'my']);

/** The class of `engine` speaking `language` (any tag; its bare language is looked up); unmeasured without an engine. */
export function intelligibilityOf(engine: Pick<EngineInfo, 'intelligibility'> | null, language: string): Intelligibility {
  const bare = baseOf(language);
  const metric = CHARACTER_SCORED.has(bare) ? 'cer' : 'wer';
  const rate = engine?.intelligibility?.[bare];
  if (rate === undefined) return { class: 'unmeasured', error_rate: null, metric };
  const [good, fair] = metric === 'cer' ? [0.1, 0.2] : [0.15, 0.3];
  return { class: rate <= good ? 'good' : rate <= fair ? 'fair' : 'poor', error_rate: rate, metric };
}
