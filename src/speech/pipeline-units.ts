import type { MarkupSegment } from './markup.js';
import { splitSentences } from './sentences.js';
import type { TextRun } from './text/normalize/index.js';

export interface SpeechUnit {
  kind: 'speech';
  text: string;
  emotion: string | null;
  /** Written text with its special readings (say-as, sub…), when the markup had any. */
  runs?: TextRun[];
  /** `<prosody rate>` / `<emphasis>` multiplier on the speaking rate. */
  rate: number;
  /** `<prosody pitch>` shift in semitones. */
  pitchSemitones: number;
  /** Next to a pause: cut the engine's silence on that side. */
  trimStart: boolean;
  trimEnd: boolean;
  /** Another sentence follows directly (no pause between): keep a sentence gap after this one. */
  sentenceFollows: boolean;
}
export type Unit = SpeechUnit | { kind: 'pause'; seconds: number };

/** Markup segments → sentences and pauses, each sentence knowing whether a pause touches it. */
export function planUnits(segments: readonly MarkupSegment[]): Unit[] {
  const units: Unit[] = [];
  /** Units that end a sentence: a gap follows them when speech follows directly. */
  const endsSentence = new Set<Unit>();
  for (const segment of segments) {
    if (segment.kind === 'pause') {
      units.push({ kind: 'pause', seconds: segment.seconds });
      continue;
    }
    const common = { kind: 'speech' as const, emotion: segment.emotion, rate: segment.rate ?? 1,
      pitchSemitones: segment.pitchSemitones ?? 0, trimStart: false, trimEnd: false, sentenceFollows: false };
    // Text with special readings stays one piece: its runs are not split across sentences.
    const texts = segment.runs ? [segment.text] : splitSentences(segment.text);
    texts.forEach((text, i) => {
      const unit: SpeechUnit = { ...common, text, ...(segment.runs ? { runs: segment.runs } : {}) };
      units.push(unit);
      // A markup element (emphasis, prosody) inside a sentence splits it into segments without
      // ending it: only a sentence's real end gets the sentence gap.
      if (i < texts.length - 1 || /[.!?\u2026\u3002\uff01\uff1f]["'\u201d\u2019)\]]*$/u.test(text)) endsSentence.add(unit);
    });
  }
  units.forEach((unit, i) => {
    if (unit.kind !== 'speech') return;
    unit.trimStart = units[i - 1]?.kind === 'pause';
    unit.trimEnd = units[i + 1]?.kind === 'pause';
    unit.sentenceFollows = units[i + 1]?.kind === 'speech' && endsSentence.has(unit);
  });
  return units;
}

/**
 * Consecutive sentences said alike (same emotion, rate and pitch, no pause or special reading
 * between them) joined into pieces of up to `maxCharacters`, for engines that say a long text
 * faster in one call than sentence by sentence (`EngineInfo.sentenceBatchCharacters`). The first
 * sentence stays alone, so the first audio is out as early as before.
 */
export function batchSentences(units: readonly Unit[], maxCharacters: number): Unit[] {
  return joinSentences(units, (last, unit, pieces) => pieces > 1 && last.text.length + 1 + unit.text.length <= maxCharacters);
}

/** Characters the units say (pauses say none). */
export function spokenLength(units: readonly Unit[]): number {
  return units.reduce((n, u) => n + (u.kind === 'speech' ? u.text.length : 0), 0);
}

/**
 * Consecutive sentences said alike joined into about `pieces` pieces of even length, for an answer
 * wanted whole from an engine that runs `pieces` calls at once: the pieces are synthesized at the
 * same time, and nobody waits for the first sentence.
 */
export function evenPieces(units: readonly Unit[], pieces: number): Unit[] {
  const target = Math.ceil(spokenLength(units) / pieces);
  return joinSentences(units, (last) => last.text.length < target);
}

/**
 * Joins each speech unit to the piece before it when the two can be said as one (a sentence
 * follows directly, the same emotion, rate and pitch, no special readings) and `join` agrees,
 * told how many speech pieces there are so far.
 */
function joinSentences(units: readonly Unit[], join: (last: SpeechUnit, unit: SpeechUnit, pieces: number) => boolean): Unit[] {
  const out: Unit[] = [];
  let pieces = 0;
  for (const unit of units) {
    const last = out.at(-1);
    if (
      unit.kind === 'speech' &&
      last?.kind === 'speech' &&
      last.sentenceFollows &&
      !last.runs &&
      !unit.runs &&
      last.emotion === unit.emotion &&
      last.rate === unit.rate &&
      last.pitchSemitones === unit.pitchSemitones &&
      join(last, unit, pieces)
    ) {
      out[out.length - 1] = { ...last, text: `${last.text} ${unit.text}`, trimEnd: unit.trimEnd, sentenceFollows: unit.sentenceFollows };
      continue;
    }
    if (unit.kind === 'speech') pieces += 1;
    out.push(unit);
  }
  return out;
}
