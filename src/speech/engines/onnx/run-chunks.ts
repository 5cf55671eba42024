import type { PcmAudio } from '../../../audio/pcm.js';
import { concatPcm } from '../../../audio/silence.js';
import type { TokenSequence } from './chunks.js';
import { mergeSpans, spansFromDurations, spansProportional, type WordSpan } from './timings.js';

/** How word timings were made: from the model's durations, proportionally, or not at all (no speech). */
export type TimingSource = 'durations' | 'proportional' | 'none';

export interface ChunkOutput {
  samples: Float32Array;
  /** Per-input-id durations in frames, when the model outputs them. */
  durations: number[] | null;
}

/**
 * Runs one inference per model input (ids with owners, padding included) and joins the audio end to
 * end; word spans come from each chunk's durations when they fit its input, else proportionally.
 */
export async function runChunks(
  inputs: readonly TokenSequence[],
  sampleRate: number,
  infer: (input: TokenSequence) => Promise<ChunkOutput>,
): Promise<{ audio: PcmAudio; spans: Map<number, WordSpan>; timing: TimingSource }> {
  const parts: PcmAudio[] = [];
  const spans = new Map<number, WordSpan>();
  let offset = 0;
  let timing: TimingSource = inputs.length === 0 ? 'none' : 'durations';
  for (const input of inputs) {
    const output = await infer(input);
    const audio: PcmAudio = { sampleRate, samples: output.samples };
    let chunkSpans = output.durations ? spansFromDurations(input, output.durations, audio) : null;
    if (chunkSpans === null) {
      chunkSpans = spansProportional(input, audio);
      timing = 'proportional';
    }
    mergeSpans(spans, chunkSpans, offset);
    offset += audio.samples.length / sampleRate;
    parts.push(audio);
  }
  const audio = parts.length > 0 ? concatPcm(parts) : { sampleRate, samples: new Float32Array(0) };
  return { audio, spans, timing };
}
