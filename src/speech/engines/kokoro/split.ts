import type { WordTiming } from '../../engine.js';
import { splitSentences } from '../onnx/chunks.js';
import { tokenizeWhitespace } from '../shared/tokens.js';

/**
 * Long texts cut into sentence groups that several workers synthesize at once: with several
 * workers each session has only its share of the cores (cores / workers intra-op threads), so
 * without a split one request would use one worker's share and leave the rest idle. Only texts longer than `MIN_SPLIT_CHARACTERS`,
 * which the worker would cut into several 510-id inferences anyway, are split, at sentence ends:
 * each group boundary takes the place of a chunk boundary, so the audio keeps its pauses and pace.
 */

/** About one inference's worth of text (510 phoneme ids are ~400–500 characters of English). */
export const MIN_SPLIT_CHARACTERS = 500;

/** `text` as up to `parts` groups of whole sentences, about equal in characters, in order. */
export function splitForWorkers(text: string, parts: number): string[] {
  if (parts < 2 || text.length < MIN_SPLIT_CHARACTERS) return [text];
  const tokens = tokenizeWhitespace(text).map((token) => token.text);
  const sentences = splitSentences(tokens);
  if (sentences.length < 2) return [text];
  const sizes = sentences.map((sentence) => sentence.reduce((sum, i) => sum + tokens[i]!.length + 1, 0));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const groups: number[][][] = [[]];
  let done = 0;
  sentences.forEach((sentence, i) => {
    // Start the next group once this one holds its share of the characters.
    const group = groups[groups.length - 1]!;
    if (group.length > 0 && groups.length < parts && done >= (total * groups.length) / parts) groups.push([]);
    groups[groups.length - 1]!.push(sentence);
    done += sizes[i]!;
  });
  return groups.map((group) => group.flatMap((sentence) => sentence.map((i) => tokens[i]!)).join(' '));
}

/** The parts' audio end to end, each part's word timings moved by the audio before it. */
export function joinParts(
  parts: ReadonlyArray<{ samples: Float32Array; sampleRate: number; words: WordTiming[] }>,
): { samples: Float32Array; words: WordTiming[] } {
  const samples = new Float32Array(parts.reduce((sum, part) => sum + part.samples.length, 0));
  const words: WordTiming[] = [];
  let offset = 0;
  for (const part of parts) {
    samples.set(part.samples, offset);
    const seconds = offset / part.sampleRate;
    for (const word of part.words) words.push({ ...word, start: word.start + seconds, end: word.end + seconds });
    offset += part.samples.length;
  }
  return { samples, words };
}
