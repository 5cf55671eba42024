import { createHash } from 'node:crypto';
import type { IdempotencyKeyRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** How long a key's response is replayed (and the key refused for another body), in ms. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** One stored key: the row of `idempotency_keys` (db/schema.ts) as the adapter keeps it. */
export type IdempotencyRecord = IdempotencyKeyRow;

/** The storage port (`db/idempotency-store.ts`). */
export interface IdempotencyRecords {
  insertIfAbsent(row: IdempotencyRecord): Promise<boolean>;
  find(accountId: string, key: string): Promise<IdempotencyRecord | undefined>;
  complete(
    accountId: string,
    key: string,
    holder: string,
    response: Pick<IdempotencyRecord, 'response_status' | 'response_headers' | 'response_body' | 'response_encoding'>,
  ): Promise<boolean>;
  release(accountId: string, key: string, holder: string): Promise<void>;
  deleteExpired(accountId: string, key: string, createdAt: string): Promise<void>;
  otherHolders(holder: string): Promise<string[]>;
  releaseHolder(holder: string): Promise<number>;
  deleteAllExpired(now: string): Promise<number>;
}

/** A response as it is replayed: status, the headers worth repeating, the exact body bytes. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A claim on a key this process holds while its request runs. */
export interface IdempotencyTicket {
  readonly accountId: string;
  readonly key: string;
}

export type Claim = { kind: 'run'; ticket: IdempotencyTicket } | { kind: 'replay'; response: StoredResponse };

/**
 * Stripe-style idempotency keys: the first request with a key runs and its successful response is
 * stored; a retry with the same key and the same request gets that response again without running
 * (no second charge, no second record); the same key with another request is refused (422); a
 * retry while the first still runs is refused (409). A request that fails frees its key: the
 * domain refunds failed paid work and writes no record, so running it again is safe.
 */
export class IdempotencyService {
  /**
   * Claims this process holds or is taking right now, with their fingerprints; an `in_progress`
   * row of ours not in here was lost.
   */
  private readonly live = new Map<string, string>();

  constructor(
    private readonly records: IdempotencyRecords,
    /** This process's mark (the ledger's holder id), so start-up can release a dead process's claims. */
    private readonly holder: string,
    private readonly now: () => number = Date.now,
    /** Whether another process still runs (its lease is held); alone, every other holder is gone. */
    private readonly isAlive: (holder: string) => Promise<boolean> = async () => false,
  ) {}

  /** What "the same request" means: method, route and the JSON body with its keys sorted. */
  static fingerprint(method: string, route: string, body: unknown): string {
    return createHash('sha256').update(`${method} ${route}\n${canonicalJson(body)}`).digest('hex');
  }

  async claim(accountId: string, key: string, fingerprint: string): Promise<Claim> {
    // Another request of this process holds the key, or is claiming it right now: refused before
    // any query, so two requests racing in one process never both see the row as "ours, not live".
    const id = liveId(accountId, key);
    const held = this.live.get(id);
    if (held !== undefined) throw held === fingerprint ? inUse() : reused();
    this.live.set(id, fingerprint);
    try {
      const claim = await this.claimRow(accountId, key, fingerprint);
      if (claim.kind !== 'run') this.live.delete(id);
      return claim;
    } catch (err) {
      this.live.delete(id);
      throw err;
    }
  }

  /** The row-level claim; the caller has marked the key live in this process. */
  private async claimRow(accountId: string, key: string, fingerprint: string): Promise<Claim> {
    // Twice at most: once more after deleting an expired row that still held the key.
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = this.now();
      const inserted = await this.records.insertIfAbsent({
        account_id: accountId,
        key,
        fingerprint,
        status: 'in_progress',
        holder: this.holder,
        response_status: null,
        response_headers: null,
        response_body: null,
        response_encoding: null,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + IDEMPOTENCY_TTL_MS).toISOString(),
      });
      if (inserted) return { kind: 'run', ticket: { accountId, key } };

      const row = await this.records.find(accountId, key);
      if (!row) continue; // released between the insert and the read
      if (row.expires_at <= new Date(now).toISOString()) {
        await this.records.deleteExpired(accountId, key, row.created_at);
        continue;
      }
      if (row.fingerprint !== fingerprint) throw reused();
      if (row.status === 'completed') return { kind: 'replay', response: replayOf(row) };
      // Ours, and no request of this process had it live: storing its outcome failed. Take it
      // back rather than leave it stuck until a restart.
      if (row.holder === this.holder) return { kind: 'run', ticket: { accountId, key } };
      throw inUse();
    }
    throw new AppError('idempotency_key_in_use', 'This Idempotency-Key is changing hands; retry shortly');
  }

  /** Stores the response to replay. */
  async complete(ticket: IdempotencyTicket, response: StoredResponse): Promise<void> {
    try {
      const utf8 = isUtf8Text(response);
      await this.records.complete(ticket.accountId, ticket.key, this.holder, {
        response_status: response.status,
        response_headers: JSON.stringify(response.headers),
        response_body: response.body.toString(utf8 ? 'utf8' : 'base64'),
        response_encoding: utf8 ? 'utf8' : 'base64',
      });
    } finally {
      this.live.delete(liveId(ticket.accountId, ticket.key));
    }
  }

  /** Frees the key: the request failed and left nothing to replay. */
  async release(ticket: IdempotencyTicket): Promise<void> {
    try {
      await this.records.release(ticket.accountId, ticket.key, this.holder);
    } finally {
      this.live.delete(liveId(ticket.accountId, ticket.key));
    }
  }

  /**
   * Frees the claims of processes that died mid-request (holders whose lease is gone, as points
   * reconciliation treats reservations). Call right after `PointsLedger.reconcile`, which has by
   * then refunded or settled their paid work.
   */
  async releaseAbandoned(): Promise<number> {
    let released = 0;
    for (const holder of await this.records.otherHolders(this.holder)) {
      if (!(await this.isAlive(holder))) released += await this.records.releaseHolder(holder);
    }
    return released;
  }

  /** Deletes keys older than 24 h. */
  sweepExpired(): Promise<number> {
    return this.records.deleteAllExpired(new Date(this.now()).toISOString());
  }
}

const liveId = (accountId: string, key: string) => `${accountId}\n${key}`;

const reused = () =>
  new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request; use a new key for a new request',
  );

const inUse = () =>
  new AppError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry after it finishes');

function replayOf(row: IdempotencyRecord): StoredResponse {
  return {
    status: row.response_status ?? 200,
    headers: JSON.parse(row.response_headers ?? '{}') as Record<string, string>,
    body: Buffer.from(row.response_body ?? '', row.response_encoding === 'base64' ? 'base64' : 'utf8'),
  };
}

/** JSON and other text bodies are kept readable; audio and other binary bodies as base64. */
function isUtf8Text(response: StoredResponse): boolean {
  const type = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  return /^(application\/json|text\/)/i.test(type) && response.body.equals(Buffer.from(response.body.toString('utf8'), 'utf8'));
}

/** JSON with object keys sorted at every level, so key order does not make two bodies differ. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
