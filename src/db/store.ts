import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Db, DatabaseHandle, RowReader } from './database.js';
import type {
  AccountRow,
  ApiKeyRow,
  Database,
  DesignPreviewRow,
  GenerationRow,
  LedgerRow,
  PlanRow,
  ReservationRow,
  VoiceRow,
  WorkspaceMemberRow,
} from './schema.js';

export type { PlanRow, AccountRow, ApiKeyRow, LedgerRow, GenerationRow, VoiceRow, DesignPreviewRow, ReservationRow } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Exact-match filters of the generation history. */
export interface GenerationFilters {
  voice_id?: string;
  model?: string;
  status?: GenerationRow['status'];
}
export type MembershipRow = WorkspaceMemberRow & { owner_account_id: string; workspace_name: string };

/**
 * Data access shared by the SQLite and PostgreSQL adapters (Kysely compiles each query for
 * the dialect). Domain services see only these methods, never SQL.
 */
export class Store {
  private readonly compiled = new Map<string, CompiledQuery>();

  /**
   * `rows`: the database's reader for hot single-row reads (SQLite), used outside transactions
   * only; a store made for a transaction reads through the transaction.
   */
  constructor(
    protected readonly db: Executor,
    private readonly rows: RowReader | null = null,
    /** The database's `commitWithoutWaiting` (`transaction`'s `waitForDisk: false`); by default it waits. */
    private readonly commitWithoutWaiting: DatabaseHandle['commitWithoutWaiting'] = async () => {},
  ) {}

  /**
   * A read of a hot path: compiled once under `name` (its parameters are placeholders, replaced by
   * `parameters` in the same order), run by the row reader when there is one, else by Kysely.
   * `one`: the first row, read now. `kept`: every row, which the row reader may answer from its
   * kept answers (never for points: they are read now, every time).
   */
  private async hotRead<R>(name: string, build: () => Compilable, parameters: unknown[], read: 'one'): Promise<R | undefined>;
  private async hotRead<R>(name: string, build: () => Compilable, parameters: unknown[], read: 'kept'): Promise<readonly R[]>;
  private async hotRead<R>(name: string, build: () => Compilable, parameters: unknown[], read: 'one' | 'kept') {
    let query = this.compiled.get(name);
    if (query === undefined) {
      query = build().compile();
      this.compiled.set(name, query);
    }
    if (this.rows) return read === 'one' ? this.rows.one(query.sql, parameters) : this.rows.allKept(query.sql, parameters);
    const { rows } = await this.db.executeQuery({ ...query, parameters });
    return read === 'one' ? rows[0] : rows;
  }

