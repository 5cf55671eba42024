/**
 * espeak joins some unstressed words to their neighbour and reports them as one spoken word
 * (`on the` → `ɔnðə`, `of a` → `əvə`). Phonemizing the words one by one instead loses that reduction
 * and reads a lone `a` as the letter (`ˈeɪ`), so the joined word is kept and split among its written
 * words for timing purposes only.
 *
 * Which spoken word covers which run of written words is found by dynamic programming: each spoken
 * word covers 1–3 consecutive written words, at the cost of the edit distance between it and those
 * words phonemized alone (stress marks ignored, relative to length). A joined word is then cut in
 * proportion to the lengths of its words alone, never inside a long vowel or after a stress mark.
 */

const MAX_JOIN = 3;
const STRESS = /[ˈˌ]/gu;

export interface JoinedPart {
  phonemes: string;
  /** True when the next word follows without a space (it was joined to this one). */
  joinNext: boolean;
}

/** One part per written word, or null when the spoken words do not cover the written ones. */
export function splitJoinedWords(spoken: readonly string[], alone: readonly string[]): JoinedPart[] | null {
  const n = spoken.length;
  const m = alone.length;
  if (n === 0 || n >= m) return null;
  const bare = (s: string) => [...s.replace(STRESS, '')];
  const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  const take: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  cost[0]![0] = 0;
  for (let i = 1; i <= n; i += 1) {
    const word = bare(spoken[i - 1] ?? '');
    for (let j = 1; j <= m; j += 1) {
      for (let k = 1; k <= Math.min(MAX_JOIN, j); k += 1) {
        const before = cost[i - 1]![j - k]!;
        if (before === Infinity) continue;
        const written = bare(alone.slice(j - k, j).join(''));
        const c = before + editDistance(word, written) / Math.max(word.length, written.length, 1);
        if (c < cost[i]![j]!) {
          cost[i]![j] = c;
          take[i]![j] = k;
        }
      }
    }
  }
  if (cost[n]![m] === Infinity) return null;
  const groups: number[] = [];
  for (let i = n, j = m; i > 0; i -= 1) {
    const k = take[i]![j]!;
    groups.unshift(k);
    j -= k;
  }
  const parts: JoinedPart[] = [];
  let next = 0;
  groups.forEach((k, i) => {
    const words = alone.slice(next, next + k);
    next += k;
    const pieces = cut(spoken[i] ?? '', words);
    pieces.forEach((phonemes, t) => parts.push({ phonemes, joinNext: t < pieces.length - 1 }));
  });
  return parts;
}

/** `joined` cut into `words.length` non-empty pieces in proportion to the words' own lengths. */
function cut(joined: string, words: readonly string[]): string[] {
  const units = [...joined];
  if (words.length === 1 || units.length < words.length) {
    return [joined, ...words.slice(1).map(() => '')].slice(0, words.length);
  }
  const lengths = words.map((w) => Math.max(1, [...w.replace(STRESS, '')].length));
  const total = lengths.reduce((a, b) => a + b, 0);
  const pieces: string[] = [];
  let start = 0;
  let sum = 0;
  for (let t = 0; t < words.length - 1; t += 1) {
    sum += lengths[t]!;
    let end = Math.round((units.length * sum) / total);
    end = Math.min(Math.max(end, start + 1), units.length - (words.length - 1 - t));
    // Keep a length mark, modifier or combining mark with its sound, and a stress mark with what follows.
    const last = units.length - (words.length - 1 - t);
    while (end < last && /^[ːˑʲʰ\p{M}]$/u.test(units[end] ?? '')) end += 1;
    while (end > start + 1 && /^[ˈˌ]$/u.test(units[end - 1] ?? '')) end -= 1;
    pieces.push(units.slice(start, end).join(''));
    start = end;
  }
  pieces.push(units.slice(start).join(''));
  return pieces;
}

/** Levenshtein distance between two sequences (characters, words...): insertions, deletions and substitutions, 1 each. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
