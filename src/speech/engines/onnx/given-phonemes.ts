import { AlignedText } from './aligned-text.js';

/**
 * A sentence's phoneme string when some tokens' phonemes are given (a lexicon's IPA, docs/text.md)
 * rather than read by the phonemizer. `given[i]` is token i's phonemes, '' when the token has none
 * of its own (a several-word entry's later words), null to phonemize it. The tokens between given
 * ones are phonemized as runs of their own (`phonemize`); a given token keeps the punctuation at its
 * edges that `keep` lets through, so the model still pauses and intones on it. Units are owned by
 * their tokens, so word timings cover the given phonemes.
 */
export function withGivenPhonemes(
  tokens: readonly string[],
  indices: readonly number[],
  given: ReadonlyArray<string | null> | undefined,
  phonemize: (run: readonly number[]) => AlignedText,
  keep: (punctuation: string) => string,
): AlignedText {
  const of = (i: number): string | null => given?.[i] ?? null;
  if (!indices.some((i) => of(i) !== null)) return phonemize(indices);
  const parts: AlignedText[] = [];
  let run: number[] = [];
  const flush = (): void => {
    if (run.length > 0) parts.push(phonemize(run).trim());
    run = [];
  };
  for (const i of indices) {
    const phonemes = of(i);
    if (phonemes === null) {
      run.push(i);
      continue;
    }
    flush();
    if (phonemes === '') continue;
    const token = tokens[i] ?? '';
    const lead = /^[^\p{L}\p{N}]*/u.exec(token)?.[0] ?? '';
    const trail = /[^\p{L}\p{N}]*$/u.exec(token.slice(lead.length))?.[0] ?? '';
    parts.push(AlignedText.concat([AlignedText.of(keep(lead), i, false), AlignedText.of(phonemes, i, true), AlignedText.of(keep(trail), i, false)]));
  }
  flush();
  const spaced: AlignedText[] = [];
  for (const part of parts) {
    if (part.length === 0) continue;
    if (spaced.length > 0) spaced.push(AlignedText.of(' ', spaced.at(-1)?.lastOwner ?? -1, false));
    spaced.push(part);
  }
  return AlignedText.concat(spaced).trim();
}
