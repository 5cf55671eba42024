import { KOKORO_PUNCTUATION } from './phonemize.js';
import { KOKORO_VOCAB } from './vocab.js';

/**
 * IPA given by a caller (a lexicon entry, docs/text.md) → the phoneme characters Kokoro's vocabulary
 * has. Kokoro's input IS IPA, one vocabulary id per character (vocab.ts), so a caller's IPA is
 * taken as it is after a few spelling equivalences; any other character would be silently dropped by
 * the tokenizer, so it is refused up front instead.
 */

/** Equivalent spellings of symbols the vocabulary holds under one code point. */
const EQUIVALENTS: ReadonlyArray<readonly [string, string]> = [
  // Tie-barred affricates (U+0361 above, U+035C below) are single symbols in the vocabulary.
  ['t\u0361ʃ', 'ʧ'], ['d\u0361ʒ', 'ʤ'], ['t\u0361s', 'ʦ'], ['d\u0361z', 'ʣ'], ['t\u0361ɕ', 'ʨ'], ['d\u0361ʑ', 'ʥ'],
  ['t\u035Cʃ', 'ʧ'], ['d\u035Cʒ', 'ʤ'], ['t\u035Cs', 'ʦ'], ['d\u035Cz', 'ʣ'],
  // ASCII g is the usual typing of the IPA voiced velar stop ɡ (U+0261).
  ['g', 'ɡ'],
  // Rhotic hooked schwa/reverse epsilon as espeak writes them for American English.
  ['ɝ', 'ɜɹ'],
  // Apostrophe-like marks commonly typed for primary stress.
  ['\u02BC', 'ˈ'],
];

/** Symbols a caller's IPA may use: the vocabulary without punctuation, plus the space. */
const SYMBOLS: ReadonlySet<string> = new Set(
  [...KOKORO_VOCAB.keys(), ' '].filter((symbol) => !KOKORO_PUNCTUATION.includes(symbol) && symbol !== '—'),
);

export interface KokoroIpa {
  /** The IPA in the vocabulary's symbols (empty when `unknown` is not). */
  phonemes: string;
  /** Characters outside the vocabulary, each once, in order of appearance. */
  unknown: string[];
}

/** A caller's IPA in Kokoro's symbols, or the characters Kokoro cannot say. */
export function kokoroIpa(ipa: string): KokoroIpa {
  let phonemes = ipa.normalize('NFD').trim().replace(/\s+/gu, ' ');
  for (const [from, to] of EQUIVALENTS) phonemes = phonemes.replaceAll(from, to);
  // NFD splits nasal vowels (ã → a + U+0303), as the vocabulary holds them, and ç, which it holds whole.
  phonemes = phonemes.replaceAll('c\u0327', 'ç');
  const unknown = [...new Set([...phonemes].filter((c) => !SYMBOLS.has(c)))];
  return { phonemes: unknown.length === 0 ? phonemes : '', unknown };
}
