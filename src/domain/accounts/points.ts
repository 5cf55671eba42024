import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ReservationRow, Store } from '../../db/store.js';

export interface LedgerRef {
  type: string;
  id: string;
}

/**
 * Points taken before work starts, recorded durably in the same transaction as the debit (a
 * `reservations` row), so a crash mid-work cannot lose them: start-up reconciliation settles or
 * refunds every reservation a dead process left open.
 */
export interface Reservation {
  readonly id: string;
  readonly accountId: string;
  readonly amount: number;
  /** Neither settled nor refunded yet. */
  readonly open: boolean;
  /**
   * In ONE transaction: closes the reservation as settled, runs `commit` (which writes the
   * finished result's rows), and refunds what `finalAmount` (default: all) does not keep.
   * Throws if the reservation is no longer open (it was refunded meanwhile).
   */
  settle(finalAmount?: number, commit?: (tx: Store) => Promise<void>): Promise<void>;
  /** Returns the whole reservation to the balance in one transaction. Idempotent. */
  refund(reason?: string): Promise<void>;
}

/** Options of paid work (`PointsLedger.charge`, `begin`). */
export interface PaidWorkOptions {
  /** Blob keys the work may write before it settles: reconciliation removes them after a crash. */
  artifacts?: string[];
  /** Removes what the work may have left when it does not settle (after the refund). */
  undo?: () => Promise<void>;
}

/** A reservation and the end of the work it pays for (`PointsLedger.begin`). */
export interface PaidWork {
  readonly reservation: Reservation;
  /** Refunds and undoes unless the reservation was settled; nothing once it is closed. */
  finish(): Promise<void>;
}

/** What reconciliation needs to know about one kind of paid work, keyed by the reservation's ref_type. */
export interface ReservationKind {
  /** True when the work's result committed; the reservation is then settled instead of refunded. */
  finished(row: ReservationRow): Promise<boolean>;
  /** Removes whatever the abandoned work may have written (spool files, blobs). Idempotent. */
  discard(row: ReservationRow): Promise<void>;
}

export interface ReconcileResult {
  settled: ReservationRow[];
  refunded: ReservationRow[];
}

/** Callbacks told of committed balance changes, by the ref type of what they paid for. */
export interface LedgerObserver {
  charged?(points: number, kind: string): void;
  refunded?(points: number, kind: string): void;
}

/** Ledger reason suffix of a refund made because the process holding the work died. */
export const INTERRUPTED_REFUND = 'refund:interrupted';

/**
 * The points ledger. Every balance change is a ledger row written in the same transaction as a
 * guarded balance update (`points >= cost` inside the UPDATE), so concurrent requests never
 * overdraw and the ledger always sums to the balance.
 */
export class PointsLedger {
  /** This process's mark on the reservations it takes; reconciliation leaves them alone. */
  readonly holder: string;
  private readonly isAlive: (holder: string) => Promise<boolean>;

  /**
   * @param options.isAlive whether the process that took a reservation still runs (its lease,
   *   see DatabaseHandle.processAlive). Without it every other holder counts as gone: right for
   *   one process per database (SQLite), where start-up is the only moment to reconcile.
   * @param observe told of points taken and given back once their transaction committed (metrics).
   */
  constructor(
    private readonly store: Store,
    options: { holder?: string; isAlive?: (holder: string) => Promise<boolean> } = {},
    private readonly observe: LedgerObserver = {},
  ) {
    this.holder = options.holder ?? newId('proc');
    this.isAlive = options.isAlive ?? (async () => false);
  }

  /** Adds (positive) or removes (negative) points; a removal the balance cannot cover throws 402. */
  async apply(accountId: string, delta: number, reason: string, ref?: LedgerRef): Promise<number> {
    const balance = await this.store.transaction((tx) => applyIn(tx, accountId, delta, reason, ref));
    if (delta < 0) this.observe.charged?.(-delta, ref?.type ?? 'manual');
    return balance;
  }

  debit(accountId: string, amount: number, reason: string, ref?: LedgerRef): Promise<number> {
    return this.apply(accountId, -amount, reason, ref);
  }

  credit(accountId: string, amount: number, reason: string, ref?: LedgerRef): Promise<number> {
    return this.apply(accountId, amount, reason, ref);
  }

  /**
   * Paid work, the one way every paid route charges: reserves `amount` (402 when the balance cannot
   * cover it, before any work), runs `work` with the reservation, which settles it together with its
   * record's commit (`reservation.settle(points, commit)`). When `work` throws, or returns without
   * settling (nothing to record), every point goes back and then `undo` removes what the work may
   * have left (spool files, stored audio). A crash in between leaves the reservation open for
   * reconciliation, which does the same.
   */
  async charge<T>(
    accountId: string,
    amount: number,
    reason: string,
    ref: LedgerRef,
    work: (reservation: Reservation) => Promise<T>,
    options: PaidWorkOptions = {},
  ): Promise<T> {
    const paid = await this.begin(accountId, amount, reason, ref, options);
    try {
      return await work(paid.reservation);
    } finally {
      await paid.finish();
    }
  }

  /**
   * `charge` for work its consumer drives (audio read as a pull stream): the reservation now, and
   * `finish()` for when the consumer is done, read to the end or not, which gives every point back
   * and runs `undo` unless the work settled. Idempotent.
   */
  async begin(accountId: string, amount: number, reason: string, ref: LedgerRef, options: PaidWorkOptions = {}): Promise<PaidWork> {
    const reservation = await this.reserve(accountId, amount, reason, ref, options);
    return {
      reservation,
      finish: async () => {
        if (!reservation.open) return;
        await reservation.refund();
        await options.undo?.();
      },
    };
  }

