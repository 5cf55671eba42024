import type { PcmAudio } from './pcm.js';
import type { PitchMarks } from './pitch-marks.js';

/**
 * Time-domain pitch-synchronous overlap-add (TD-PSOLA, Moulines & Charpentier 1990). Each
 * analysis grain is two local periods of the input under a Hann window, centred on a pitch mark.
 * Grains are laid down again centred on synthesis marks spaced period / pitchFactor in voiced
 * speech, which sets the new F0, while each grain keeps its waveform and so its spectral envelope
 * (the formants). Synthesis mark k reads the analysis mark nearest to its own time × tempo, which
 * sets the duration: grains are repeated or skipped, never stretched.
 */

/** What to change. Both factors are multipliers; 1 leaves that aspect alone. */
export interface PsolaOptions {
  /** F0 multiplier (2 ** (semitones / 12)). */
  pitchFactor: number;
  /** Speed multiplier: the output lasts input / tempo. */
  tempo: number;
  /**
   * Intonation width multiplier (1 = unchanged): each voiced grain's F0 moves to
   * median × (F0 / median)^rangeScale, so 1.3 widens every rise and fall by 30 % in semitones
   * around the median of the voiced marks, and 0.7 flattens them.
   */
  rangeScale?: number;
}

/** Hann window w(r) = 0.5 + 0.5 cos(pi r) for r = |offset| / half-width in [0, 1], tabulated. */
const WINDOW_STEPS = 4096;
const HANN = Float32Array.from(
  { length: WINDOW_STEPS + 1 },
  (_, i) => 0.5 + 0.5 * Math.cos((Math.PI * i) / WINDOW_STEPS),
);

/**
 * Rebuilds `pcm` with a new pitch and duration from its pitch marks. The output has
 * round(n / tempo) samples at the input rate.
 */
export function psola(pcm: PcmAudio, marks: PitchMarks, { pitchFactor, tempo, rangeScale = 1 }: PsolaOptions): Float32Array {
  const input = pcm.samples;
  const outLength = Math.round(input.length / tempo);
  const out = new Float32Array(outLength);
  const { positions, periods, voiced } = marks;
  if (positions.length === 0 || outLength === 0) return out;
  const medianPeriod = rangeScale === 1 ? 0 : voicedMedianPeriod(marks);

  let mark = 0;
  for (let ts = 0; ; ) {
    const ta = ts * tempo;
    while (
      mark + 1 < positions.length &&
      Math.abs(positions[mark + 1]! - ta) <= Math.abs(positions[mark]! - ta)
    ) {
      mark++;
    }
    const half = periods[mark]!;
    // F0 ∝ 1 / period: widening the range by k multiplies a grain's F0 by (median / period)^(k − 1).
    const range = medianPeriod > 0 ? (medianPeriod / half) ** (rangeScale - 1) : 1;
    const spacing = voiced[mark] ? half / (pitchFactor * range) : half;
    if (ts - half >= outLength) break;
    // Hann grains overlapping at this spacing add up to about half / spacing: divide it out.
    addGrain(out, input, positions[mark]!, Math.round(ts), half, spacing / half);
    ts += spacing;
  }
  return out;
}

/** Median local period of the voiced marks (0 when none are voiced). */
function voicedMedianPeriod({ periods, voiced }: PitchMarks): number {
  const values: number[] = [];
  for (let i = 0; i < periods.length; i++) if (voiced[i]) values.push(periods[i]!);
  if (values.length === 0) return 0;
  values.sort((a, b) => a - b);
  return values[values.length >> 1]!;
}

/** Adds gain * window(j / half) * input[from + j], for |j| < half, to out[centre + j]. */
function addGrain(
  out: Float32Array,
  input: Float32Array,
  from: number,
  centre: number,
  half: number,
  gain: number,
): void {
  const reach = Math.ceil(half) - 1;
  const lo = Math.max(-reach, -centre, -from);
  const hi = Math.min(reach, out.length - 1 - centre, input.length - 1 - from);
  const step = WINDOW_STEPS / half;
  for (let j = lo; j <= hi; j++) {
    const w = HANN[Math.round(Math.abs(j) * step)]!;
    out[centre + j] = out[centre + j]! + gain * w * input[from + j]!;
  }
}
