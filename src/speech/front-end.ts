import type { WordTiming } from './engine.js';
import { applyLexicon, type LexiconEntry } from './lexicon.js';
import type { TextRun } from './text/normalize/index.js';
import { isVerbatim, type NormalizedWord, normalizeRuns } from './text/normalize/index.js';
import { mapTimings } from './text/normalize/timings.js';

/**
 * The text front end for one sentence, after markup (docs/text.md): lexicon entries, then
 * normalization, give the text an engine is asked to speak and, for engines that take IPA, the
 * per-token phonemes of lexicon IPA entries and `<phoneme>` tags. The pipeline calls it for every
 * sentence; the normalization test phonemizes its `text` to check what the engine actually gets.
 */

/** What one sentence's engine call is given, and how to fold its word timings back. */
export interface EngineText {
  /** The words to speak, joined by single spaces (the written text itself when nothing was rewritten). */
  text: string;
  /** `SynthesisInput.pronunciations`: one entry per whitespace token of `text`; only for IPA engines. */
  pronunciations?: Array<string | null>;
  /** The written tokens and their spoken words; null when `text` is the written text (timings are captions). */
  written: NormalizedWord[] | null;
}

/**
 * `sentence` (its written text and, when markup had any, its runs) → the engine's input in
 * `language`. `takesIpa`: the engine takes per-token IPA (`EngineInfo.phonemeInput === 'ipa'`);
 * otherwise IPA-carrying words are spoken as their normalized written form.
 */
export function engineText(
  sentence: { text: string; runs?: readonly TextRun[] },
  language: string,
  options: { lexicon?: readonly LexiconEntry[]; takesIpa: boolean },
): EngineText {
  const runs = applyLexicon(sentence.runs ?? [{ text: sentence.text }], options.lexicon);
  const written = normalizeRuns(runs, language);
  const phonemes = options.takesIpa && written.some((w) => w.ipa !== undefined);
  if (isVerbatim(written) && !phonemes) return { text: sentence.text, written: null };
  return {
    text: written.flatMap((w) => w.spoken).join(' '),
    // The IPA belongs to the token's first spoken word; its other spoken words have none of their own.
    ...(phonemes
      ? { pronunciations: written.flatMap((w) => w.spoken.map((_, k) => (w.ipa === undefined ? null : k === 0 ? w.ipa : ''))) }
      : {}),
    written,
  };
}

/** The engine's word timings (one per token of `text`) as caption words: one per written token. */
export function captionTimings(input: EngineText, timings: WordTiming[]): WordTiming[] {
  return input.written === null ? timings : mapTimings(input.written, timings);
}
