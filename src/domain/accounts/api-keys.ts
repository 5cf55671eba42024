import { hash, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../../ids.js';

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
  return hash('sha256', secret, 'hex');
}

/**
 * The SHA-256 digest of a stored hex hash, decoded once: what `digestMatches` compares with. The
 * caller cache keeps it so that a cached request hashes the presented key and nothing more.
 */
export function storedDigest(storedHashHex: string): Buffer {
  return Buffer.from(storedHashHex, 'hex');
}

/**
 * Constant-time comparison of a presented secret with a stored SHA-256 digest. One-shot
 * `crypto.hash`: a Hash object per request (createHash) was the largest cost of an authenticated
 * ping after the database read (bench/sections/http-hot-path.ts).
 */
export function digestMatches(presented: string, stored: Buffer): boolean {
  const a = hash('sha256', presented, 'buffer');
  return a.length === stored.length && timingSafeEqual(a, stored);
}

/** Constant-time comparison of a presented secret with a stored SHA-256 hex digest. */
export function secretMatches(presented: string, storedHashHex: string): boolean {
  return digestMatches(presented, storedDigest(storedHashHex));
}
