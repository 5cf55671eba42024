import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { AccountRow, PlanRow, Store, VoiceRow } from '../../db/store.js';
import { digestMatches, generateApiKey, keyIdOf, secretMatches, storedDigest } from './api-keys.js';
import type { Caller, CallerCache, CallerChanges } from './caller-cache.js';
import { MAX_BALANCE, MAX_POINTS_CHANGE, requireSlots, requireWhole } from './account-limits.js';
import { PointsLedger } from './points.js';

export type { Caller } from './caller-cache.js';

/** Slot limit used for plans whose slots are "set per account" when the operator set none. */
export const DEFAULT_PER_ACCOUNT_SLOTS = 1000;

export interface SlotLimits {
  clones: number;
  designs: number;
  lifetime: boolean;
}

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

/** Accounts, keys, plans and workspaces: what the admin CLI and admin API operate on. */
/** Voice types that take a slot. */
export type VoiceSlotKind = 'clone' | 'designed';

const SLOTS = {
  clone: { usage: 'clones', counter: 'clones_created', error: 'clone_limit', noun: 'clone' },
  designed: { usage: 'designs', counter: 'designs_created', error: 'design_limit', noun: 'design' },
} as const;

export class AccountService {
  private readonly ledger: PointsLedger;

  /**
   * `callers` caches authentication results; `changes` tells other processes' caches about
   * revocations, plan, slot and workspace changes made here (the admin API and CLI alike).
   */
  constructor(
    private readonly store: Store,
    private readonly sharing: { callers?: CallerCache; changes?: CallerChanges } = {},
  ) {
    this.ledger = new PointsLedger(store);
  }

