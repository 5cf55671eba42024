import { STYLE_SIZE } from './blend.js';
import { KOKORO_STYLE_MAP, type StoredRow } from './data/style-map.js';

/**
 * What moving a Kokoro voice through its style space does to how it sounds to the speaker encoder
 * (src/audio/analysis/speaker), as a linear map fitted on rendered samples (bench/kokoro-style-map.ts
 * → data/style-map.ts): English packs moved by random offsets along the voice space's axes
 * (voice-space.ts) and pitch factors, each saying the probe's first sentence. For a pack whose own
 * embedding `e` was measured (speaker-embeddings.ts), moved by `δ` (axis units) and `s` semitones:
 *
 *     embedding ≈ e + W · [δ, s]
 *
 * Cross-validated on the 600 samples (5 folds), it predicts a moved voice's embedding at cosine 0.84
 * where the pack's own gives 0.79, and ranks which moved voices sound most like a given one far
 * better (correlation 0.78 against 0.60). Squared and pitch-interaction terms predicted worse. A
 * clone's instant fit uses it to move the packs that sound most like its recording toward the
 * recording before rendering anything (voice-fit.ts): the renders then decide.
 *
 * Its pitch row predicts how many semitones a move lifts the voice's median F0 (the mean over the
 * probe's two sentences), fitted on the first 300 samples: cross-validated R² 0.89, RMS error 2.1
 * semitones, where the sampled moves change F0 by 6 semitones (SD); a semitone of pitch factor lifts
 * it 0.93. Most of it lies on the first axis (−4.2 semitones per unit: the packs' main spread is
 * between men and women).
 */

/** Furthest a move goes from its pack, in pack standard deviations (a pack lies ~4-5 from the others' mean). */
const MAX_SPREAD = 4;
/** Cost per squared unit of move against predicted similarity: a small pull toward the pack itself. */
const SPREAD_COST = 0.002;
/**
 * Cost per squared semitone of F0 the move itself gives, beyond the lift asked of it, against
 * predicted similarity. The style's prosody half moves the predicted melody by an amount that
 * depends on the sentence (a move that lifted a man's pack 5 semitones on the probe lifted it 4-9 on
 * short sentences), where the in-model pitch factor moves every sentence alike: the pitch is left to
 * the factor wherever it reaches.
 */
const PITCH_COST = 0.01;
/**
 * Semitones of F0 a move may give, either way, before the pitch cost starts: charging every semitone
 * cost similarity (bench:clones medians 0.740 / 0.683 → 0.729 / 0.653) and F0 (section c 1.9 → 2.4 %).
 */
const PITCH_SLACK = 1;
const STEPS = 400;
const RATE = 0.5;

/** A style offset (`style` realization parameter) and the similarity predicted before and after it. */
export interface StyleMove {
  offset: Float32Array;
  /** Semitones of F0 the move itself is predicted to give (the pitch factor's apart). */
  pitchShift: number;
  /** Predicted similarity of the pack alone (at the same pitch) and of the moved voice. */
  from: number;
  to: number;
  /** Length of the move in pack standard deviations. */
  spread: number;
}

let loaded: { axes: Float32Array[]; rows: Float32Array[] } | null = null;

function map() {
  loaded ??= { axes: KOKORO_STYLE_MAP.axes.map(loadRow), rows: KOKORO_STYLE_MAP.rows.map(loadRow) };
  return loaded;
}

/**
 * The style offset that the map predicts makes a pack measured at `embedding` (unit vector) sound
 * most like `target` (unit vector), spoken `semitones` off its own pitch by the pitch factor, while
 * the move itself lifts its F0 by about `lift` semitones (0 unless the factor cannot reach the
 * pitch); gradient ascent on the predicted cosine, the move kept within `MAX_SPREAD`.
 */
export function styleTowardSpeaker(embedding: ArrayLike<number>, target: ArrayLike<number>, semitones: number, lift = 0): StyleMove {
  const { axes, rows } = map();
  const { pitch } = KOKORO_STYLE_MAP;
  const point = new Float64Array(axes.length);
  const pitchShift = () => point.reduce((sum, z, i) => sum + z * pitch[i]!, 0);
  const predict = () => {
    const e = Float64Array.from(embedding);
    const add = (row: Float32Array, by: number) => {
      if (by !== 0) for (let k = 0; k < e.length; k += 1) e[k]! += by * row[k]!;
    };
    point.forEach((z, i) => add(rows[i]!, z));
    add(rows[axes.length]!, semitones);
    return e;
  };
  const from = cosine(predict(), target);
  const gradient = new Float64Array(embedding.length);
  for (let step = 0; step < STEPS; step += 1) {
    const e = predict();
    let norm = 0;
    let dot = 0;
    for (let k = 0; k < e.length; k += 1) {
      norm += e[k]! ** 2;
      dot += e[k]! * target[k]!;
    }
    norm = Math.sqrt(norm);
    // d cos(e, t) / d e for a unit t.
    for (let k = 0; k < e.length; k += 1) gradient[k] = target[k]! / norm - (dot * e[k]!) / norm ** 3;
    const off = pitchShift() - lift;
    const miss = Math.sign(off) * Math.max(0, Math.abs(off) - PITCH_SLACK);
    for (let i = 0; i < point.length; i += 1) {
      let g = 0;
      const row = rows[i]!;
      for (let k = 0; k < row.length; k += 1) g += gradient[k]! * row[k]!;
      point[i]! += RATE * (g - 2 * SPREAD_COST * point[i]! - 2 * PITCH_COST * miss * pitch[i]!);
    }
    const spread = Math.hypot(...point);
    if (spread > MAX_SPREAD) for (let i = 0; i < point.length; i += 1) point[i]! *= MAX_SPREAD / spread;
  }
  // The whole style moves, its prosody half too. Moving the timbre half alone (the decoder's) was
  // tried: it kept the held-out similarity but left the pitch to the in-model factor, whose reach
  // (±6 semitones) a man's pack moved toward a woman's recording exceeds, so the rest became a PSOLA
  // shift and four of eight clones fell under NISQA 3.3 (docs/voices.md, "The style map").
  const offset = new Float32Array(STYLE_SIZE);
  point.forEach((z, j) => {
    const axis = axes[j]!;
    for (let i = 0; i < STYLE_SIZE; i += 1) offset[i] = offset[i]! + z * axis[i]!;
  });
  return { offset, pitchShift: pitchShift(), from, to: cosine(predict(), target), spread: Math.hypot(...point) };
}

/** Cosine of two vectors (kept here: the speaker encoder's module would pull its graph into voice fitting). */
function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let [dot, na, nb] = [0, 0, 0];
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb || 1);
}

/** `values` as stored in data/style-map.ts: each as a signed byte of the row's largest magnitude. */
export function storeRow(values: ArrayLike<number>): StoredRow {
  const list = Array.from(values);
  const scale = Math.max(...list.map(Math.abs), 1e-12);
  const bytes = Buffer.from(Int8Array.from(list, (v) => Math.round((v / scale) * 127)).buffer);
  return { scale: Number(scale.toPrecision(6)), bytes: bytes.toString('base64') };
}

/** A stored row's values. */
export function loadRow(stored: StoredRow): Float32Array {
  const bytes = Buffer.from(stored.bytes, 'base64');
  return Float32Array.from(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), (b) => (b / 127) * stored.scale);
}
