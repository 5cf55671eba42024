import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Random base36 string of `length` characters (about 5.17 bits each), without modulo bias. */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 252 = 7 × 36: bytes above it would favour the first characters of the alphabet.
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

/**
 * Typed, prefixed ids (`gen_…`, `acc_…`) keep logs and support conversations readable.
 * 20 random base36 characters ≈ 103 bits: unguessable enough to be used in links.
 */
export function newId(prefix: 'acc' | 'key' | 'gen' | 'voice' | 'led' | 'ws' | 'prev' | 'batch' | 'job' | 'res' | 'proc' | 'lex'): string {
  return `${prefix}_${randomToken(20)}`;
}
