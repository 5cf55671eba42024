import type { EngineRealization, VoiceSpace } from '../../engine.js';
import { formatStyleOffset, parseStyleOffset, STYLE_SIZE } from './blend.js';

/**
 * Kokoro's voices as a searchable space (`VoiceSpace`): the style vector (256 values, the first half
 * read by the decoder for timbre, the second by the prosody predictor) moved along the principal
 * directions of the 54 packs' styles, plus the in-model pitch factor.
 *
 * The packs' rows differ little within a pack (standard deviation 0.03, against 0.14 between packs,
 * and a pack's deviation from the others is alike at every row: correlation 0.92 between rows 50 and
 * 150), so one offset added to every row moves a voice as a whole (blend.ts, `style`). Each axis is
 * scaled to one standard deviation of the packs along it, so a point's length is in the units of the
 * spread of real voices (a pack lies about 4-5 such units from the packs' mean in 24 axes).
 *
 * The last axis is pitch: 1 unit = 2 semitones on the realization's `pitch` factor (within its
 * 0.67-1.5 reach), so a search can keep a voice on its recording's median F0 while timbre moves.
 *
 * A move changes only the decoder's half of the style (`TIMBRE_VALUES`); the prosody predictor's half
 * stays the voice's own, the instant fit's, so a search cannot fit prosody to its two probe sentences.
 * Measured on ten recordings (docs/voices.md, session 30) the change is about neutral: similarity,
 * F0 and naturalness moved both ways, within what one run varies by.
 */

/** Principal directions kept: 80 % of the packs' variance (the spectrum is flat: 30 keep 94 %). */
export const STYLE_AXES = 24;
const SEMITONES_PER_PITCH_UNIT = 2;
const MIN_PITCH = 0.67;
const MAX_PITCH = 1.5;
/**
 * Values of the style vector a move changes: the first half, which the decoder reads (timbre). The
 * second half drives the prosody predictor (durations, F0 contour, energy) and stays the voice's own.
 */
const TIMBRE_VALUES = STYLE_SIZE / 2;
/** Rows averaged per pack: the lengths (in phoneme ids) sentences usually have. */
const ROWS = [20, 200] as const;

/** The voice space spanned by `packs` (each Float32 [rows, 256]). */
export function kokoroVoiceSpace(packs: readonly Float32Array[], axes = STYLE_AXES): VoiceSpace {
  const directions = styleAxes(packs, axes);
  return {
    dimensions: directions.length + 1,
    move<V extends EngineRealization>(voice: V, point: readonly number[]): V {
      const params = { ...voice.params };
      const style = typeof params['style'] === 'string' ? parseStyleOffset(params['style']) : new Float32Array(STYLE_SIZE);
      directions.forEach((axis, j) => {
        const z = point[j] ?? 0;
        if (z !== 0) for (let i = 0; i < TIMBRE_VALUES; i += 1) style[i] = style[i]! + z * axis[i]!;
      });
      params['style'] = formatStyleOffset(style);
      const semitones = SEMITONES_PER_PITCH_UNIT * (point[directions.length] ?? 0);
      if (semitones !== 0) {
        const current = typeof params['pitch'] === 'number' ? params['pitch'] : 1;
        const pitch = Math.min(MAX_PITCH, Math.max(MIN_PITCH, current * 2 ** (semitones / 12)));
        params['pitch'] = Number(pitch.toFixed(4));
      }
      return { ...voice, params };
    },
    spreadFrom(voice: EngineRealization): (point: readonly number[]) => number {
      // The voice's own style offset (an instant clone's move toward its speaker) in axis units, plus
      // the point at its full length: a move changes only the timbre half, so this counts it a little
      // long (the safe side of a naturalness guard).
      const style = typeof voice.params?.['style'] === 'string' ? parseStyleOffset(voice.params['style']) : null;
      const own = directions.map((axis) => (style === null ? 0 : along(style, axis)));
      return (point) => Math.hypot(...own.map((z, j) => z + (point[j] ?? 0)));
    },
  };
}

/** The coordinate of `offset` along `axis` (the axes are orthogonal, each one unit long in its own scale). */
function along(offset: Float32Array, axis: Float64Array): number {
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < STYLE_SIZE; i += 1) {
    dot += offset[i]! * axis[i]!;
    norm += axis[i]! ** 2;
  }
  return norm > 0 ? dot / norm : 0;
}

