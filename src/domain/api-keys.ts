import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../ids.js';

/**
 * API keys look like `vl_<12-char id>_<40-char secret>`. The id part finds the row; the stored
 * SHA-256 of the whole key is then compared in constant time. The key itself is never stored.
 */
const KEY_PATTERN = /^vl_([0-9a-z]{12})_([0-9a-z]{40})$/;

export interface NewApiKey {
  id: string;
  key: string;
  hash: string;
  hint: string;
}

export function generateApiKey(): NewApiKey {
  const idPart = randomToken(12);
  const key = `vl_${idPart}_${randomToken(40)}`;
  return { id: `key_${idPart}`, key, hash: hashSecret(key), hint: key.slice(0, 10) };
}

/** The key id a presented key claims, or null when it is not shaped like one of ours. */
export function keyIdOf(presented: string): string | null {
  const match = KEY_PATTERN.exec(presented);
  return match ? `key_${match[1]}` : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with a stored SHA-256 hex digest. */
export function secretMatches(presented: string, storedHashHex: string): boolean {
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = Buffer.from(storedHashHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
