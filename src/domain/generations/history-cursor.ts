import { AppError } from '../../errors.js';

/**
 * The opaque `cursor` of `GET /api/v1/tts`: the (created_at, id) of the last row of a page,
 * as base64url JSON. Clients treat it as a token; it is checked strictly on the way back in so a
 * hand-edited value is a 400 `invalid_cursor`, never a query on arbitrary text.
 */
export interface CursorPosition {
  created_at: string;
  id: string;
}

/** ISO 8601 as `Date.toISOString()` writes it (what generation records store). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const GENERATION_ID = /^gen_[0-9a-z]{1,64}$/;
/** Longest cursor accepted, characters; real ones are about 70. */
const MAX_CURSOR_LENGTH = 200;

export function encodeCursor(row: CursorPosition): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  const invalid = () =>
    new AppError('invalid_cursor', 'cursor is not a value this service gave out; use next_cursor of the previous page');
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string') throw invalid();
  if (!ISO_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !GENERATION_ID.test(id)) throw invalid();
  return { created_at: createdAt, id };
}
