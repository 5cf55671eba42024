/**
 * Text that arrives in pieces (an LLM's tokens over a WebSocket) cut into phrases to speak: the
 * service, not the client, decides where. A phrase ends at a sentence end followed by space; the
 * first phrase of a stream may end earlier, at its first clause boundary ("Well,", "Sure, here it
 * is:"), so its audio starts before the first sentence is finished: the first audio waits for the
 * first phrase's synthesis, which grows with its length (bench:stream, docs/benchmarks.md i); a
 * phrase with no boundary is cut at a space once it is long. `flush` hands out whatever is left.
 *
 * @example
 * const p = new PhraseBuffer();
 * p.push('Hello there, my friend. How ');   // ['Hello there,', 'my friend.'] (the first phrase ends at a clause)
 * p.push('are you? I');                     // ['How are you?']
 * p.flush();                                // 'I'
 */

/** Characters after which a phrase with no boundary is cut at its last space. */
const LONG_PHRASE = 250;
/**
 * A sentence end (with closing quotes or brackets) followed by whitespace; a full-width one (Chinese,
 * Japanese: no space follows) once the next character has arrived.
 */
const SENTENCE_END = /[.!?…](?:["'”’»)\]]*)\s|[。！？](?:[」』”’）)\]]*)(?=[^」』”’）)\]])/gu;
/** A clause mark followed by whitespace; a full-width one once the next character has arrived. */
const CLAUSE_END = /[,;:—–]\s|[、，；：](?=.)/gu;

export class PhraseBuffer {
  private text = '';
  private phrases = 0;

  /** Adds text; returns the phrases now complete, in order. */
  push(piece: string): string[] {
    this.text += piece;
    const out: string[] = [];
    for (;;) {
      const cut = this.nextCut();
      if (cut < 0) break;
      const phrase = this.text.slice(0, cut).trim();
      this.text = this.text.slice(cut).replace(/^\s+/u, '');
      if (phrase !== '') {
        out.push(phrase);
        this.phrases += 1;
      }
    }
    return out;
  }

  /** Whatever is left, as one phrase (null when only whitespace is left). */
  flush(): string | null {
    const phrase = this.text.trim();
    this.text = '';
    if (phrase === '') return null;
    this.phrases += 1;
    return phrase;
  }

  /** Drops the text not yet handed out. */
  clear(): void {
    this.text = '';
  }

  /** Index just past the end of the next phrase, or -1 if no phrase is complete yet. */
  private nextCut(): number {
    SENTENCE_END.lastIndex = 0;
    const sentence = SENTENCE_END.exec(this.text);
    if (this.phrases === 0) {
      // The first phrase ends at its first clause, however short: a reply's opening word with a comma
      // is a phrase of its own, said with the comma's pause (a four-word minimum, before, made v-pro
      // synthesize "Well, hello there my friend," for 1.5 s before any audio left).
      CLAUSE_END.lastIndex = 0;
      const clause = CLAUSE_END.exec(this.text);
      if (clause && !(sentence && clause.index > sentence.index)) return clause.index + clause[0].length;
    }
    if (sentence) return sentence.index + sentence[0].length;
    if (this.text.length > LONG_PHRASE) {
      const space = this.text.lastIndexOf(' ', LONG_PHRASE);
      return space > 0 ? space + 1 : LONG_PHRASE;
    }
    return -1;
  }
}
