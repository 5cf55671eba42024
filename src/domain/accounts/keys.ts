import { AppError } from '../../errors.js';
import { digestMatches, generateApiKey, keyIdOf, secretMatches, storedDigest } from './api-keys.js';
import type { Caller, CallerCache } from './caller-cache.js';
import type { AccountCore } from './core.js';

/** API keys: issued, listed and revoked by an operator, and resolved to a `Caller` on every request. */
export class KeyService {
  /** `callers` caches authentication results (revocations and plan changes clear it, `AccountCore.changed`). */
  constructor(
    private readonly core: AccountCore,
    private readonly callers?: CallerCache,
  ) {}

  async issue(accountId: string, name: string | null = null) {
    await this.core.getAccount(accountId);
    const key = generateApiKey();
    const created_at = new Date().toISOString();
    await this.core.store.insertApiKey({
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

  async list(accountId: string) {
    await this.core.getAccount(accountId);
    const keys = await this.core.store.listApiKeys(accountId);
    return keys.map((k) => ({
      key_id: k.id,
      hint: `${k.key_hint}…`,
      name: k.name,
      created_at: k.created_at,
      revoked_at: k.revoked_at,
    }));
  }

  async revoke(keyId: string) {
    const key = await this.core.store.findApiKey(keyId);
    if (!key) throw new AppError('not_found', `Key ${keyId} not found`);
    const revoked_at = key.revoked_at ?? new Date().toISOString();
    await this.core.store.revokeApiKey(keyId, revoked_at);
    await this.core.changed(`key ${keyId} revoked`);
    return { key_id: keyId, account_id: key.account_id, revoked: true, revoked_at };
  }

  /**
   * Resolves a presented API key to a Caller, or throws 401/403. Unknown and revoked keys
   * are indistinguishable to the client.
   */
  async authenticate(presented: string): Promise<Caller> {
    const keyId = keyIdOf(presented);
    const cached = keyId ? this.callers?.get(keyId) : undefined;
    if (cached) {
      // A cached caller passed the revocation and plan checks below when it was stored.
      if (!digestMatches(presented, cached.keyDigest)) throw new AppError('unauthorized', 'Missing or invalid API key');
      return cached.caller;
    }
    const token = this.callers?.begin() ?? 0;
    const key = keyId ? await this.core.store.findApiKey(keyId) : undefined;
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
    this.callers?.set(token, key.id, storedDigest(key.key_hash), caller);
    return caller;
  }

  async callerFor(accountId: string, keyId: string): Promise<Caller> {
    const membership = await this.core.store.findMembership(accountId);
    const ownerAccountId = membership?.owner_account_id ?? accountId;
    const owner = await this.core.getAccount(ownerAccountId);
    const plan = await this.core.requirePlan(owner.plan);
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
}
