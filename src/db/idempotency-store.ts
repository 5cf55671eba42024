import type { Db } from './database.js';
import type { IdempotencyKeyRow } from './schema.js';

export type IdempotencyRow = IdempotencyKeyRow;

/** SQL of the `idempotency_keys` table (SQLite and PostgreSQL through Kysely). */
export class IdempotencyStore {
  constructor(private readonly db: Db) {}

  /** Inserts the claim unless the (account, key) row exists; true when this call inserted it. */
  async insertIfAbsent(row: IdempotencyRow): Promise<boolean> {
    const result = await this.db
      .insertInto('idempotency_keys')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  find(accountId: string, key: string): Promise<IdempotencyRow | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Stores the response of a claim this holder still has in progress; false if it lost the claim. */
  async complete(
    accountId: string,
    key: string,
    holder: string,
    response: Pick<IdempotencyRow, 'response_status' | 'response_headers' | 'response_body' | 'response_encoding'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({ ...response, status: 'completed' })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('holder', '=', holder)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }


  /** Deletes this holder's in-progress claim (the request failed; nothing to replay). */
  async release(accountId: string, key: string, holder: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('holder', '=', holder)
      .where('status', '=', 'in_progress')
      .execute();
  }

  /** Deletes the row if it is still the one created at `createdAt` (an expired row being replaced). */
  async deleteExpired(accountId: string, key: string, createdAt: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('created_at', '=', createdAt)
      .execute();
  }

  /** Holders of in-progress claims other than `holder`. */
  async otherHolders(holder: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('idempotency_keys')
      .select('holder')
      .distinct()
      .where('status', '=', 'in_progress')
      .where('holder', '<>', holder)
      .execute();
    return rows.map((r) => r.holder);
  }

  /** Deletes every in-progress claim held by `holder`; returns how many. */
  async releaseHolder(holder: string): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('status', '=', 'in_progress')
      .where('holder', '=', holder)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes rows whose `expires_at` is at or before `now`; returns how many. */
  async deleteAllExpired(now: string): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
