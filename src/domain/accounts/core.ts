import type { AccountRow, PlanRow, Store } from '../../db/store.js';

/** What the account services share: the store, account and plan look-ups, and cache invalidation. */
export interface AccountCore {
  readonly store: Store;
  /** The account, 404 `not_found` when there is none. */
  getAccount(id: string): Promise<AccountRow>;
  /** The plan, 422 `validation_error` when there is none. */
  requirePlan(name: string): Promise<PlanRow>;
  /** After a committed change that may alter an authenticated caller: drop cached callers everywhere. */
  changed(reason: string): Promise<void>;
}
