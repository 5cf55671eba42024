import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { AccountRow, PlanRow, Store } from '../../db/store.js';
import { generateApiKey } from './api-keys.js';
import type { Caller, CallerCache, CallerChanges } from './caller-cache.js';
import { MAX_BALANCE, MAX_POINTS_CHANGE, requireSlots, requireWhole } from './account-limits.js';
import type { AccountCore } from './core.js';
import { KeyService } from './keys.js';
import { PlanService } from './plans.js';
import { PointsLedger } from './points.js';
import { SlotService } from './slots.js';
import { WorkspaceService } from './workspaces.js';

export type { Caller } from './caller-cache.js';

export interface CreatedAccount {
  account_id: string;
  plan: string;
  points: number;
  key_id: string;
  /** Shown once; only its hash is stored. */
  api_key: string;
}

export interface CreateAccountInput {
  plan: string;
  points?: number;
  name?: string | null;
  cloneSlots?: number | null;
  designSlots?: number | null;
}

/**
 * Accounts and their points, with the services that work on them: `keys`, `plans`, `workspaces` and
 * `slots`. What the admin CLI and admin API operate on, and what authenticates every request.
 */
export class AccountService implements AccountCore {
  private readonly ledger: PointsLedger;
  readonly keys: KeyService;
  readonly plans: PlanService;
  readonly workspaces: WorkspaceService;
  readonly slots: SlotService;

  /**
   * `callers` caches authentication results; `changes` tells other processes' caches about
   * revocations, plan, slot and workspace changes made here (the admin API and CLI alike).
   */
  constructor(
    readonly store: Store,
    private readonly sharing: { callers?: CallerCache; changes?: CallerChanges } = {},
  ) {
    this.ledger = new PointsLedger(store);
    this.keys = new KeyService(this, sharing.callers);
    this.plans = new PlanService(this);
    this.workspaces = new WorkspaceService(this);
    this.slots = new SlotService(this);
  }

  async changed(reason: string): Promise<void> {
    this.sharing.callers?.clear();
    await this.sharing.changes?.publish(reason);
  }

  async createAccount(input: CreateAccountInput): Promise<CreatedAccount> {
    const points = input.points ?? 0;
    requireWhole(points, 0, MAX_POINTS_CHANGE, 'points');
    requireSlots(input.cloneSlots, 'clone_slots');
    requireSlots(input.designSlots, 'design_slots');
    const plan = await this.requirePlan(input.plan);
    const id = newId('acc');
    const key = generateApiKey();
    const now = new Date().toISOString();
    await this.store.transaction(async (tx) => {
      await tx.insertAccount({
        id,
        name: input.name ?? null,
        plan: plan.name,
        points: 0,
        clone_slots_override: input.cloneSlots ?? null,
        design_slots_override: input.designSlots ?? null,
        clones_created: 0,
        designs_created: 0,
        created_at: now,
      });
      await tx.insertApiKey({
        id: key.id,
        account_id: id,
        key_hash: key.hash,
        key_hint: key.hint,
        name: 'default',
        created_at: now,
        revoked_at: null,
      });
      // The starting balance is a ledger row like any other grant.
      if (points > 0) await new PointsLedger(tx).credit(id, points, 'admin:initial_grant');
    });
    return { account_id: id, plan: plan.name, points, key_id: key.id, api_key: key.key };
  }

  /** The balance, read from the database every time (points are never cached). */
  async points(id: string): Promise<number> {
    const points = await this.store.findPoints(id);
    if (points === undefined) throw new AppError('not_found', `Account ${id} not found`);
    return points;
  }

  async getAccount(id: string): Promise<AccountRow> {
    const account = await this.store.findAccount(id);
    if (!account) throw new AppError('not_found', `Account ${id} not found`);
    return { ...account, points: Number(account.points) };
  }

  listAccounts(): Promise<AccountRow[]> {
    return this.store.listAccounts();
  }

  /** Grants (positive) or deducts (negative) points by hand; a deduction never overdraws. */
  async adjustPoints(accountId: string, amount: number, reason: string | null) {
    if (!Number.isInteger(amount) || amount === 0) {
      throw new AppError('validation_error', 'amount must be a non-zero whole number');
    }
    requireWhole(amount, -MAX_POINTS_CHANGE, MAX_POINTS_CHANGE, 'amount');
    const account = await this.getAccount(accountId);
    if (account.points + amount > MAX_BALANCE) {
      throw new AppError('validation_error', `A balance cannot exceed ${MAX_BALANCE.toLocaleString('en-US')} points`);
    }
    const label = reason ? `admin:${amount > 0 ? 'grant' : 'deduct'}:${reason}` : `admin:${amount > 0 ? 'grant' : 'deduct'}`;
    const points = await this.ledger.apply(accountId, amount, label);
    return { account_id: accountId, points, change: amount };
  }

  async listLedger(accountId: string, limit?: number) {
    await this.getAccount(accountId);
    return this.store.listLedger(accountId, limit);
  }

  /** The `GET /api/v1/me` view of a caller. */
  async describe(caller: Caller) {
    const account = await this.getAccount(caller.accountId);
    const usage = await this.slots.usage(caller);
    return {
      account_id: account.id,
      plan: {
        name: caller.plan.name,
        api_access: caller.plan.api_access === 1,
        clone_slots: usage.clones.limit,
        design_slots: usage.designs.limit,
      },
      points: account.points,
      clones: usage.clones,
      designs: usage.designs,
      workspace: caller.workspace
        ? { id: caller.workspace.id, role: caller.workspace.role, owner_account_id: caller.workspace.ownerAccountId }
        : null,
    };
  }

  async requirePlan(name: string): Promise<PlanRow> {
    const plan = await this.store.findPlan(name);
    if (!plan) throw new AppError('validation_error', `Unknown plan "${name}"`);
    return plan;
  }
}
