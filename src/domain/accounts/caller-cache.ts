import type { PlanRow } from '../../db/store.js';

/** Who is calling and under which plan: the result of authenticating an API key. */
export interface Caller {
  accountId: string;
  keyId: string;
  /** The account whose plan, slot limits and design balance apply (workspace owner or self). */
  ownerAccountId: string;
  plan: PlanRow;
  workspace: { id: string; role: string; ownerAccountId: string } | null;
}

/**
 * How a change to keys, accounts, plans or workspaces reaches every process that caches callers.
 * Implemented by infrastructure (PostgreSQL LISTEN/NOTIFY) and chosen by the container.
 */
export interface CallerChanges {
  /** Tells every process (this one included) that cached callers may be stale. */
  publish(reason: string): Promise<void>;
  /**
   * Calls `onChange` for every published change, from any process. `onLive(false)` when changes
   * can no longer be heard (connection lost), `onLive(true)` once they can again.
   */
  subscribe(onChange: (reason: string) => void, onLive: (live: boolean) => void): Promise<void>;
  close(): Promise<void>;
}

export interface CallerCacheOptions {
  /**
   * How long an entry is trusted without hearing of changes, in ms. With a live change channel a
   * change arrives in milliseconds, so this only bounds the damage of a lost message; without one
   * (a lost connection) nothing is cached at all.
   */
  ttlMs: number;
  /**
   * A counter that moves when another process committed to the database (SQLite's data_version),
   * read by a lookup at most once per `commitCheckMs`: the admin CLI's changes apply within that.
   */
  commitsElsewhere?: (() => number) | null;
  /**
   * How often `commitsElsewhere` is read, in ms (default 100). Reading it on every lookup was 5 %
   * of an authenticated ping's CPU; a revocation must take effect within a second.
   */
  commitCheckMs?: number;
  /** Entries kept at most (one per API key in use); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  /** SHA-256 of the whole key: a cached key id alone must never authenticate. */
  keyDigest: Buffer;
  caller: Caller;
  expiresAt: number;
}

/**
 * API key id → authenticated caller (account, owner, plan, workspace membership), so a request
 * does not run four queries before its handler. Never holds points or slot usage: those are
 * read from the database where they are needed.
 *
 * Correctness: every change clears the whole cache (changes are rare admin operations) and bumps
 * a generation; a lookup that started before a clear does not store its (possibly stale) result.
 * While the change channel is down nothing is cached at all.
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private live: boolean;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly commitsElsewhere: (() => number) | null;
  private seenCommits: number | null = null;
  private readonly commitCheckMs: number;
  private nextCommitCheck = 0;

  constructor(options: CallerCacheOptions, live = true) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
    this.commitsElsewhere = options.commitsElsewhere ?? null;
    this.commitCheckMs = options.commitCheckMs ?? 100;
    this.live = live;
  }

  /** The cached caller of `keyId`, with the key digest it was stored under. */
  get(keyId: string): { keyDigest: Buffer; caller: Caller } | undefined {
    const now = this.now();
    if (this.commitsElsewhere && now >= this.nextCommitCheck) {
      this.nextCommitCheck = now + this.commitCheckMs;
      const commits = this.commitsElsewhere();
      if (commits !== this.seenCommits) {
        this.seenCommits = commits;
        this.clear();
        return undefined;
      }
    }
    const entry = this.entries.get(keyId);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(keyId);
      return undefined;
    }
    return entry;
  }

  /** A token to pass to `set`: taken before reading the database. */
  begin(): number {
    return this.generation;
  }

  /** Stores what was read since `begin()`, unless a change came in meanwhile. */
  set(token: number, keyId: string, keyDigest: Buffer, caller: Caller): void {
    if (!this.live || token !== this.generation || this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(keyId, { keyDigest, caller, expiresAt: this.now() + this.ttlMs });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Down: everything cached may miss a change, so drop it and cache nothing until up again. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
