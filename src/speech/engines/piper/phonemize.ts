import { AlignedText } from '../onnx/aligned-text.js';
import type { TokenSequence } from '../onnx/chunks.js';
import { withGivenPhonemes } from '../onnx/given-phonemes.js';
import { type IpaFunction, phonemizeWords } from '../onnx/phonemize-words.js';
import type { PiperConfig } from './config.js';

/**
 * Text → Piper phoneme ids, as piper-phonemize prepares them:
 * - `espeak` voices: espeak-ng IPA per clause in the config's espeak voice; each clause is followed
 *   by its terminator (`.` `,` `?` `!` `:` `;`, what espeak reports as the clause's punctuation) and a
 *   space; language-switch flags are removed; phonemes are decomposed (NFD, `ç` → `c` + U+0327) and
 *   passed through the config's `phoneme_map` (pt-BR voices default to `c` → `k`, as in Piper);
 * - `text` voices: the text's own characters, lower case and decomposed.
 * Ids: BOS `^`, then every phoneme's ids followed by the pad `_`, then EOS `$`
 * (`^ _ p1 _ p2 _ … pn _ $`). Phonemes missing from `phoneme_id_map` are dropped, as Piper does.
 */

/** Characters that cut clauses; quotes and brackets cut too but leave no phoneme. */
const CUTS = ';:,.!?¡¿—…"«»“”(){}[]';
const TERMINATORS = '.,?!:;';

/** Piper's rendering of a punctuation run: its first clause terminator (`…` as `.`) and a space. */
function renderPunctuation(run: string): string {
  for (const c of run.replaceAll('…', '.')) if (TERMINATORS.includes(c)) return `${c} `;
  return ' ';
}

const DEFAULT_PHONEME_MAPS: Readonly<Record<string, ReadonlyMap<string, readonly string[]>>> = {
  'pt-br': new Map([['c', ['k']]]),
};

/** Single-symbol affricates some IPA writers use, as the two symbols espeak (and so Piper) uses. */
const LIGATURES: ReadonlyArray<readonly [string, string]> = [
  ['ʧ', 'tʃ'], ['ʤ', 'dʒ'], ['ʦ', 'ts'], ['ʣ', 'dz'], ['ʨ', 'tɕ'], ['ʥ', 'dʑ'],
];

/**
 * A caller's IPA (a lexicon entry, validated against the IPA symbol set) in espeak's spelling, as
 * Piper voices were trained on it: tie bars dropped, ligatures split, ASCII g as ɡ. Symbols a
 * voice's `phoneme_id_map` lacks are then dropped by `piperIds`, as Piper does.
 */
export function piperIpa(ipa: string): string {
  let phonemes = ipa.normalize('NFD').replace(/[\u0361\u035C]/gu, '').replaceAll('g', 'ɡ');
  for (const [from, to] of LIGATURES) phonemes = phonemes.replaceAll(from, to);
  return phonemes.trim().replace(/\s+/gu, ' ');
}

/**
 * The phoneme string of a sentence (request tokens `indices`), each unit owned by its token.
 * `pronunciations[i]`, when a string, is token i's IPA (`piperIpa`) instead of espeak's reading
 * (onnx/given-phonemes.ts); `text` voices, which read characters, ignore it.
 */
export function piperPhonemes(
  tokens: readonly string[],
  indices: readonly number[],
  config: PiperConfig,
  ipa: IpaFunction,
  pronunciations?: ReadonlyArray<string | null>,
): AlignedText {
  if (config.phonemeType === 'text') {
    const parts: AlignedText[] = [];
    indices.forEach((i, k) => {
      if (k > 0) parts.push(AlignedText.of(' ', indices[k - 1] ?? -1, false));
      parts.push(AlignedText.of(tokens[i] ?? '', i, true));
    });
    return AlignedText.concat(parts).map((unit) => unit.toLowerCase().normalize('NFD'));
  }
  const espeak = (run: readonly number[]) =>
    phonemizeWords(run.map((i) => ({ text: tokens[i] ?? '', owner: i })), { ipa, punctuation: CUTS, renderPunctuation });
  // Around a given word, its clause terminator (as Piper renders punctuation), without the space.
  const keep = (edge: string) => (edge === '' ? '' : renderPunctuation(edge).trim());
  const phonemes = withGivenPhonemes(tokens, indices, pronunciations, espeak, keep);
  const phonemeMap =
    config.phonemeMap.size > 0 ? config.phonemeMap : DEFAULT_PHONEME_MAPS[config.espeakVoice.toLowerCase()];
  return phonemes
    .map((unit) => unit.normalize('NFD'))
    .map((unit) => (phonemeMap?.get(unit) ?? [unit]).join(''));
}

/** Phoneme ids (without BOS/EOS/pads) of a phoneme string, one phoneme per code point; unknown ones dropped. */
export function piperIds(phonemes: AlignedText, config: PiperConfig): TokenSequence {
  const sequence: TokenSequence = { ids: [], owner: [], spoken: [] };
  let position = 0;
  for (const unit of phonemes.text) {
    const ids = config.phonemeIdMap.get(unit) ?? [];
    for (const id of ids) {
      sequence.ids.push(id);
      sequence.owner.push(phonemes.owner[position] ?? -1);
      sequence.spoken.push(phonemes.spoken[position] ?? false);
    }
    position += unit.length;
  }
  return sequence;
}

/** The model input: `^ _ p1 _ p2 _ … pn _ $` with the pad, BOS and EOS owned by nobody. */
export function piperModelInput(chunk: TokenSequence, config: PiperConfig): TokenSequence {
  const id = (symbol: string, fallback: number) => config.phonemeIdMap.get(symbol)?.[0] ?? fallback;
  const pad = id('_', 0);
  const input: TokenSequence = { ids: [id('^', 1), pad], owner: [-1, -1], spoken: [false, false] };
  chunk.ids.forEach((phoneme, i) => {
    input.ids.push(phoneme, pad);
    input.owner.push(chunk.owner[i] ?? -1, -1);
    input.spoken.push(chunk.spoken[i] ?? false, false);
  });
  input.ids.push(id('$', 2));
  input.owner.push(-1);
  input.spoken.push(false);
  return input;
}
