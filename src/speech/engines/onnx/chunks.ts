/**
 * Sentences and model-sized chunks for the ONNX engines. Text is cut into sentences at the word
 * level; each sentence becomes a sequence of model token ids whose owners (request word indices) are
 * kept; sequences are then merged (Kokoro) or kept apart (Piper) and long ones split so that no chunk
 * exceeds the model's context.
 */

/**
 * Abbreviations that do not end a sentence, from kokoro-js's sentence splitter (Apache-2.0,
 * © hexgrad and contributors).
 */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr sgt col gen rep sen gov lt maj capt st mt etc co inc ltd dept vs p pg ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec sun mon tu tue tues wed th thu thur thurs fri sat'
  ).split(' '),
);

/**
 * Groups whitespace tokens into sentences (arrays of token indices): a token whose text ends in
 * `.`, `!`, `?` or `…` (before closing quotes or brackets) ends a sentence, unless it is a known
 * abbreviation (`Dr.`), an initial (`J.`) followed by a capitalized word, or a full stop followed by
 * a lower-case word.
 */
export function splitSentences(tokens: readonly string[]): number[][] {
  const sentences: number[][] = [];
  let current: number[] = [];
  tokens.forEach((token, i) => {
    current.push(i);
    const next = tokens[i + 1];
    if (next === undefined || !/[.!?…。！？]["'”’»)\]}]*$/u.test(token)) return;
    const bare = token
      .replace(/["'”’»)\]}]+$/u, '')
      .replace(/['’]s$/iu, '')
      .replace(/\.+$/u, '');
    if (token.endsWith('.') && ABBREVIATIONS.has(bare.toLowerCase().replace(/^["'“‘«(]+/u, ''))) return;
    if (/^(?:[A-Za-z]\.)+$/u.test(token) && /^[A-Z]/u.test(next)) return;
    // As kokoro-js: a full stop followed by a lower-case word ends no sentence (`U.S. army`).
    if (token.endsWith('.') && /^[a-z]/u.test(next)) return;
    sentences.push(current);
    current = [];
  });
  if (current.length > 0) sentences.push(current);
  return sentences;
}

/** Model token ids with, per id, the request word it came from (-1: none) and whether it is spoken. */
export interface TokenSequence {
  ids: number[];
  owner: number[];
  spoken: boolean[];
}

export function emptySequence(): TokenSequence {
  return { ids: [], owner: [], spoken: [] };
}

export function appendSequence(target: TokenSequence, source: TokenSequence): void {
  target.ids.push(...source.ids);
  target.owner.push(...source.owner);
  target.spoken.push(...source.spoken);
}

export interface ChunkOptions {
  /** Most ids in one chunk. */
  maxIds: number;
  /** Merge consecutive sentences into one chunk while they fit (Kokoro) or keep one per chunk (Piper). */
  merge: boolean;
  /** Ids put between two merged sentences (Kokoro: the space). */
  joiner?: number[];
  /** Ids after which a long sentence is preferably cut (punctuation). */
  breakAfter?: ReadonlySet<number>;
}

/** Sentences' id sequences → chunks of at most `maxIds` ids, cut only between words when possible. */
export function chunkSequences(sentences: readonly TokenSequence[], options: ChunkOptions): TokenSequence[] {
  const pieces = sentences.flatMap((s) => splitLong(s, options));
  const chunks: TokenSequence[] = [];
  for (const piece of pieces) {
    if (piece.ids.length === 0) continue;
    const last = chunks[chunks.length - 1];
    const joiner = options.joiner ?? [];
    if (options.merge && last && last.ids.length + joiner.length + piece.ids.length <= options.maxIds) {
      const owner = last.owner[last.owner.length - 1] ?? -1;
      appendSequence(last, {
        ids: [...joiner],
        owner: joiner.map(() => owner),
        spoken: joiner.map(() => false),
      });
      appendSequence(last, piece);
    } else {
      chunks.push({ ids: [...piece.ids], owner: [...piece.owner], spoken: [...piece.spoken] });
    }
  }
  return chunks;
}

function splitLong(sequence: TokenSequence, options: ChunkOptions): TokenSequence[] {
  const out: TokenSequence[] = [];
  let start = 0;
  const { ids, owner } = sequence;
  while (ids.length - start > options.maxIds) {
    const limit = start + options.maxIds;
    let cut = -1;
    let wordCut = -1;
    for (let p = limit; p > start; p -= 1) {
      const boundary = owner[p - 1] !== owner[p];
      if (boundary && wordCut < 0) wordCut = p;
      if (boundary && options.breakAfter?.has(ids[p - 1] ?? -1)) {
        cut = p;
        break;
      }
    }
    if (cut < 0) cut = wordCut > start ? wordCut : limit;
    out.push(slice(sequence, start, cut));
    start = cut;
    // A cut never starts a chunk with the joiner (space) it fell on.
    while (start < ids.length && options.joiner?.includes(ids[start] ?? -1)) start += 1;
  }
  out.push(slice(sequence, start, ids.length));
  return out;
}

function slice(sequence: TokenSequence, start: number, end: number): TokenSequence {
  return {
    ids: sequence.ids.slice(start, end),
    owner: sequence.owner.slice(start, end),
    spoken: sequence.spoken.slice(start, end),
  };
}