  /** Runs `fn` in one transaction (all or nothing), on disk when it resolves; `waitForDisk: false`: see the constructor. */
  async transaction<T>(fn: (store: Store) => Promise<T>, options: { waitForDisk?: boolean } = {}): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return (this.db as Db).transaction().execute(async (trx) => {
      if (options.waitForDisk === false) await this.commitWithoutWaiting(trx);
      return fn(new Store(trx));
    });
  }

  // ── plans ────────────────────────────────────────────────────────────────────────────
  listPlans(): Promise<PlanRow[]> {
    return this.db.selectFrom('plans').selectAll().orderBy('name').execute();
  }
  findPlan(name: string): Promise<PlanRow | undefined> {
    return this.db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst();
  }
  async upsertPlan(plan: PlanRow): Promise<void> {
    const existing = await this.findPlan(plan.name);
    if (existing) {
      const { name, created_at: _created, ...changes } = plan;
      await this.db.updateTable('plans').set(changes).where('name', '=', name).execute();
    } else {
      await this.db.insertInto('plans').values(plan).execute();
    }
  }

  // ── accounts ─────────────────────────────────────────────────────────────────────────
  async insertAccount(account: AccountRow): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }
  /**
   * The balance alone (ping, on every call): one column, compiled once, read by the row reader
   * when there is one. Points are never cached: this reads the committed balance each time.
   */
  async findPoints(id: string): Promise<number | undefined> {
    const build = () => this.db.selectFrom('accounts').select('points').where('id', '=', '');
    const row = await this.hotRead<{ points: number | bigint }>('points', build, [id], 'one');
    return row ? Number(row.points) : undefined;
  }
  findAccount(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }
  listAccounts(): Promise<AccountRow[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('created_at').execute();
  }
  async updateAccount(id: string, changes: Partial<Omit<AccountRow, 'id' | 'points'>>): Promise<void> {
    await this.db.updateTable('accounts').set(changes).where('id', '=', id).execute();
  }
  /**
   * Adds `delta` to the balance, refusing to go below zero. Returns the new balance, or
   * null when the guard refused (not enough points) or the account does not exist.
   */
  async adjustPoints(accountId: string, delta: number): Promise<number | null> {
    let query = this.db
      .updateTable('accounts')
      .set((eb) => ({ points: eb('points', '+', delta) }))
      .where('id', '=', accountId);
    // The guard lives in the UPDATE itself, so concurrent debits cannot both pass a check.
    if (delta < 0) query = query.where('points', '>=', -delta);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    const row = await this.db.selectFrom('accounts').select('points').where('id', '=', accountId).executeTakeFirst();
    return row ? Number(row.points) : null;
  }
  /** Counts a created voice for lifetime slot caps. */
  async incrementCreated(accountId: string, column: 'clones_created' | 'designs_created'): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set((eb) => ({ [column]: eb(column, '+', 1) }))
      .where('id', '=', accountId)
      .execute();
  }

  // ── api keys ─────────────────────────────────────────────────────────────────────────
  async insertApiKey(key: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(key).execute();
  }
  findApiKey(id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }
  listApiKeys(accountId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }
  async revokeApiKey(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // ── ledger ───────────────────────────────────────────────────────────────────────────
  async insertLedger(row: LedgerRow): Promise<void> {
    await this.db.insertInto('ledger').values(row).execute();
  }
  listLedger(accountId: string, limit = 100): Promise<LedgerRow[]> {
    return this.db
      .selectFrom('ledger')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
  async ledgerSum(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
  ledgerForRef(refType: string, refId: string): Promise<LedgerRow[]> {
    return this.db
      .selectFrom('ledger')
      .selectAll()
      .where('ref_type', '=', refType)
      .where('ref_id', '=', refId)
      .orderBy('created_at')
      .execute();
  }

  // ── reservations ─────────────────────────────────────────────────────────────────────
  async insertReservation(row: ReservationRow): Promise<void> {
    await this.db.insertInto('reservations').values(row).execute();
  }
  findReservation(id: string): Promise<ReservationRow | undefined> {
    return this.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /**
   * Closes an open reservation. False when it was not open any more: the status guard sits in
   * the UPDATE, so a reservation is settled or refunded exactly once even across processes.
   */
  async closeReservation(id: string, status: 'settled' | 'refunded', at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('reservations')
      .set({ status, closed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  /** Open reservations taken by any process other than `holder`, oldest first. */
  listOpenReservations(exceptHolder: string): Promise<ReservationRow[]> {
    return this.db
      .selectFrom('reservations')
      .selectAll()
      .where('status', '=', 'open')
      .where('holder', '<>', exceptHolder)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  // ── generations ──────────────────────────────────────────────────────────────────────
  async insertGeneration(row: GenerationRow): Promise<void> {
    await this.db.insertInto('generations').values(row).execute();
  }
  /** The caller's generation, or undefined: other accounts' ids look exactly like missing ones. */
  findGeneration(id: string, accountId: string): Promise<GenerationRow | undefined> {
    return this.db
      .selectFrom('generations')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }
  findGenerationById(id: string): Promise<GenerationRow | undefined> {
    return this.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();
  }
  listGenerationsByStatus(status: GenerationRow['status']): Promise<GenerationRow[]> {
    return this.db.selectFrom('generations').selectAll().where('status', '=', status).orderBy('created_at').execute();
  }
  /**
   * One page of an account's generations, newest first, keyset-paged on (created_at, id): rows
   * strictly after `after` in that order, so inserts and deletes between pages never shift a page
   * the way an offset would. Filters are exact matches; `limit` rows at most.
   */
  listGenerations(
    accountId: string,
    options: { limit: number; after?: { created_at: string; id: string }; filters?: GenerationFilters },
  ): Promise<GenerationRow[]> {
    let query = this.db.selectFrom('generations').selectAll().where('account_id', '=', accountId);
    const { filters = {}, after } = options;
    if (filters.voice_id !== undefined) query = query.where('voice_id', '=', filters.voice_id);
    if (filters.model !== undefined) query = query.where('model', '=', filters.model);
    if (filters.status !== undefined) query = query.where('status', '=', filters.status);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.created_at),
          eb.and([eb('created_at', '=', after.created_at), eb('id', '<', after.id)]),
        ]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }
  async updateGeneration(id: string, changes: Partial<Omit<GenerationRow, 'id'>>): Promise<void> {
    await this.db.updateTable('generations').set(changes).where('id', '=', id).execute();
  }
  async deleteGeneration(id: string, accountId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('generations')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ── voices (slot accounting) ─────────────────────────────────────────────────────────
  async insertVoice(row: VoiceRow): Promise<void> {
    await this.db.insertInto('voices').values(row).execute();
  }
  findVoiceById(id: string): Promise<VoiceRow | undefined> {
    return this.db.selectFrom('voices').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /**
   * The caller's own voices, newest first, optionally of one type. Every voice listing reads these
   * (GET /api/v1/voices on each call): a hot read, on SQLite answered again from the last read
   * until the database may have changed (`KeptAnswers`). The rows are shared: never mutate them.
   */
  listVoices(accountId: string, type?: VoiceRow['type']): Promise<readonly VoiceRow[]> {
    const build = () => {
      let query = this.db.selectFrom('voices').selectAll().where('account_id', '=', '');
      if (type) query = query.where('type', '=', 'clone');
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    };
    return type
      ? this.hotRead<VoiceRow>('voices of a type', build, [accountId, type], 'kept')
      : this.hotRead<VoiceRow>('voices', build, [accountId], 'kept');
  }
  async deleteVoice(id: string, accountId: string, type: VoiceRow['type']): Promise<boolean> {
    const result = await this.db
      .deleteFrom('voices')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('type', '=', type)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
  /**
   * Takes the slot owner's row lock for the rest of the transaction (PostgreSQL row lock; SQLite
   * serializes writers anyway) by bumping its lifetime counter, so two concurrent creations
   * cannot both see the last free slot. Returns the counter's new value.
   */
  async claimSlot(ownerId: string, column: 'clones_created' | 'designs_created'): Promise<number> {
    await this.incrementCreated(ownerId, column);
    const row = await this.db.selectFrom('accounts').select(column).where('id', '=', ownerId).executeTakeFirst();
    return Number(row?.[column] ?? 0);
  }

  // ── design previews ──────────────────────────────────────────────────────────────────
  async insertPreview(row: DesignPreviewRow): Promise<void> {
    await this.db.insertInto('design_previews').values(row).execute();
  }
  findPreview(id: string): Promise<DesignPreviewRow | undefined> {
    return this.db.selectFrom('design_previews').selectAll().where('id', '=', id).executeTakeFirst();
  }
  listPreviews(accountId: string): Promise<DesignPreviewRow[]> {
    return this.db.selectFrom('design_previews').selectAll().where('account_id', '=', accountId).execute();
  }
  listPreviewBatch(batchId: string): Promise<DesignPreviewRow[]> {
    return this.db.selectFrom('design_previews').selectAll().where('batch_id', '=', batchId).execute();
  }
  async deletePreviews(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('design_previews').where('id', 'in', ids).execute();
  }
  listExpiredPreviews(now: string): Promise<DesignPreviewRow[]> {
    return this.db.selectFrom('design_previews').selectAll().where('expires_at', '<', now).execute();
  }

  /** The caller's own voice (clone or design), or undefined. */
  findVoice(id: string, accountId: string) {
    return this.db
      .selectFrom('voices')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async countVoicesForSlotOwner(ownerId: string, type: 'clone' | 'designed'): Promise<number> {
    const row = await this.db
      .selectFrom('voices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('slot_owner_id', '=', ownerId)
      .where('type', '=', type)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // ── workspaces ───────────────────────────────────────────────────────────────────────
  async insertWorkspace(row: { id: string; name: string; owner_account_id: string; created_at: string }) {
    await this.db.insertInto('workspaces').values(row).execute();
  }
  findWorkspace(id: string) {
    return this.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async insertMember(row: WorkspaceMemberRow): Promise<void> {
    await this.db.insertInto('workspace_members').values(row).execute();
  }
  findMembership(accountId: string): Promise<MembershipRow | undefined> {
    return this.db
      .selectFrom('workspace_members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select([
        'm.workspace_id',
        'm.account_id',
        'm.role',
        'm.created_at',
        'w.owner_account_id',
        'w.name as workspace_name',
      ])
      .where('m.account_id', '=', accountId)
      .executeTakeFirst();
  }
  findOwnedWorkspace(accountId: string) {
    return this.db.selectFrom('workspaces').selectAll().where('owner_account_id', '=', accountId).executeTakeFirst();
  }
}
