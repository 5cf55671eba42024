import type { PlanRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { requireSlots } from './account-limits.js';
import type { AccountCore } from './core.js';

/** Plans: their definitions (API access, slots) and which one an account is on. */
export class PlanService {
  constructor(private readonly core: AccountCore) {}

  list(): Promise<PlanRow[]> {
    return this.core.store.listPlans();
  }

  async define(input: {
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
    await this.core.store.upsertPlan(row);
    await this.core.changed(`plan ${input.name} defined`);
    return (await this.core.store.findPlan(input.name))!;
  }

  async assign(accountId: string, planName: string) {
    await this.core.getAccount(accountId);
    const plan = await this.core.requirePlan(planName);
    await this.core.store.updateAccount(accountId, { plan: plan.name });
    await this.core.changed(`plan of ${accountId}`);
    return { account_id: accountId, plan: plan.name };
  }
}
