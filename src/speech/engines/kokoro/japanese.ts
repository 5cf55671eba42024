import { AlignedText } from '../onnx/aligned-text.js';
import type { PreparedWord } from '../../text/prepare.js';
import { KANA_PUNCTUATION, kanaToPhonemes } from './japanese-kana.js';
import { KOKORO_VOCAB } from './vocab.js';

/**
 * Kokoro's Japanese phoneme string for a sentence of prepared words (their kana readings from the
 * Japanese front end, src/speech/text/ja.ts), laid out as misaki lays it out: one space between
 * morphemes, punctuation against the word before it and a space after it, an opening quote with a
 * space before it and none after, and no space next to a sokuon ʔ (`maʔ te` → `maʔte`). Every
 * unit is owned by its caption word, so word timings come from the model's durations as for
 * other languages.
 *
 * Latin letters in Japanese text go through as misaki lets ASCII through, but in lower case: the
 * vocabulary's capitals are diphthong symbols (`A` = eɪ), not letters.
 */
export function japanesePhonemes(words: readonly PreparedWord[], indices: readonly number[]): AlignedText {
  const parts: AlignedText[] = [];
  let pendingSpace: number | null = null;
  const push = (text: string, owner: number, kind: 'spoken' | 'closing' | 'opening' | 'space') => {
    if (kind === 'space') {
      pendingSpace ??= owner;
      return;
    }
    if (pendingSpace !== null && kind !== 'closing' && parts.length > 0) {
      parts.push(AlignedText.of(' ', pendingSpace, false));
    }
    pendingSpace = null;
    parts.push(AlignedText.of(text, owner, kind === 'spoken'));
    if (kind === 'closing') pendingSpace = owner;
  };

  for (const index of indices) {
    const word = words[index];
    if (word === undefined) continue;
    const pieces = word.parts.flatMap(splitPunctuation);
    pieces.forEach((piece, p) => {
      const mark = punctuationOf(piece);
      if (mark === null) {
        // The next morpheme of the same word decides a final ん, as in misaki's grouped words.
        const phonemes = /^[\x20-\x7e]+$/u.test(piece)
          ? piece.toLowerCase()
          : kanaToPhonemes(piece, pieces[p + 1]);
        if (phonemes !== '') {
          push(phonemes, index, 'spoken');
          pendingSpace = index;
        }
      } else if (mark === ' ') {
        push(' ', index, 'space');
      } else if (mark === '\u201c') {
        push(mark, index, 'opening');
      } else if (mark !== '') {
        push(mark, index, 'closing');
      }
    });
  }
  return AlignedText.concat(parts)
    .replace(/(?<![!",.:;?»—…”]) (?=ʔ)|(?<=ʔ) (?![“"])/gu, '')
    .trim();
}

/** Splits a reading into runs of punctuation (each mark alone) and runs of anything else. */
function splitPunctuation(part: string): string[] {
  return part.match(/[\p{P}\p{S}]|[^\p{P}\p{S}]+/gu)?.filter((piece) => piece !== '') ?? [];
}

/**
 * The vocabulary punctuation a mark stands for: misaki's table for Japanese marks, itself for
 * ASCII marks in the vocabulary, `' '` for a separator, `''` for a mark Kokoro does not know
 * (brackets, which misaki turns into « » and Kokoro's tokenizer drops), or null for a non-mark.
 */
function punctuationOf(piece: string): string | null {
  if (!/^[\p{P}\p{S}]$/u.test(piece)) return null;
  const mapped = KANA_PUNCTUATION.get(piece);
  if (mapped !== undefined) return mapped;
  if (piece === '(' || piece === ')') return '';
  return KOKORO_VOCAB.has(piece) ? piece : '';
}
