import { biquadCoefficients } from '../audio/biquad.js';
import type { EqBand } from '../speech/voice-identity.js';

/**
 * Fits a handful of equalizer bands to a target curve in dB (for clones: the recording's
 * long-term spectrum minus the engine's; for designs: a spectral tilt). The bands are fixed in
 * frequency and shape, so only their gains are fitted: a ridge-regularised least-squares fit of
 * the bands' dB responses (overall level ignored), refined twice with the exact responses of the
 * cookbook biquads that `audio/transform.ts` runs.
 */

/** Fixed band layout: broad enough that sentence content does not get fitted, fine enough for colour. */
const LAYOUT: ReadonlyArray<Omit<EqBand, 'gainDb'>> = [
  { type: 'lowshelf', frequencyHz: 250 },
  { type: 'peaking', frequencyHz: 500, q: 1.2 },
  { type: 'peaking', frequencyHz: 1000, q: 1.2 },
  { type: 'peaking', frequencyHz: 2000, q: 1.2 },
  { type: 'peaking', frequencyHz: 3500, q: 1.2 },
  { type: 'highshelf', frequencyHz: 6000 },
];

/** Largest gain a fitted band may take, dB. */
const MAX_GAIN_DB = 12;
/** Ridge weight per band (in squared dB of fit error per squared dB of gain): keeps gains modest. */
const RIDGE = 0.05;

/** Magnitude response in dB of `bands` in series at each frequency (Hz), at `sampleRate`. */
export function eqResponseDb(
  bands: readonly EqBand[],
  frequenciesHz: readonly number[],
  sampleRate: number,
): number[] {
  return frequenciesHz.map((hz) => {
    let db = 0;
    for (const band of bands) db += bandResponseDb(band, hz, sampleRate);
    return db;
  });
}

function bandResponseDb(band: EqBand, hz: number, sampleRate: number): number {
  if (band.gainDb === 0) return 0;
  const type = band.type ?? 'peaking';
  // Same rule as the transform: a band at or above Nyquist is a flat gain (low shelf) or nothing.
  if (band.frequencyHz >= 0.49 * sampleRate) return type === 'lowshelf' ? band.gainDb : 0;
  const { b0, b1, b2, a1, a2 } = biquadCoefficients(
    type,
    sampleRate,
    band.frequencyHz,
    band.gainDb,
    band.q ?? 1,
  );
  const w = (2 * Math.PI * hz) / sampleRate;
  const [c1, s1, c2, s2] = [Math.cos(w), Math.sin(w), Math.cos(2 * w), Math.sin(2 * w)];
  const numRe = b0 + b1 * c1 + b2 * c2;
  const numIm = -(b1 * s1 + b2 * s2);
  const denRe = 1 + a1 * c1 + a2 * c2;
  const denIm = -(a1 * s1 + a2 * s2);
  return 10 * Math.log10((numRe ** 2 + numIm ** 2) / (denRe ** 2 + denIm ** 2));
}

/**
 * EQ bands whose response best matches `targetDb` (one value per frequency in `frequenciesHz`, any
 * overall offset) at `sampleRate`. Bands that cannot act below 0.45 × `sampleRate`, or whose gain
 * rounds to 0, are left out. Gains are rounded to 0.1 dB.
 */
export function fitEq(
  targetDb: readonly number[],
  frequenciesHz: readonly number[],
  sampleRate: number,
): EqBand[] {
  const usable = LAYOUT.filter((band) => band.frequencyHz < 0.45 * sampleRate);
  const gains = new Array<number>(usable.length).fill(0);
  const bandsWith = (values: readonly number[]): EqBand[] =>
    usable.map((band, k) => ({ ...band, gainDb: values[k]! }));
  for (let iteration = 0; iteration < 3; iteration++) {
    // Residual with the current gains, and each band's local dB-per-dB sensitivity.
    const current = eqResponseDb(bandsWith(gains), frequenciesHz, sampleRate);
    const residual = centred(targetDb.map((value, i) => value - current[i]!));
    const shapes = usable.map((_, k) => {
      const probe = gains.slice();
      probe[k] = gains[k]! + 1;
      const moved = eqResponseDb(bandsWith(probe), frequenciesHz, sampleRate);
      return centred(moved.map((value, i) => value - current[i]!));
    });
    const step = ridgeSolve(shapes, residual, RIDGE * frequenciesHz.length, gains);
    for (let k = 0; k < gains.length; k++) {
      gains[k] = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, gains[k]! + step[k]!));
    }
  }
  return bandsWith(gains)
    .map((band) => ({ ...band, gainDb: Math.round(band.gainDb * 10) / 10 }))
    .filter((band) => band.gainDb !== 0);
}

function centred(values: readonly number[]): number[] {
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return values.map((value) => value - mean);
}

/**
 * Solves (SᵀS + λI) Δ = Sᵀr − λ g for the gain step Δ (the ridge penalises the total gain g + Δ),
 * by Gaussian elimination with partial pivoting; `shapes[k]` is column k of S.
 */
function ridgeSolve(
  shapes: readonly number[][],
  residual: readonly number[],
  lambda: number,
  gains: readonly number[],
): number[] {
  const n = shapes.length;
  const m: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (let j = 0; j < n; j++) row.push(dot(shapes[i]!, shapes[j]!) + (i === j ? lambda : 0));
    row.push(dot(shapes[i]!, residual) - lambda * gains[i]!);
    m.push(row);
  }
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c] = m[r]![c]! - factor * m[col]![c]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
