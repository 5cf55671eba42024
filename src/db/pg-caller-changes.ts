import type { Client } from 'pg';
import { sql } from 'kysely';
import type { Db } from './database.js';

/** The NOTIFY channel every API process listens on for key, account, plan and workspace changes. */
const CHANNEL = 'voicelib_callers';
/** Wait before listening again after the connection was lost, in ms. */
const RECONNECT_MS = 500;

/**
 * Caller changes over PostgreSQL LISTEN/NOTIFY: every process already shares the database, so no
 * other service is needed, and a NOTIFY reaches every listener in milliseconds. The listener holds
 * one connection of its own (LISTEN is per session, so not from the pool). It is the domain's
 * `CallerChanges` (domain/accounts/caller-cache.ts) by shape, checked where the container passes it
 * on, so the database adapters import nothing of the domain.
 */
export class PgCallerChanges {
  private client: Client | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly db: Db,
  ) {}

  async publish(reason: string): Promise<void> {
    // NOTIFY payloads are limited to 8,000 bytes; a reason is a short log line.
    await sql`select pg_notify(${CHANNEL}, ${reason.slice(0, 200)})`.execute(this.db);
  }

  async subscribe(onChange: (reason: string) => void, onLive: (live: boolean) => void): Promise<void> {
    // Loaded here like the pool's driver: a SQLite deployment never loads pg.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.url });
    let lost = false;
    const lose = () => {
      if (lost || this.closed) return;
      lost = true;
      this.client = null;
      onLive(false);
      client.end().catch(() => undefined);
      const retry = () => {
        if (this.closed) return;
        this.subscribe(onChange, onLive).catch(() => setTimeout(retry, RECONNECT_MS).unref());
      };
      setTimeout(retry, RECONNECT_MS).unref();
    };
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) onChange(message.payload ?? '');
    });
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Changes made while nobody listened were missed: whatever is cached is dropped by going live.
    onLive(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
