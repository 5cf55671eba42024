/**
 * Characters per request. The API takes at most 2,000 characters (tags included) per call; the
 * margin keeps a chunk under it whatever way a character is counted (code points, UTF-16 units).
 */
export const CHUNK_CHARACTERS = 1800;

/**
 * Splits text into chunks of at most `limit` characters at sentence ends, else at spaces, else
 * anywhere. Tags (`<break .../>`, `[happy]`) are never cut: they contain no sentence end.
 */
export function splitText(text: string, limit = CHUNK_CHARACTERS): string[] {
  const sentences = text.match(/[^.!?。！？\n]+(?:[.!?。！？]+|\n+|$)\s*/gu) ?? [text];
  const chunks: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) chunks.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (current.length + sentence.length <= limit) {
      current += sentence;
      continue;
    }
    push();
    if (sentence.length <= limit) {
      current = sentence;
      continue;
    }
    for (const word of sentence.split(/(?<=\s)/u)) {
      if (current.length + word.length > limit) push();
      for (let at = 0; at < word.length; at += limit) {
        const piece = word.slice(at, at + limit);
        if (current.length + piece.length > limit) push();
        current += piece;
      }
    }
  }
  push();
  return chunks;
}
