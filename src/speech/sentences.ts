/**
 * Cuts speech text into sentences, the unit the pipeline synthesizes and streams one at a time.
 *
 * Boundaries come from ICU (`Intl.Segmenter`, sentence granularity: every script's full stops,
 * `。！？`, closing quotes after them), then break points ICU gets wrong for speech are joined
 * again: after a known abbreviation (`Dr.`; `No.` before a number), after an initial (`J.` before a capitalized word) and
 * before a lower-case word (`U.S. army`). A sentence longer than `MAX_SENTENCE_CHARACTERS` is cut
 * at its last clause mark (or space) before that length, so one unpunctuated paragraph does not
 * delay the first audio by its whole length.
 */

/** Abbreviations that end no sentence (the list the Kokoro and Piper engines use, from kokoro-js). */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr sgt col gen rep sen gov lt maj capt st mt etc co inc ltd dept vs p pg ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec sun mon tu tue tues wed th thu thur thurs fri sat e.g i.e'
  ).split(' '),
);

/** Abbreviations that end no sentence when a number follows (`No. 5`, German `Nr. 3`, Spanish `pág. 12`). */
const BEFORE_NUMBERS = new Set('no nos nr núm pág vol fig art ch pp'.split(' '));

/**
 * Longest sentence synthesized in one piece, in UTF-16 code units. About 20 s of speech: long enough
 * that ordinary sentences are never cut (prosody stays whole), short enough that an unpunctuated text
 * starts within one such piece.
 */
export const MAX_SENTENCE_CHARACTERS = 300;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The sentences of `text`, trimmed, in order; joined by spaces they hold every word of it. */
export function splitSentences(text: string): string[] {
  const raw = [...segmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s !== '');
  const joined: string[] = [];
  for (const piece of raw) {
    const last = joined.at(-1);
    if (last !== undefined && continues(last, piece)) joined[joined.length - 1] = `${last} ${piece}`;
    else joined.push(piece);
  }
  // A piece with nothing to say ("...", "—") is spoken with the sentence before it.
  const spoken: string[] = [];
  for (const piece of joined.flatMap(cutLong)) {
    if (spoken.length > 0 && !/[\p{L}\p{N}]/u.test(piece)) spoken[spoken.length - 1] += ` ${piece}`;
    else spoken.push(piece);
  }
  return spoken;
}

/** True when ICU's break between `before` and `after` is not a sentence end for speech. */
function continues(before: string, after: string): boolean {
  const lastWord = before.split(/\s+/).at(-1) ?? '';
  if (!lastWord.endsWith('.')) return false;
  const bare = lastWord.replace(/^["'“‘«(]+/u, '').replace(/\.$/u, '').toLowerCase();
  if (ABBREVIATIONS.has(bare)) return true;
  if (BEFORE_NUMBERS.has(bare) && /^\p{N}/u.test(after)) return true;
  if (/^(?:[a-z]\.)*[a-z]$/u.test(bare) && /^[A-Z]/u.test(after)) return true;
  return /^[a-z]/u.test(after);
}

/** Cuts a sentence over the limit at clause marks, else at spaces; never inside a word. */
function cutLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_SENTENCE_CHARACTERS) {
    const window = rest.slice(0, MAX_SENTENCE_CHARACTERS);
    const clause = Math.max(...[',', ';', ':', '—', '、', '，', '；'].map((mark) => window.lastIndexOf(mark)));
    const space = window.lastIndexOf(' ');
    const at = clause > MAX_SENTENCE_CHARACTERS / 3 ? clause + 1 : space > 0 ? space : MAX_SENTENCE_CHARACTERS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces.filter((p) => p !== '');
}
