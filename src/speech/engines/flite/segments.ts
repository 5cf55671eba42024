import type { FliteSpeaker } from './voices.js';

/**
 * flite's `-psdur` output: one line per utterance, `phone:end` pairs with end times in seconds
 * from the start of that utterance (`pau:0.164 hh:0.255 ax:0.304 ...`). The WAV is the utterances'
 * audio end to end, so absolute times need each utterance's length in the audio, which is not
 * quite the last printed end time (measured on all five voices, 1-2 utterance sentences):
 * - clustergen voices render whole 5 ms frames: length = floor(lastEnd / 5 ms) * 5 ms (±1 ms);
 * - diphone voices (kal, kal16) stop in the middle of the final pause diphone:
 *   length = lastEnd - lastPauseDuration / 2 (±2 ms), and their time 0 is the utterance start.
 * Any difference left between the sum of these and the real audio length is spread over the
 * utterances in proportion to their length, so times never drift past the audio.
 */

export interface Segment {
  phone: string;
  /** Seconds from the start of the utterance. */
  start: number;
  end: number;
}

export type FliteUtterance = Segment[];

export const PAUSE = 'pau';
const FRAME_SECONDS = 0.005;
const PAIR = /^([a-z]+):(\d+(?:\.\d+)?)$/;

/** Utterances from `-psdur` output; a line without any `phone:end` pair is not an utterance. */
export function parseSegmentLines(stdout: string): FliteUtterance[] {
  const utterances: FliteUtterance[] = [];
  for (const line of stdout.split('\n')) {
    const segments: Segment[] = [];
    let previousEnd = 0;
    for (const field of line.trim().split(/\s+/)) {
      const match = PAIR.exec(field);
      if (match === null) continue;
      const end = Math.max(previousEnd, Number(match[2]));
      segments.push({ phone: match[1] ?? '', start: previousEnd, end });
      previousEnd = end;
    }
    if (segments.length > 0) utterances.push(segments);
  }
  return utterances;
}

/** Length in the audio of one utterance, by voice kind (see the module comment). */
export function utteranceSeconds(utterance: FliteUtterance, kind: FliteSpeaker['kind']): number {
  const last = utterance[utterance.length - 1];
  if (last === undefined) return 0;
  if (kind === 'clustergen') return Math.floor(last.end / FRAME_SECONDS + 1e-6) * FRAME_SECONDS;
  const finalPause = last.phone === PAUSE ? last.end - last.start : 0;
  return last.end - finalPause / 2;
}

/**
 * Start of every utterance in the audio (seconds), plus the factor its printed times are
 * multiplied by so that the utterances exactly fill `audioSeconds`.
 */
export function utteranceOffsets(
  utterances: readonly FliteUtterance[],
  kind: FliteSpeaker['kind'],
  audioSeconds: number,
): { offsets: number[]; scale: number } {
  const lengths = utterances.map((utterance) => utteranceSeconds(utterance, kind));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const scale = total > 0 && audioSeconds > 0 ? audioSeconds / total : 1;
  const offsets: number[] = [];
  let offset = 0;
  for (const length of lengths) {
    offsets.push(offset);
    offset += length * scale;
  }
  return { offsets, scale };
}
