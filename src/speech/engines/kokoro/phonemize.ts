import type { AlignedText } from '../onnx/aligned-text.js';
import type { TokenSequence } from '../onnx/chunks.js';
import { withGivenPhonemes } from '../onnx/given-phonemes.js';
import { type IpaFunction, phonemizeWords } from '../onnx/phonemize-words.js';
import { normalizeEnglishWord, normalizePunctuation } from './normalize.js';
import { KOKORO_VOCAB } from './vocab.js';
import type { KokoroLanguage } from './voices.js';

/**
 * Text → Kokoro token ids, the way kokoro-js prepares text (src/phonemize.js, Apache-2.0 © hexgrad):
 * normalize, cut at punctuation (kept verbatim), phonemize the clauses with espeak-ng, apply
 * kokoro-js's fixes to espeak's English IPA, then map characters to the vocabulary.
 *
 * kokoro-js only speaks English; its IPA fixes (`r` → `ɹ`, `x` → `k`, ...) suit English and are
 * applied to American and British voices only. Other languages pass espeak's IPA to the vocabulary
 * unchanged (the vocabulary has `r`, `x`, `ʲ`... for them). Kokoro's Python pipeline phonemizes
 * Japanese and Chinese with other tools (misaki); espeak's IPA for them is an approximation.
 */

/** Characters that cut clauses, as in kokoro-js. */
export const KOKORO_PUNCTUATION = ';:,.!?¡¿—…"«»“”(){}[]';

/** kokoro-js's rewrites of espeak's English IPA, in order. */
const ENGLISH_FIXES: ReadonlyArray<readonly [RegExp, string]> = [
  [/kəkˈoːɹoʊ/g, 'kˈoʊkəɹoʊ'],
  [/kəkˈɔːɹəʊ/g, 'kˈəʊkəɹəʊ'],
  [/ʲ/g, 'j'],
  [/r/g, 'ɹ'],
  [/x/g, 'k'],
  [/ɬ/g, 'l'],
  [/(?<=[a-zɹː])(?=hˈʌndɹɪd)/g, ' '],
  [/ z(?=[;:,.!?¡¿—…"«»“” ]|$)/g, 'z'],
];

/**
 * Our own rewrites of espeak's English IPA, each for a word Kokoro says so that listeners hear
 * another one (measured with Whisper base and tiny.en on ten English presets, docs/benchmarks.md,
 * section j). "canoe" as espeak reads it (kənˈuː) is heard as "can you" / "can be" from 9 of 10
 * presets; with the strut vowel (kʌnˈuː) 9 of 10 are heard as "canoe".
 */
const ENGLISH_READINGS: ReadonlyArray<readonly [RegExp, string]> = [[/(?<![^\s])kənˈuː/g, 'kʌnˈuː']];

/** Every rewrite of espeak's English IPA, kokoro-js's first. */
const ENGLISH_REWRITES = [...ENGLISH_FIXES, ...ENGLISH_READINGS];

/**
 * The phoneme string of a sentence (request tokens `indices`), each unit owned by its token.
 * `pronunciations[i]`, when a string, is token i's phonemes in Kokoro's symbols (a lexicon entry,
 * ipa-input.ts) instead of espeak's reading (onnx/given-phonemes.ts).
 */
export function kokoroPhonemes(
  tokens: readonly string[],
  indices: readonly number[],
  language: KokoroLanguage,
  ipa: IpaFunction,
  pronunciations?: ReadonlyArray<string | null>,
): AlignedText {
  const english = language === 'a' || language === 'b';
  const espeak = (run: readonly number[]): AlignedText => {
    const words = run.map((i) => ({
      text: english ? normalizeEnglishWord(tokens[i] ?? '', tokens[i + 1]) : normalizePunctuation(tokens[i] ?? ''),
      owner: i,
    }));
    let phonemes = phonemizeWords(words, { ipa, punctuation: KOKORO_PUNCTUATION });
    if (english) {
      for (const [pattern, replacement] of ENGLISH_REWRITES) phonemes = phonemes.replace(pattern, replacement);
      if (language === 'a') phonemes = phonemes.replace(/(?<=nˈaɪn)ti(?!ː)/g, 'di');
    }
    return phonemes;
  };
  // Punctuation at a given word's edges that Kokoro's vocabulary has stays around its phonemes.
  const keep = (edge: string) => [...edge].filter((c) => KOKORO_PUNCTUATION.includes(c)).join('');
  return withGivenPhonemes(tokens, indices, pronunciations, espeak, keep).trim();
}

/** Vocabulary ids of a phoneme string (unknown characters dropped), without the padding ids. */
export function kokoroIds(phonemes: AlignedText): TokenSequence {
  const sequence: TokenSequence = { ids: [], owner: [], spoken: [] };
  for (let i = 0; i < phonemes.text.length; i += 1) {
    const id = KOKORO_VOCAB.get(phonemes.text[i] ?? '');
    if (id === undefined) continue;
    sequence.ids.push(id);
    sequence.owner.push(phonemes.owner[i] ?? -1);
    sequence.spoken.push(phonemes.spoken[i] ?? false);
  }
  return sequence;
}
