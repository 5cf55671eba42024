import type { VoiceRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { requireSlots } from './account-limits.js';
import type { Caller } from './caller-cache.js';
import type { AccountCore } from './core.js';

/** Slot limit used for plans whose slots are "set per account" when the operator set none. */
export const DEFAULT_PER_ACCOUNT_SLOTS = 1000;

export interface SlotLimits {
  clones: number;
  designs: number;
  lifetime: boolean;
}

/** Voice types that take a slot. */
export type SlotKind = 'clone' | 'designed';

const SLOTS = {
  clone: { usage: 'clones', counter: 'clones_created', error: 'clone_limit', noun: 'clone' },
  designed: { usage: 'designs', counter: 'designs_created', error: 'design_limit', noun: 'design' },
} as const;

/** Voice slots: how many clones and designs a caller's slot owner may keep, and taking one. */
export class SlotService {
  constructor(private readonly core: AccountCore) {}

  async set(accountId: string, clones: number | null, designs: number | null) {
    requireSlots(clones, 'clone_slots');
    requireSlots(designs, 'design_slots');
    await this.core.getAccount(accountId);
    await this.core.store.updateAccount(accountId, { clone_slots_override: clones, design_slots_override: designs });
    await this.core.changed(`slots of ${accountId}`);
    return { account_id: accountId, clone_slots: clones, design_slots: designs };
  }

  /** Slot limits that apply to a caller: the owner's plan, or the owner's per-account values. */
  async limits(caller: Caller): Promise<SlotLimits> {
    const owner = await this.core.getAccount(caller.ownerAccountId);
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
  async usage(caller: Caller): Promise<{ clones: { used: number; limit: number }; designs: { used: number; limit: number } }> {
    const limits = await this.limits(caller);
    const owner = await this.core.getAccount(caller.ownerAccountId);
    const [clones, designs] = limits.lifetime
      ? [owner.clones_created, owner.designs_created]
      : await Promise.all([
          this.core.store.countVoicesForSlotOwner(caller.ownerAccountId, 'clone'),
          this.core.store.countVoicesForSlotOwner(caller.ownerAccountId, 'designed'),
        ]);
    return { clones: { used: clones, limit: limits.clones }, designs: { used: designs, limit: limits.designs } };
  }

  /** 409 `clone_limit` / `design_limit` when the caller's slot owner has no free slot of that kind. */
  async requireFree(caller: Caller, kind: SlotKind): Promise<void> {
    const usage = (await this.usage(caller))[SLOTS[kind].usage];
    if (usage.used >= usage.limit) {
      throw new AppError(SLOTS[kind].error, `All ${usage.limit} ${SLOTS[kind].noun} slots are in use`);
    }
  }

  /**
   * Inserts a clone or designed voice only if a slot is still free, counting under the slot
   * owner's row lock (`claimSlot` bumps the lifetime counter), so two concurrent creations cannot
   * both take the last slot.
   */
  async insertVoiceWithin(caller: Caller, row: VoiceRow): Promise<void> {
    const kind = row.type as SlotKind;
    const slot = SLOTS[kind];
    const limits = await this.limits(caller);
    const limit = limits[slot.usage];
    await this.core.store.transaction(async (tx) => {
      const created = await tx.claimSlot(caller.ownerAccountId, slot.counter);
      const used = limits.lifetime ? created - 1 : await tx.countVoicesForSlotOwner(caller.ownerAccountId, kind);
      if (used >= limit) throw new AppError(slot.error, `All ${limit} ${slot.noun} slots are in use`);
      await tx.insertVoice(row);
    });
  }
}
