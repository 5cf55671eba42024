import type { MarkupSegment } from '../../speech/markup.js';

/**
 * Long input (the OpenAI-compatible route takes 4,096 characters) is synthesized in pieces that
 * each stay within the native text limit, cut at sentence ends, so each piece can be encoded and
 * sent while the next one is synthesized. The first piece is the first sentence alone: the first
 * audio goes out after one sentence of synthesis, not 2,000 characters of it.
 */

/** Most characters of speech text in one piece: the native `POST /tts` limit. */
export const MAX_PIECE_CHARACTERS = 2000;

/** Whole sentences of `text` (Intl sentence boundaries), whitespace kept with the sentence before. */
export function sentences(text: string, language: string): string[] {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  }
  return [...segmenter.segment(text)].map((s) => s.segment).filter((s) => s.trim() !== '');
}

/** A sentence longer than the limit (no sentence end in sight) is cut at the last space before it. */
function cutLong(sentence: string, limit: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while ([...rest].length > limit) {
    const head = [...rest].slice(0, limit).join('');
    const space = head.search(/\s\S*$/);
    const cut = space > limit / 2 ? space : head.length;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.trim() !== '') out.push(rest);
  return out;
}

/**
 * Groups markup segments into pieces: speech is cut into sentences, sentences are packed into
 * pieces of at most `limit` characters (the first piece holds one sentence), pauses stay in order
 * with the speech around them and emotions, rate, pitch and special readings stay with their text.
 */
export function splitIntoPieces(
  segments: readonly MarkupSegment[],
  language: string,
  limit = MAX_PIECE_CHARACTERS,
): MarkupSegment[][] {
  const pieces: MarkupSegment[][] = [];
  let current: MarkupSegment[] = [];
  let size = 0;
  const flush = () => {
    // Pauses with no speech after them (trailing) end the piece before.
    if (current.some((s) => s.kind === 'speech')) pieces.push(current);
    else pieces.at(-1)?.push(...current);
    current = [];
    size = 0;
  };
  for (const segment of segments) {
    if (segment.kind === 'pause') {
      current.push(segment);
      continue;
    }
    // Text read specially (say-as, sub, phoneme: `runs`) stays whole, as the pipeline keeps it;
    // every sentence keeps its segment's emotion, rate and pitch.
    const { runs, text, ...style } = segment;
    const texts = runs ? [text] : sentences(text, language).flatMap((s) => cutLong(s, limit));
    for (const sentence of texts) {
      const length = [...sentence].length;
      if (size > 0 && (size + length > limit || pieces.length === 0)) flush();
      const last = current.at(-1);
      const same =
        last?.kind === 'speech' && !runs && last.runs === undefined && last.emotion === style.emotion &&
        last.rate === style.rate && last.pitchSemitones === style.pitchSemitones;
      if (same) last.text += sentence;
      else current.push({ ...style, text: sentence, ...(runs ? { runs } : {}) });
      size += length;
    }
  }
  flush();
  return pieces.map((piece) => piece.map((s) => (s.kind === 'speech' ? { ...s, text: s.text.trim() } : s)));
}
