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
