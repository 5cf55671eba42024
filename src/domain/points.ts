import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { Store } from '../db/store.js';

export interface LedgerRef {
  type: string;
  id: string;
}

/** A debit taken before work starts; `refund` gives it back if the work fails. */
export interface Reservation {
  readonly accountId: string;
  readonly amount: number;
  /** Keeps `finalAmount` (default: all of it) and refunds the rest. */
  settle(finalAmount?: number): Promise<void>;
  /** Returns the whole reservation to the balance. Idempotent. */
  refund(reason?: string): Promise<void>;
}

/**
 * The points ledger. Every balance change is a ledger row written in the same transaction as a
 * guarded balance update (`points >= cost` inside the UPDATE), so concurrent requests never
 * overdraw and the ledger always sums to the balance.
 */
export class PointsLedger {
  constructor(private readonly store: Store) {}

  /** Adds (positive) or removes (negative) points; a removal the balance cannot cover throws 402. */
  async apply(accountId: string, delta: number, reason: string, ref?: LedgerRef): Promise<number> {
    if (!Number.isInteger(delta)) throw new AppError('validation_error', 'Points must be a whole number');
    return this.store.transaction(async (tx) => {
      const balance = await tx.adjustPoints(accountId, delta);
      if (balance === null) {
        const account = await tx.findAccount(accountId);
        if (!account) throw new AppError('not_found', `Account ${accountId} not found`);
        throw new AppError(
          'insufficient_points',
          `This needs ${-delta} points but the balance is ${account.points}`,
        );
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
    });
  }

  charge(accountId: string, amount: number, reason: string, ref?: LedgerRef): Promise<number> {
    return this.apply(accountId, -amount, reason, ref);
  }

  credit(accountId: string, amount: number, reason: string, ref?: LedgerRef): Promise<number> {
    return this.apply(accountId, amount, reason, ref);
  }

  /**
   * Debits `amount` now (402 when the balance cannot cover it) and returns a handle to settle
   * or refund it once the work is done. A zero amount reserves nothing.
   */
  async reserve(accountId: string, amount: number, reason: string, ref: LedgerRef): Promise<Reservation> {
    if (amount > 0) await this.charge(accountId, amount, reason, ref);
    let open = true;
    const close = async (keep: number, why: string) => {
      if (!open) return;
      open = false;
      const back = amount - Math.max(0, Math.min(amount, keep));
      if (back > 0) await this.credit(accountId, back, why, ref);
    };
    return {
      accountId,
      amount,
      settle: (finalAmount = amount) => close(finalAmount, `${reason}:adjust`),
      refund: (why = `${reason}:refund`) => close(0, why),
    };
  }
}
