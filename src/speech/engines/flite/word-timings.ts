import type { WordTiming } from '../../engine.js';
import { roundMs, type TextToken } from '../shared/tokens.js';
import { PAUSE, type FliteUtterance } from './segments.js';

/**
 * Word timings for flite from its own phone durations.
 *
 * flite prints when each phone ends (`-psdur`) but not which word a phone belongs to. The worker
 * therefore also asks flite for the phones of every input token on its own (one token per
 * utterance, with the fast kal voice and no audio kept: see `worker.ts`), which gives the
 * expected phone sequence labelled by token. The phones actually spoken are aligned to it with
 * an edit distance (match 0, substitution/insertion/deletion 1) inside a band around the
 * diagonal, because context can change a few phones (`'s` after `it`, `a` read as a letter when
 * alone). Each spoken phone takes the token of the expected phone it was aligned to; an inserted
 * phone joins the token before it. A token spans from the start of its first phone to the end of
 * its last, so it never covers a pause; a token with no phones (`—`) gets zero length where the
 * previous token ended.
 */

export interface TimedPhone {
  phone: string;
  /** Seconds in the audio. */
  start: number;
  end: number;
}

/** Every non-pause phone with absolute times, from utterances laid end to end. */
export function spokenPhones(
  utterances: readonly FliteUtterance[],
  offsets: readonly number[],
  scale: number,
): TimedPhone[] {
  const phones: TimedPhone[] = [];
  utterances.forEach((utterance, index) => {
    const offset = offsets[index] ?? 0;
    for (const segment of utterance) {
      if (segment.phone === PAUSE) continue;
      phones.push({
        phone: segment.phone,
        start: offset + segment.start * scale,
        end: offset + segment.end * scale,
      });
    }
  });
  return phones;
}

const NONE = -1;
const MIN_BAND = 48;
const UNREACHABLE = 1_000_000_000;

/**
 * For each phone of `spoken`, the index of the `expected` phone it aligns with (match or
 * substitution), or -1 when it was inserted. Banded Levenshtein: the band half-width is 48 plus
 * the length difference, so memory stays linear in the text length.
 */
export function alignPhoneSequences(spoken: readonly string[], expected: readonly string[]): Int32Array {
  const n = spoken.length;
  const m = expected.length;
  const result = new Int32Array(n).fill(NONE);
  if (n === 0 || m === 0) return result;
  const band = MIN_BAND + Math.abs(n - m);
  const width = 2 * band + 1;
  // Row i covers columns j in [centre(i) - band, centre(i) + band].
  const centre = (i: number) => Math.round((i * m) / n);
  const cost = new Int32Array((n + 1) * width).fill(UNREACHABLE);
  // 0 = diagonal (match/substitute), 1 = up (spoken phone inserted), 2 = left (expected phone deleted).
  const move = new Uint8Array((n + 1) * width);
  const at = (i: number, j: number) => {
    const k = j - centre(i) + band;
    return k >= 0 && k < width && j >= 0 && j <= m ? i * width + k : -1;
  };
  const get = (i: number, j: number) => {
    const index = at(i, j);
    return index === -1 ? UNREACHABLE : (cost[index] ?? UNREACHABLE);
  };
  for (let i = 0; i <= n; i += 1) {
    const from = Math.max(0, centre(i) - band);
    const to = Math.min(m, centre(i) + band);
    for (let j = from; j <= to; j += 1) {
      const index = at(i, j);
      if (i === 0 && j === 0) {
        cost[index] = 0;
        continue;
      }
      let best = UNREACHABLE;
      let step = 0;
      if (i > 0 && j > 0) {
        best = get(i - 1, j - 1) + (spoken[i - 1] === expected[j - 1] ? 0 : 1);
      }
      const up = i > 0 ? get(i - 1, j) + 1 : UNREACHABLE;
      if (up < best) {
        best = up;
        step = 1;
      }
      const left = j > 0 ? get(i, j - 1) + 1 : UNREACHABLE;
      if (left < best) {
        best = left;
        step = 2;
      }
      cost[index] = best;
      move[index] = step;
    }
  }
  // Walk back from (n, m); if the band missed the corner, from the cheapest cell of the last row.
  let i = n;
  let j = m;
  if (get(n, m) >= UNREACHABLE) {
    let best = UNREACHABLE;
    for (let column = Math.max(0, centre(n) - band); column <= Math.min(m, centre(n) + band); column += 1) {
      if (get(n, column) < best) {
        best = get(n, column);
        j = column;
      }
    }
  }
  while (i > 0 && j >= 0) {
    const index = at(i, j);
    const step = index === -1 || j === 0 ? 1 : move[index];
    if (step === 0) {
      result[i - 1] = j - 1;
      i -= 1;
      j -= 1;
    } else if (step === 1) {
      i -= 1;
    } else {
      j -= 1;
    }
  }
  return result;
}

/** One timing per token from the spoken phones and each token's expected phones. */
export function fliteWordTimings(
  tokens: readonly TextToken[],
  spoken: readonly TimedPhone[],
  tokenPhones: ReadonlyArray<readonly string[]>,
  audioSeconds: number,
): WordTiming[] {
  const expected: string[] = [];
  const owner: number[] = [];
  tokenPhones.forEach((phones, token) => {
    for (const phone of phones) {
      expected.push(phone);
      owner.push(token);
    }
  });
  const alignment = alignPhoneSequences(
    spoken.map((phone) => phone.phone),
    expected,
  );

  // First and last spoken phone of each token.
  const first = new Int32Array(tokens.length).fill(NONE);
  const last = new Int32Array(tokens.length).fill(NONE);
  let current = NONE;
  alignment.forEach((j, i) => {
    if (j !== NONE) current = Math.max(current, owner[j] ?? NONE);
    // Phones before the first aligned one belong to the first token that has phones.
    const token = current === NONE ? (owner[0] ?? NONE) : current;
    if (token === NONE || token >= tokens.length) return;
    if (first[token] === NONE) first[token] = i;
    last[token] = i;
  });

  const words: WordTiming[] = [];
  let previousEnd = 0;
  tokens.forEach((token, index) => {
    const from = first[index] ?? NONE;
    const to = last[index] ?? NONE;
    let start = previousEnd;
    let end = previousEnd;
    if (from !== NONE && to !== NONE) {
      start = Math.max(previousEnd, spoken[from]?.start ?? previousEnd);
      end = Math.max(start, spoken[to]?.end ?? start);
    }
    start = Math.min(start, audioSeconds);
    end = Math.min(end, audioSeconds);
    previousEnd = end;
    words.push({ word: token.text, start: roundMs(start), end: roundMs(end) });
  });
  return words;
}
