/**
 * Names the prepared Kokoro graph adds (prepare.ts) and the code that runs it feeds or reads
 * (synthesize.ts, quantize.ts's calibration).
 */

/** int64 [1, N]: each input id's duration in frames (600 samples), pads included. */
export const DURATIONS_OUTPUT = 'durations';
/** float32 [1]: factor on the predicted F0 curve (1 = as predicted); absent in a model used as it is. */
export const PITCH_INPUT = 'voicelib_pitch';
/**
 * float32 [1]: intonation width around the chunk's centre in log frequency (1 = as predicted, 1.2 =
 * every rise and fall 20 % wider in semitones); absent in a model used as it is.
 */
export const RANGE_INPUT = 'voicelib_range';
/**
 * float32 [1]: the level (Hz) each chunk's F0 curve is moved to before `voicelib_pitch` applies
 * (pitch-graph.ts: the median of its voiced frames above 0.85 of their median), so a voice keeps one
 * pitch whatever length of text it is given; 0 = off (the predicted curve's own level). Absent in a
 * model used as it is.
 */
export const ANCHOR_INPUT = 'voicelib_pitch_anchor';
