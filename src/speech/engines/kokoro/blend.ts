import { AppError } from '../../../errors.js';

/**
 * Voice blends: a Kokoro voice is a style pack (Float32 [rows, 256]); a blend is the weighted sum of
 * several packs, row by row, the way Kokoro-FastAPI's `af_bella(2)+af_sky(1)` mixes voices. Presets,
 * designs and clones are realized on Kokoro as blends fitted to their traits (voice-fit.ts).
 *
 * On the wire between the voice library and the engine a blend is the realization parameter
 * `blend`: `af_bella:0.6,af_sky:0.4` (weights are normalized to sum to 1).
 */

export interface BlendPart {
  voice: string;
  weight: number;
}

/** `af_bella:0.6,af_sky:0.4` → parts with weights summing to 1. Throws on a malformed blend. */
export function parseBlend(text: string): BlendPart[] {
  const parts = text
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => {
      const [voice = '', weight = '1'] = piece.split(':');
      return { voice: voice.trim().toLowerCase(), weight: Number(weight) };
    });
  const total = parts.reduce((sum, part) => sum + part.weight, 0);
  if (parts.length === 0 || parts.some((p) => !/^[a-z]{2}_[a-z]+$/.test(p.voice) || !(p.weight > 0)) || !(total > 0)) {
    throw new AppError('provider_error', `"${text}" is not a Kokoro voice blend (voice:weight,...)`);
  }
  return parts.map((part) => ({ voice: part.voice, weight: part.weight / total }));
}

/** `[{af_bella, 0.6}, {af_sky, 0.4}]` → `af_bella:0.6,af_sky:0.4` (weights to 3 decimals). */
export function formatBlend(parts: readonly BlendPart[]): string {
  return parts.map((part) => `${part.voice}:${Number(part.weight.toFixed(3))}`).join(',');
}

/** Values in one style vector (a pack's row). */
export const STYLE_SIZE = 256;

/**
 * A style offset: 256 float32 values added to every row of the blended pack, so a voice can sit
 * anywhere in Kokoro's style space, not only on blends of its packs (the clone refinement's search,
 * voice-space.ts). On the wire it is the realization parameter `style`: the little-endian float32
 * values in base64 (1,368 characters).
 */
export function parseStyleOffset(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== STYLE_SIZE * 4) {
    throw new AppError('provider_error', `A Kokoro style offset holds ${STYLE_SIZE} float32 values in base64`);
  }
  const out = new Float32Array(STYLE_SIZE);
  for (let i = 0; i < STYLE_SIZE; i += 1) out[i] = bytes.readFloatLE(i * 4);
  if (!out.every(Number.isFinite)) throw new AppError('provider_error', 'A Kokoro style offset holds a value that is not finite');
  return out;
}

/** The `style` parameter for an offset (`parseStyleOffset`'s inverse). */
export function formatStyleOffset(offset: ArrayLike<number>): string {
  const bytes = Buffer.alloc(STYLE_SIZE * 4);
  for (let i = 0; i < STYLE_SIZE; i += 1) bytes.writeFloatLE(offset[i] ?? 0, i * 4);
  return bytes.toString('base64');
}

/** `pack` with `offset` added to each of its rows (a new array). */
export function offsetPack(pack: Float32Array, offset: Float32Array): Float32Array {
  const out = pack.slice();
  for (let i = 0; i < out.length; i += 1) out[i] = out[i]! + offset[i % STYLE_SIZE]!;
  return out;
}

/** The weighted sum of equally shaped packs. */
export function mixPacks(packs: readonly Float32Array[], weights: readonly number[]): Float32Array {
  const length = Math.min(...packs.map((pack) => pack.length));
  const out = new Float32Array(length);
  packs.forEach((pack, index) => {
    const weight = weights[index] ?? 0;
    for (let i = 0; i < length; i += 1) out[i] = (out[i] ?? 0) + weight * (pack[i] ?? 0);
  });
  return out;
}
