/**
 * A string in which every UTF-16 unit remembers which input word it came from (`owner`, an index
 * into the request's whitespace tokens, -1 for none) and whether it is part of that word's spoken
 * phonemes (`spoken`) rather than a space or punctuation between words. Phoneme strings are built and
 * rewritten as AlignedTexts so that model token ids can be traced back to words for timings.
 */
export class AlignedText {
  private constructor(
    readonly text: string,
    readonly owner: readonly number[],
    readonly spoken: readonly boolean[],
  ) {}

  static readonly EMPTY = new AlignedText('', [], []);

  /** `text` with every unit owned by `owner`; whitespace is never `spoken`. */
  static of(text: string, owner: number, spoken: boolean): AlignedText {
    const owners: number[] = [];
    const flags: boolean[] = [];
    for (let i = 0; i < text.length; i += 1) {
      owners.push(owner);
      flags.push(spoken && !/\s/u.test(text[i] ?? ''));
    }
    return new AlignedText(text, owners, flags);
  }

  static concat(parts: readonly AlignedText[]): AlignedText {
    return new AlignedText(
      parts.map((p) => p.text).join(''),
      parts.flatMap((p) => p.owner),
      parts.flatMap((p) => p.spoken),
    );
  }

  get length(): number {
    return this.text.length;
  }

  /** Owner of the last unit, or -1. */
  get lastOwner(): number {
    return this.owner[this.owner.length - 1] ?? -1;
  }

  slice(start: number, end = this.text.length): AlignedText {
    return new AlignedText(
      this.text.slice(start, end),
      this.owner.slice(start, end),
      this.spoken.slice(start, end),
    );
  }

  /** Without leading and trailing whitespace. */
  trim(): AlignedText {
    const start = this.text.length - this.text.trimStart().length;
    const end = this.text.trimEnd().length;
    return start >= end ? AlignedText.EMPTY : this.slice(start, end);
  }

  /** Each unit rewritten by `fn` (to any number of units), keeping its owner and spoken flag. */
  map(fn: (unit: string) => string): AlignedText {
    const parts: AlignedText[] = [];
    for (let i = 0; i < this.text.length; i += 1) {
      const unit = this.text[i] ?? '';
      const mapped = fn(unit);
      parts.push(
        mapped === unit
          ? this.slice(i, i + 1)
          : AlignedText.of(mapped, this.owner[i] ?? -1, !!this.spoken[i]),
      );
    }
    return AlignedText.concat(parts);
  }

  /**
   * Replaces every match of a global `pattern` with a literal `replacement`. Inserted units take the
   * owner of the match's first spoken unit (else of its first unit, or of the unit before an empty
   * match) and are spoken when any matched unit was; inserted whitespace is never spoken.
   */
  replace(pattern: RegExp, replacement: string): AlignedText {
    if (!pattern.global) throw new Error('AlignedText.replace needs a global pattern');
    const parts: AlignedText[] = [];
    let position = 0;
    let matched = false;
    for (const match of this.text.matchAll(pattern)) {
      matched = true;
      const start = match.index;
      const end = start + match[0].length;
      parts.push(this.slice(position, start));
      let anchor = end > start ? start : Math.max(0, start - 1);
      for (let i = start; i < end; i += 1) {
        if (this.spoken[i]) {
          anchor = i;
          break;
        }
      }
      const spoken = this.spoken.slice(start, end).some(Boolean) || (end === start && !!this.spoken[anchor]);
      parts.push(AlignedText.of(replacement, this.owner[anchor] ?? -1, spoken));
      position = end;
    }
    if (!matched) return this;
    parts.push(this.slice(position));
    return AlignedText.concat(parts);
  }
}
