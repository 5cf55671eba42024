import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { AccountCore } from './core.js';

/** Workspaces: an owner account and its members, who share the owner's plan, points and slots. */
export class WorkspaceService {
  constructor(private readonly core: AccountCore) {}

  async create(ownerAccountId: string, name: string) {
    await this.core.getAccount(ownerAccountId);
    if (await this.core.store.findMembership(ownerAccountId)) {
      throw new AppError('conflict', `Account ${ownerAccountId} is already a member of a workspace`);
    }
    const id = newId('ws');
    const created_at = new Date().toISOString();
    await this.core.store.transaction(async (tx) => {
      await tx.insertWorkspace({ id, name, owner_account_id: ownerAccountId, created_at });
      await tx.insertMember({ workspace_id: id, account_id: ownerAccountId, role: 'owner', created_at });
    });
    await this.core.changed(`workspace ${id} created`);
    return { workspace_id: id, name, owner_account_id: ownerAccountId, created_at };
  }

  async addMember(workspaceId: string, accountId: string, role = 'member') {
    const workspace = await this.core.store.findWorkspace(workspaceId);
    if (!workspace) throw new AppError('not_found', `Workspace ${workspaceId} not found`);
    await this.core.getAccount(accountId);
    if (await this.core.store.findMembership(accountId)) {
      throw new AppError('conflict', `Account ${accountId} is already a member of a workspace`);
    }
    if (!['member', 'admin'].includes(role)) throw new AppError('validation_error', 'role must be member or admin');
    const created_at = new Date().toISOString();
    await this.core.store.insertMember({ workspace_id: workspaceId, account_id: accountId, role, created_at });
    await this.core.changed(`member ${accountId} added`);
    return { workspace_id: workspaceId, account_id: accountId, role, created_at };
  }
}
