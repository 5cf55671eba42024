import { KOKORO_SPEAKER_EMBEDDINGS, type StoredEmbedding } from './data/speaker-embeddings.js';

/**
 * How Kokoro's own voices sound to the speaker encoder (src/audio/analysis/speaker): the embedding of each
 * pack and of each catalog preset's blend, measured once on the probe text of its language
 * (bench/kokoro-speaker-embeddings.ts → data/speaker-embeddings.ts). A clone's instant fit ranks
 * them against its recording's embedding to pick the blends worth rendering (voice-fit.ts), so the
 * candidates it measures are the stock voices that already sound most like the speaker.
 */

export interface MeasuredBlend {
  /** The realization's `blend` parameter. */
  blend: string;
  /** Language tag it was measured speaking. */
  language: string;
  /** Unit vector, 256 values. */
  embedding: Float32Array;
}

/** `embedding` as stored in data/speaker-embeddings.ts (cosine error under 1e-4). */
export function storeEmbedding(blend: string, language: string, embedding: ArrayLike<number>): StoredEmbedding {
  const values = Array.from(embedding);
  const scale = Math.max(...values, 1e-9);
  const bytes = Buffer.from(values.map((v) => Math.max(0, Math.min(255, Math.round((v / scale) * 255)))));
  return { blend, language, scale: Number(scale.toFixed(6)), bytes: bytes.toString('base64') };
}

function load(stored: StoredEmbedding): MeasuredBlend {
  const bytes = Buffer.from(stored.bytes, 'base64');
  const values = Float32Array.from(bytes, (b) => (b / 255) * stored.scale);
  let norm = 0;
  for (const v of values) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  return { blend: stored.blend, language: stored.language, embedding: values.map((v) => v / norm) };
}

let measured: readonly MeasuredBlend[] | null = null;
let packs: Map<string, Float32Array> | null = null;

/**
 * A blend's embedding predicted from its packs' (their weighted mean, as a unit vector), or null when
 * a pack was not measured. Blends do not mix linearly in what they sound like (a 9-pack blend
 * predicted at 0.75 to a recording measured 0.66), but the prediction ranks which blends sound alike.
 */
export function predictedEmbedding(parts: ReadonlyArray<{ voice: string; weight: number }>): Float32Array | null {
  packs ??= new Map(measuredBlends().filter((m) => /^[a-z]{2}_[a-z]+:1$/.test(m.blend)).map((m) => [m.blend.slice(0, -2), m.embedding]));
  const sum = new Float32Array(256);
  for (const { voice, weight } of parts) {
    const e = packs.get(voice);
    if (e === undefined) return null;
    for (let i = 0; i < 256; i += 1) sum[i] = sum[i]! + weight * e[i]!;
  }
  let norm = 0;
  for (const v of sum) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  return sum.map((v) => v / norm);
}

/** Every measured pack and preset blend. */
export function measuredBlends(): readonly MeasuredBlend[] {
  measured ??= KOKORO_SPEAKER_EMBEDDINGS.map(load);
  return measured;
}
