import { AlignedText } from './aligned-text.js';
import { splitJoinedWords } from './joined-words.js';

/**
 * Words → espeak IPA, keeping track of which word every phoneme came from.
 *
 * As kokoro-js does (and Piper, through espeak's clause terminators), text is cut at punctuation:
 * runs of punctuation with their surrounding whitespace are kept as they are (or as `punctuation`
 * renders them), the text between them is phonemized one clause per espeak call, so espeak sees whole
 * clauses and keeps its cross-word rules (stress, liaison, numbers). Punctuation between two letters
 * or digits (`3.14`, `U.S`, `don't`) does not cut.
 *
 * espeak answers each clause with a list of spoken words. When there are as many as the clause's
 * written words, they pair up one to one. When not (`1999` → three words, `Mr` → one), each written
 * word is phonemized alone to learn how many words it becomes; if those counts add up, the clause's
 * words are grouped by them, otherwise the words phonemized alone are used.
 */

/** Phonemizes a batch of clauses; one list of spoken words per clause. */
export type IpaFunction = (clauses: readonly string[]) => string[][];

export interface PhonemizeWordsOptions {
  ipa: IpaFunction;
  /** Characters that cut clauses and are kept out of phonemization. */
  punctuation: string;
  /** How a punctuation run (with its whitespace) appears in the phoneme string; default verbatim. */
  renderPunctuation?: (run: string) => string;
}

/** One word of the request after normalization (may hold spaces: `$5` → `5 dollars`). */
export interface WordInput {
  text: string;
  /** Index of the request token it belongs to (the owner of its phonemes). */
  owner: number;
}

interface Segment {
  punctuation: boolean;
  text: string;
  /** Owner of each UTF-16 unit of `text`. */
  owners: number[];
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The words' phonemes, spaces and punctuation, trimmed; each unit owned by its word. */
export function phonemizeWords(words: readonly WordInput[], options: PhonemizeWordsOptions): AlignedText {
  const segments = segment(words, options.punctuation);
  const clauses = segments.filter((s) => !s.punctuation);
  const spoken = options.ipa(clauses.map((c) => c.text));

  // Clauses whose spoken words do not pair up with written ones: phonemize their words alone.
  const pieces = clauses.map(splitPieces);
  const retry = new Set(
    clauses.flatMap((_, i) => ((spoken[i]?.length ?? 0) !== pieces[i]?.length ? [i] : [])),
  );
  const alone = options.ipa([...retry].flatMap((i) => pieces[i]?.map((p) => p.text) ?? []));

  const clauseWords = new Map<Segment, Array<{ phonemes: string; owner: number; joinNext?: boolean }>>();
  let aloneIndex = 0;
  clauses.forEach((clause, i) => {
    const clausePieces = pieces[i] ?? [];
    const clauseSpoken = spoken[i] ?? [];
    if (!retry.has(i)) {
      clauseWords.set(
        clause,
        clausePieces.map((piece, j) => ({ phonemes: clauseSpoken[j] ?? '', owner: piece.owner })),
      );
      return;
    }
    const each = clausePieces.map(() => alone[aloneIndex++] ?? []);
    const total = each.reduce((sum, words) => sum + words.length, 0);
    // espeak joined words (`on the` → `ɔnðə`): keep its reading, split among the words.
    const joined =
      total === clausePieces.length && each.every((words) => words.length === 1)
        ? splitJoinedWords(clauseSpoken, each.map((words) => words[0] ?? ''))
        : null;
    if (joined !== null) {
      clauseWords.set(
        clause,
        clausePieces.map((piece, j) => ({ ...joined[j]!, owner: piece.owner })),
      );
      return;
    }
    let next = 0;
    clauseWords.set(
      clause,
      clausePieces.map((piece, j) => {
        const count = each[j]?.length ?? 0;
        const phonemes =
          total === clauseSpoken.length
            ? clauseSpoken.slice(next, next + count).join(' ')
            : (each[j] ?? []).join(' ');
        next += count;
        return { phonemes, owner: piece.owner };
      }),
    );
  });

  const parts: AlignedText[] = [];
  for (const s of segments) {
    if (s.punctuation) {
      const rendered = options.renderPunctuation ? options.renderPunctuation(s.text) : s.text;
      if (rendered === s.text) {
        for (let k = 0; k < s.text.length; k += 1) {
          parts.push(AlignedText.of(s.text[k] ?? '', s.owners[k] ?? -1, false));
        }
      } else {
        parts.push(AlignedText.of(rendered, firstPunctuationOwner(s, options.punctuation), false));
      }
      continue;
    }
    const spokenWords = (clauseWords.get(s) ?? []).filter((w) => w.phonemes !== '');
    spokenWords.forEach((word, j) => {
      const previous = spokenWords[j - 1];
      if (previous && !previous.joinNext) parts.push(AlignedText.of(' ', previous.owner, false));
      parts.push(AlignedText.of(word.phonemes, word.owner, true));
    });
  }
  return AlignedText.concat(parts).trim();
}

/** Cuts the words' text into punctuation runs and clauses, with an owner per unit. */
function segment(words: readonly WordInput[], punctuation: string): Segment[] {
  let text = '';
  const owners: number[] = [];
  words.forEach((word, i) => {
    if (i > 0) {
      text += ' ';
      owners.push(words[i - 1]?.owner ?? -1);
    }
    text += word.text;
    for (let k = 0; k < word.text.length; k += 1) owners.push(word.owner);
  });

  const cuts = new Set(punctuation);
  const isCut = (k: number): boolean => {
    const c = text[k] ?? '';
    if (!cuts.has(c)) return false;
    return !(LETTER_OR_DIGIT.test(text[k - 1] ?? '') && LETTER_OR_DIGIT.test(text[k + 1] ?? ''));
  };
  const isSpace = (k: number): boolean => /\s/u.test(text[k] ?? '');

  const segments: Segment[] = [];
  let k = 0;
  while (k < text.length) {
    // A punctuation run: whitespace and cutting punctuation, with at least one of the latter.
    let end = k;
    let hasCut = false;
    while (end < text.length && (isSpace(end) || isCut(end))) {
      if (isCut(end)) hasCut = true;
      end += 1;
    }
    if (hasCut) {
      segments.push({ punctuation: true, text: text.slice(k, end), owners: owners.slice(k, end) });
      k = end;
      continue;
    }
    // A clause: up to the next punctuation run.
    end = k;
    while (end < text.length) {
      if (isCut(end)) {
        let back = end;
        while (back > k && isSpace(back - 1)) back -= 1;
        end = back;
        break;
      }
      end += 1;
    }
    if (end === k) end = k + 1;
    segments.push({ punctuation: false, text: text.slice(k, end), owners: owners.slice(k, end) });
    k = end;
  }
  return segments;
}

function splitPieces(clause: Segment): Array<{ text: string; owner: number }> {
  const pieces: Array<{ text: string; owner: number }> = [];
  const re = /\S+/gu;
  for (const match of clause.text.matchAll(re)) {
    pieces.push({ text: match[0], owner: clause.owners[match.index] ?? -1 });
  }
  return pieces;
}

function firstPunctuationOwner(s: Segment, punctuation: string): number {
  for (let k = 0; k < s.text.length; k += 1) {
    if (punctuation.includes(s.text[k] ?? '')) return s.owners[k] ?? -1;
  }
  return s.owners[0] ?? -1;
}