  /** After a committed change that may alter an authenticated caller: drop cached callers everywhere. */
  private async changed(reason: string): Promise<void> {
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

  async issueKey(accountId: string, name: string | null = null) {
    await this.getAccount(accountId);
    const key = generateApiKey();
    const created_at = new Date().toISOString();
    await this.store.insertApiKey({
      id: key.id,
      account_id: accountId,
      key_hash: key.hash,
      key_hint: key.hint,
      name,
      created_at,
      revoked_at: null,
    });
    return { key_id: key.id, account_id: accountId, api_key: key.key, name, created_at };
  }

  async listKeys(accountId: string) {
    await this.getAccount(accountId);
    const keys = await this.store.listApiKeys(accountId);
    return keys.map((k) => ({
      key_id: k.id,
      hint: `${k.key_hint}…`,
      name: k.name,
      created_at: k.created_at,
      revoked_at: k.revoked_at,
    }));
  }

  async revokeKey(keyId: string) {
    const key = await this.store.findApiKey(keyId);
    if (!key) throw new AppError('not_found', `Key ${keyId} not found`);
    const revoked_at = key.revoked_at ?? new Date().toISOString();
    await this.store.revokeApiKey(keyId, revoked_at);
    await this.changed(`key ${keyId} revoked`);
    return { key_id: keyId, account_id: key.account_id, revoked: true, revoked_at };
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

  async setPlan(accountId: string, planName: string) {
    await this.getAccount(accountId);
    const plan = await this.requirePlan(planName);
    await this.store.updateAccount(accountId, { plan: plan.name });
    await this.changed(`plan of ${accountId}`);
    return { account_id: accountId, plan: plan.name };
  }

  async setSlots(accountId: string, clones: number | null, designs: number | null) {
    requireSlots(clones, 'clone_slots');
    requireSlots(designs, 'design_slots');
    await this.getAccount(accountId);
    await this.store.updateAccount(accountId, { clone_slots_override: clones, design_slots_override: designs });
    await this.changed(`slots of ${accountId}`);
    return { account_id: accountId, clone_slots: clones, design_slots: designs };
  }

  async listLedger(accountId: string, limit?: number) {
    await this.getAccount(accountId);
    return this.store.listLedger(accountId, limit);
  }

  // ── plans ──────────────────────────────────────────────────────────────────────────
  listPlans(): Promise<PlanRow[]> {
    return this.store.listPlans();
  }

  async setPlanDefinition(input: {
    name: string;
    apiAccess: boolean;
    cloneSlots: number | null;
    designSlots: number | null;
    slotsLifetime: boolean;
  }): Promise<PlanRow> {
    if (!/^[a-z][a-z0-9_-]{0,39}$/.test(input.name)) {
      throw new AppError('validation_error', 'Plan names are lower-case letters, digits, - and _');
    }
    requireSlots(input.cloneSlots, 'clone_slots');
    requireSlots(input.designSlots, 'design_slots');
    const row: PlanRow = {
      name: input.name,
      api_access: input.apiAccess ? 1 : 0,
      clone_slots: input.cloneSlots,
      design_slots: input.designSlots,
      slots_lifetime: input.slotsLifetime ? 1 : 0,
      created_at: new Date().toISOString(),
    };
    await this.store.upsertPlan(row);
    await this.changed(`plan ${input.name} defined`);
    return (await this.store.findPlan(input.name))!;
  }

  // ── workspaces ─────────────────────────────────────────────────────────────────────
  async createWorkspace(ownerAccountId: string, name: string) {
    await this.getAccount(ownerAccountId);
    if (await this.store.findMembership(ownerAccountId)) {
      throw new AppError('conflict', `Account ${ownerAccountId} is already a member of a workspace`);
    }
    const id = newId('ws');
    const created_at = new Date().toISOString();
    await this.store.transaction(async (tx) => {
      await tx.insertWorkspace({ id, name, owner_account_id: ownerAccountId, created_at });
      await tx.insertMember({ workspace_id: id, account_id: ownerAccountId, role: 'owner', created_at });
    });
    await this.changed(`workspace ${id} created`);
    return { workspace_id: id, name, owner_account_id: ownerAccountId, created_at };
  }

  async addMember(workspaceId: string, accountId: string, role = 'member') {
    const workspace = await this.store.findWorkspace(workspaceId);
    if (!workspace) throw new AppError('not_found', `Workspace ${workspaceId} not found`);
    await this.getAccount(accountId);
    if (await this.store.findMembership(accountId)) {
      throw new AppError('conflict', `Account ${accountId} is already a member of a workspace`);
    }
    if (!['member', 'admin'].includes(role)) throw new AppError('validation_error', 'role must be member or admin');
    const created_at = new Date().toISOString();
    await this.store.insertMember({ workspace_id: workspaceId, account_id: accountId, role, created_at });
    await this.changed(`member ${accountId} added`);
    return { workspace_id: workspaceId, account_id: accountId, role, created_at };
  }

  // ── authentication ─────────────────────────────────────────────────────────────────
  /**
   * Resolves a presented API key to a Caller, or throws 401/403. Unknown and revoked keys
   * are indistinguishable to the client.
   */
  async authenticate(presented: string): Promise<Caller> {
    const keyId = keyIdOf(presented);
    const cached = keyId ? this.sharing.callers?.get(keyId) : undefined;
    if (cached) {
      // A cached caller passed the revocation and plan checks below when it was stored.
      if (!digestMatches(presented, cached.keyDigest)) throw new AppError('unauthorized', 'Missing or invalid API key');
      return cached.caller;
    }
    const token = this.sharing.callers?.begin() ?? 0;
    const key = keyId ? await this.store.findApiKey(keyId) : undefined;
    // Compare even when the row is missing so both paths do the same hashing work.
    const matches = secretMatches(presented, key?.key_hash ?? '0'.repeat(64));
    if (!key || !matches || key.revoked_at !== null) {
      throw new AppError('unauthorized', 'Missing or invalid API key');
    }
    const caller = await this.callerFor(key.account_id, key.id);
    if (caller.plan.api_access !== 1) {
      throw new AppError(
        'forbidden',
        `The ${caller.plan.name} plan does not include API access; Pro or higher is required`,
      );
    }
    this.sharing.callers?.set(token, key.id, storedDigest(key.key_hash), caller);
    return caller;
  }

  async callerFor(accountId: string, keyId: string): Promise<Caller> {
    const membership = await this.store.findMembership(accountId);
    const ownerAccountId = membership?.owner_account_id ?? accountId;
    const owner = await this.getAccount(ownerAccountId);
    const plan = await this.requirePlan(owner.plan);
    return {
      accountId,
      keyId,
      ownerAccountId,
      plan,
      workspace: membership
        ? { id: membership.workspace_id, role: membership.role, ownerAccountId: membership.owner_account_id }
        : null,
    };
  }

  /** Slot limits that apply to a caller: the owner's plan, or the owner's per-account values. */
  async slotLimits(caller: Caller): Promise<SlotLimits> {
    const owner = await this.getAccount(caller.ownerAccountId);
    return {
      clones: owner.clone_slots_override ?? caller.plan.clone_slots ?? DEFAULT_PER_ACCOUNT_SLOTS,
      designs: owner.design_slots_override ?? caller.plan.design_slots ?? DEFAULT_PER_ACCOUNT_SLOTS,
      lifetime: caller.plan.slots_lifetime === 1,
    };
  }

  /**
   * Slots in use for the caller's slot owner. On a lifetime plan every voice ever created
   * counts (deleting does not free a slot); otherwise only the voices that exist now.
   */
  async slotUsage(caller: Caller): Promise<{ clones: { used: number; limit: number }; designs: { used: number; limit: number } }> {
    const limits = await this.slotLimits(caller);
    const owner = await this.getAccount(caller.ownerAccountId);
    const [clones, designs] = limits.lifetime
      ? [owner.clones_created, owner.designs_created]
      : await Promise.all([
          this.store.countVoicesForSlotOwner(caller.ownerAccountId, 'clone'),
          this.store.countVoicesForSlotOwner(caller.ownerAccountId, 'designed'),
        ]);
    return { clones: { used: clones, limit: limits.clones }, designs: { used: designs, limit: limits.designs } };
  }

  /** 409 `clone_limit` / `design_limit` when the caller's slot owner has no free slot of that kind. */
  async requireFreeSlot(caller: Caller, kind: VoiceSlotKind): Promise<void> {
    const usage = (await this.slotUsage(caller))[SLOTS[kind].usage];
    if (usage.used >= usage.limit) {
      throw new AppError(SLOTS[kind].error, `All ${usage.limit} ${SLOTS[kind].noun} slots are in use`);
    }
  }

  /**
   * Inserts a clone or designed voice only if a slot is still free, counting under the slot
   * owner's row lock (`claimSlot` bumps the lifetime counter), so two concurrent creations cannot
   * both take the last slot.
   */
  async insertVoiceWithinSlots(caller: Caller, row: VoiceRow): Promise<void> {
    const kind = row.type as VoiceSlotKind;
    const slot = SLOTS[kind];
    const limits = await this.slotLimits(caller);
    const limit = limits[slot.usage];
    await this.store.transaction(async (tx) => {
      const created = await tx.claimSlot(caller.ownerAccountId, slot.counter);
      const used = limits.lifetime ? created - 1 : await tx.countVoicesForSlotOwner(caller.ownerAccountId, kind);
      if (used >= limit) throw new AppError(slot.error, `All ${limit} ${slot.noun} slots are in use`);
      await tx.insertVoice(row);
    });
  }

  /** The `GET /api/v1/me` view of a caller. */
  async describe(caller: Caller) {
    const account = await this.getAccount(caller.accountId);
    const usage = await this.slotUsage(caller);
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

  private async requirePlan(name: string): Promise<PlanRow> {
    const plan = await this.store.findPlan(name);
    if (!plan) throw new AppError('validation_error', `Unknown plan "${name}"`);
    return plan;
  }
}
