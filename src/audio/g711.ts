/**
 * G.711 companding (ITU-T G.711, the 8-bit telephone codecs): A-law (Europe) and µ-law
 * (North America, Japan). Each 16-bit linear sample maps to one byte; both directions use
 * lookup tables built on first use (64 KiB per encoder, 256 entries per decoder) so that
 * encoding a minute of audio costs a few milliseconds.
 */

/** Which G.711 variant; also the WAV format tag family (A-law = 6, µ-law = 7). */
export type G711Law = 'alaw' | 'mulaw';

/** µ-law bias (0x84 = 132) added before the segment search, from the G.711 reference algorithm. */
const MULAW_BIAS = 0x84;
/** Largest magnitude µ-law can represent before clipping (14-bit range minus the bias). */
const MULAW_CLIP = 32635;

/** Encodes one 16-bit linear sample to A-law (even bits inverted with 0x55, as transmitted). */
function linearToAlaw(sample: number): number {
  let sign = 0x80;
  let magnitude = sample;
  if (magnitude < 0) {
    sign = 0;
    // A-law is sign-magnitude on 13 bits; -x - 1 keeps -32768 in range.
    magnitude = -magnitude - 1;
  }
  magnitude >>= 3; // 16-bit to 13-bit
  let code: number;
  if (magnitude < 32) {
    code = magnitude >> 1;
  } else {
    let segment = 1;
    while (segment < 7 && magnitude >= 64 << (segment - 1)) segment++;
    code = (segment << 4) | ((magnitude >> segment) & 0x0f);
  }
  return (code | sign) ^ 0x55;
}

/** Decodes one A-law byte to a 16-bit linear sample. */
function alawToLinear(byte: number): number {
  const value = byte ^ 0x55;
  const segment = (value >> 4) & 0x07;
  const mantissa = value & 0x0f;
  let magnitude = segment === 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (segment - 1);
  if ((value & 0x80) === 0) magnitude = -magnitude;
  return magnitude;
}

/** Encodes one 16-bit linear sample to µ-law (all bits inverted, as transmitted). */
function linearToMulaw(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  // One's complement for negatives (-x - 1), as the ITU-T G.191 reference encoder does.
  let magnitude = Math.min(sample < 0 ? -sample - 1 : sample, MULAW_CLIP) + MULAW_BIAS;
  let segment = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && segment > 0; mask >>= 1) segment--;
  magnitude = (magnitude >> (segment + 3)) & 0x0f;
  return ~(sign | (segment << 4) | magnitude) & 0xff;
}

/** Decodes one µ-law byte to a 16-bit linear sample. */
function mulawToLinear(byte: number): number {
  const value = ~byte & 0xff;
  const segment = (value >> 4) & 0x07;
  const magnitude = ((((value & 0x0f) << 3) + MULAW_BIAS) << segment) - MULAW_BIAS;
  return value & 0x80 ? -magnitude : magnitude;
}

const encodeTables: Partial<Record<G711Law, Uint8Array>> = {};
const decodeTables: Partial<Record<G711Law, Int16Array>> = {};

/** Table indexed by `int16 + 32768` giving the G.711 byte. */
function encodeTable(law: G711Law): Uint8Array {
  let table = encodeTables[law];
  if (!table) {
    const encodeOne = law === 'alaw' ? linearToAlaw : linearToMulaw;
    table = new Uint8Array(65536);
    for (let i = 0; i < 65536; i++) table[i] = encodeOne(i - 32768);
    encodeTables[law] = table;
  }
  return table;
}

/** Table indexed by the G.711 byte giving the 16-bit linear sample. */
export function g711DecodeTable(law: G711Law): Int16Array {
  let table = decodeTables[law];
  if (!table) {
    const decodeOne = law === 'alaw' ? alawToLinear : mulawToLinear;
    table = new Int16Array(256);
    for (let i = 0; i < 256; i++) table[i] = decodeOne(i);
    decodeTables[law] = table;
  }
  return table;
}

/** Encodes 16-bit linear samples to G.711 bytes, one byte per sample. */
export function encodeG711(samples: Int16Array, law: G711Law): Uint8Array {
  const table = encodeTable(law);
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = table[samples[i]! + 32768]!;
  return out;
}

/** Decodes G.711 bytes to 16-bit linear samples. */
export function decodeG711(bytes: Uint8Array, law: G711Law): Int16Array {
  const table = g711DecodeTable(law);
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = table[bytes[i]!]!;
  return out;
}