/** The space's axes in style values (each 256 long): the packs' leading principal directions. */
export function styleAxes(packs: readonly Float32Array[], axes = STYLE_AXES): Float64Array[] {
  return principalDirections(packs.map(meanRow), axes);
}

/** A pack's mean style over the rows sentences use. */
function meanRow(pack: Float32Array): Float64Array {
  const rows = pack.length / STYLE_SIZE;
  const [from, to] = [Math.min(ROWS[0], rows - 1), Math.min(ROWS[1], rows)];
  const out = new Float64Array(STYLE_SIZE);
  for (let r = from; r < to; r += 1) for (let i = 0; i < STYLE_SIZE; i += 1) out[i]! += pack[r * STYLE_SIZE + i]! / (to - from);
  return out;
}

/**
 * The `count` leading principal directions of `samples`, each scaled to the samples' standard
 * deviation along it and signed so its largest component is positive (the same axes on every
 * machine). With fewer samples than dimensions the eigenvectors come from the n × n Gram matrix.
 */
export function principalDirections(samples: readonly Float64Array[], count: number): Float64Array[] {
  const n = samples.length;
  const size = samples[0]?.length ?? 0;
  const mean = new Float64Array(size);
  for (const s of samples) for (let i = 0; i < size; i += 1) mean[i]! += s[i]! / n;
  const centred = samples.map((s) => s.map((v, i) => v - mean[i]!));
  const gram = new Array<number>(n * n);
  for (let a = 0; a < n; a += 1) {
    for (let b = a; b < n; b += 1) {
      let dot = 0;
      for (let i = 0; i < size; i += 1) dot += centred[a]![i]! * centred[b]![i]!;
      gram[a * n + b] = dot;
      gram[b * n + a] = dot;
    }
  }
  const { values, vectors } = jacobiEigen(gram, n);
  const order = values.map((value, index) => ({ value, index })).sort((x, y) => y.value - x.value);
  return order.slice(0, Math.min(count, n - 1)).map(({ value, index }) => {
    // u = Xᵀv / √λ is the covariance's unit eigenvector; its scale is √(λ / (n − 1)).
    const axis = new Float64Array(size);
    for (let s = 0; s < n; s += 1) {
      const weight = vectors[s * n + index]!;
      for (let i = 0; i < size; i += 1) axis[i]! += weight * centred[s]![i]!;
    }
    const scale = Math.sqrt(value / (n - 1)) / Math.sqrt(Math.max(value, 1e-30));
    let largest = 0;
    for (const v of axis) if (Math.abs(v) > Math.abs(largest)) largest = v;
    const sign = largest < 0 ? -1 : 1;
    return axis.map((v) => sign * scale * v);
  });
}

/** Eigenvalues and eigenvectors (columns, row-major) of a symmetric n × n matrix by cyclic Jacobi rotations. */
function jacobiEigen(matrix: readonly number[], n: number): { values: number[]; vectors: number[] } {
  const a = [...matrix];
  const v = new Array<number>(n * n).fill(0);
  for (let i = 0; i < n; i += 1) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let off = 0;
    let diagonal = 0;
    for (let p = 0; p < n; p += 1) {
      diagonal += a[p * n + p]! ** 2;
      for (let q = p + 1; q < n; q += 1) off += a[p * n + q]! ** 2;
    }
    if (off <= 1e-24 * diagonal) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        const apq = a[p * n + q]!;
        if (apq === 0) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k += 1) {
          const [kp, kq] = [a[k * n + p]!, a[k * n + q]!];
          a[k * n + p] = c * kp - s * kq;
          a[k * n + q] = s * kp + c * kq;
        }
        for (let k = 0; k < n; k += 1) {
          const [pk, qk] = [a[p * n + k]!, a[q * n + k]!];
          a[p * n + k] = c * pk - s * qk;
          a[q * n + k] = s * pk + c * qk;
        }
        for (let k = 0; k < n; k += 1) {
          const [kp, kq] = [v[k * n + p]!, v[k * n + q]!];
          v[k * n + p] = c * kp - s * kq;
          v[k * n + q] = s * kp + c * kq;
        }
      }
    }
  }
  return { values: Array.from({ length: n }, (_, i) => a[i * n + i]!), vectors: v };
}
