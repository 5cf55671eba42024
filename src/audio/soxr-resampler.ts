import { nativeSoxr } from './native-audio.js';

/**
 * Resamples with libsoxr at its high quality (20-bit, linear phase) into exactly `outLength`
 * samples aligned like `resampleSinc` (output k at input time k / outRate): soxr removes its own
 * filter delay and flushes the tail, and any shortfall is left as silence. Returns null when
 * libsoxr is not available here (the caller falls back to Speex).
 */
export function resampleSoxr(
  input: Float32Array,
  inRate: number,
  outRate: number,
  outLength: number,
): Float32Array | null {
  const soxr = nativeSoxr();
  if (!soxr) return null;
  const out = new Float32Array(outLength);
  // Neither count is needed back (null): `out` has its length, and what soxr leaves unwritten stays 0.
  const error = soxr.oneshot(
    inRate,
    outRate,
    1,
    input,
    input.length,
    null,
    out,
    outLength,
    null,
    soxr.ioSpec,
    soxr.qualitySpec,
    soxr.runtimeSpec,
  );
  if (error) throw new Error(`soxr cannot convert ${inRate} Hz to ${outRate} Hz: ${String(error)}`);
  return out;
}