  /**
   * Debits `amount` (402 when the balance cannot cover it) and records the reservation in the
   * same transaction. `artifacts` names the blob keys the work may write before it settles, so
   * reconciliation can remove them if the process dies.
   */
  async reserve(
    accountId: string,
    amount: number,
    reason: string,
    ref: LedgerRef,
    options: { artifacts?: string[] } = {},
  ): Promise<Reservation> {
    const id = newId('res');
    // Not waited onto the disk: no one is answered on the strength of a reservation alone. Its
    // settlement or refund commits, waited, before that, and makes it durable too. A crash of this
    // process keeps it either way (the commit is in the log); a power loss (on PostgreSQL, a server
    // crash) before then takes it with its debit, and its settlement then fails: nothing is charged.
    await this.store.transaction(async (tx) => {
      if (amount > 0) await applyIn(tx, accountId, -amount, reason, ref);
      await tx.insertReservation({
        id,
        account_id: accountId,
        amount,
        reason,
        ref_type: ref.type,
        ref_id: ref.id,
        status: 'open',
        holder: this.holder,
        artifacts: JSON.stringify(options.artifacts ?? []),
        created_at: new Date().toISOString(),
        closed_at: null,
      });
    }, { waitForDisk: false });
    if (amount > 0) this.observe.charged?.(amount, ref.type);
    let open = true;
    return {
      id,
      accountId,
      amount,
      get open() {
        return open;
      },
      settle: async (finalAmount = amount, commit) => {
        const back = amount - Math.max(0, Math.min(amount, finalAmount));
        await this.store.transaction(async (tx) => {
          if (!(await tx.closeReservation(id, 'settled', new Date().toISOString()))) {
            throw new Error(`reservation ${id} is no longer open`);
          }
          if (commit) await commit(tx);
          if (back > 0) await applyIn(tx, accountId, back, `${reason}:adjust`, ref);
        });
        open = false;
        if (back > 0) this.observe.refunded?.(back, ref.type);
      },
      refund: async (why = `${reason}:refund`) => {
        await this.refundRow({ id, account_id: accountId, amount, ref_type: ref.type, ref_id: ref.id }, why);
        open = false;
      },
    };
  }

  /**
   * Closes every reservation a dead process left open: settled when its result had in fact
   * committed, otherwise its leftovers are removed and its points refunded with the reason
   * `<reason>:refund:interrupted`. Reservations of live processes (this one, and across processes
   * every holder whose lease is held) are left alone. Run at start and, with several processes
   * on one database, periodically; concurrent runs close each reservation once (guarded UPDATE).
   */
  async reconcile(kinds: Record<string, ReservationKind>): Promise<ReconcileResult> {
    const result: ReconcileResult = { settled: [], refunded: [] };
    const alive = new Map<string, boolean>();
    for (const row of await this.store.listOpenReservations(this.holder)) {
      if (!alive.has(row.holder)) alive.set(row.holder, await this.isAlive(row.holder));
      if (alive.get(row.holder)) continue;
      const kind = kinds[row.ref_type];
      if (kind && (await kind.finished(row))) {
        if (await this.store.closeReservation(row.id, 'settled', new Date().toISOString())) result.settled.push(row);
        continue;
      }
      // Leftovers go first: a crash between the two steps leaves the reservation open, so the
      // next start removes them again (idempotent) and then refunds.
      if (kind) await kind.discard(row);
      if (await this.refundRow(row, `${row.reason}:${INTERRUPTED_REFUND}`)) result.refunded.push(row);
    }
    return result;
  }

  /** Refund and closing in one transaction; false when the reservation was not open. */
  private async refundRow(
    row: Pick<ReservationRow, 'id' | 'account_id' | 'amount' | 'ref_type' | 'ref_id'>,
    reason: string,
  ): Promise<boolean> {
    const amount = Number(row.amount);
    const refunded = await this.store.transaction(async (tx) => {
      if (!(await tx.closeReservation(row.id, 'refunded', new Date().toISOString()))) return false;
      if (amount > 0) await applyIn(tx, row.account_id, amount, reason, { type: row.ref_type, id: row.ref_id });
      return true;
    });
    if (refunded && amount > 0) this.observe.refunded?.(amount, row.ref_type);
    return refunded;
  }
}

/** One balance change and its ledger row, inside the caller's transaction. */
async function applyIn(tx: Store, accountId: string, delta: number, reason: string, ref?: LedgerRef): Promise<number> {
  if (!Number.isInteger(delta)) throw new AppError('validation_error', 'Points must be a whole number');
  const balance = await tx.adjustPoints(accountId, delta);
  if (balance === null) {
    const account = await tx.findAccount(accountId);
    if (!account) throw new AppError('not_found', `Account ${accountId} not found`);
    throw new AppError('insufficient_points', `This needs ${-delta} points but the balance is ${account.points}`);
  }
  await tx.insertLedger({
    id: newId('led'),
    account_id: accountId,
    amount: delta,
    balance_after: balance,
    reason,
    ref_type: ref?.type ?? null,
    ref_id: ref?.id ?? null,
    created_at: new Date().toISOString(),
  });
  return balance;
}
