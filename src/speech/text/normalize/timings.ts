import type { WordTiming } from '../../engine.js';
import type { NormalizedWord } from './index.js';

/**
 * Engine word timings (one per spoken whitespace token, in order: the `SynthesisResult.words`
 * contract every engine keeps) → one timing per written token, spanning its spoken words. A
 * written token with no spoken word takes zero time where the previous one ended.
 *
 * When an engine reports another count (it should not), spoken words are matched to timings
 * proportionally by position, so captions stay in order and inside the audio rather than failing.
 */
export function mapTimings(words: readonly NormalizedWord[], timings: readonly WordTiming[]): WordTiming[] {
  const total = words.reduce((sum, w) => sum + w.spoken.length, 0);
  const at = (index: number): WordTiming | undefined =>
    timings.length === total ? timings[index] : timings[Math.min(timings.length - 1, Math.floor((index * timings.length) / Math.max(1, total)))];
  const result: WordTiming[] = [];
  let index = 0;
  let lastEnd = 0;
  for (const word of words) {
    if (word.spoken.length === 0) {
      result.push({ word: word.written, start: lastEnd, end: lastEnd });
      continue;
    }
    const first = at(index);
    const last = at(index + word.spoken.length - 1);
    index += word.spoken.length;
    const start = first?.start ?? lastEnd;
    const end = Math.max(start, last?.end ?? start);
    result.push({ word: word.written, start, end });
    lastEnd = end;
  }
  return result;
}
