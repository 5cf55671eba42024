import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AccountService } from '../../../domain/accounts/accounts.js';
import { MAX_POINTS_CHANGE, MAX_SLOTS } from '../../../domain/accounts/account-limits.js';
import { secretMatches, hashSecret } from '../../../domain/accounts/api-keys.js';
import { AppError } from '../../../errors.js';
import { refuseNul } from '../../validation.js';

const Plan = Type.Object({
  name: Type.String(),
  api_access: Type.Boolean(),
  clone_slots: Type.Union([Type.Integer(), Type.Null()]),
  design_slots: Type.Union([Type.Integer(), Type.Null()]),
  slots_lifetime: Type.Boolean(),
});
const AccountId = Type.Object({ accountId: Type.String() });
// Bounded so that 1e309 (Infinity once parsed) and other absurd numbers are 422 (docs/reliability.md F7).
const SlotCount = Type.Integer({ minimum: 0, maximum: MAX_SLOTS });
const Slots = Type.Optional(Type.Union([SlotCount, Type.Null()]));

function planView(p: { name: string; api_access: number; clone_slots: number | null; design_slots: number | null; slots_lifetime: number }) {
  return {
    name: p.name,
    api_access: p.api_access === 1,
    clone_slots: p.clone_slots,
    design_slots: p.design_slots,
    slots_lifetime: p.slots_lifetime === 1,
  };
}

/**
 * The operator's API under /admin/v1, guarded by its own bearer token (ADMIN_TOKEN). The same
 * operations are on the command line (`voicelib admin ...`); both call AccountService.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountService; adminToken: string }> = async (
  app,
  { accounts, adminToken },
) => {
  const tokenHash = hashSecret(adminToken);
  // Account names, ledger reasons and plan names are stored: no NUL (PostgreSQL text cannot hold it).
  app.addHook('preValidation', refuseNul);
  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match || !secretMatches(match[1]!, tokenHash)) {
      throw new AppError('unauthorized', 'Send the admin token as "Authorization: Bearer <ADMIN_TOKEN>"');
    }
  });

  const tags = ['admin'];
  app.post(
    '/accounts',
    {
      schema: {
        tags,
        summary: 'Create an account with a key and a starting balance',
        body: Type.Object({
          plan: Type.String(),
          points: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POINTS_CHANGE })),
          name: Type.Optional(Type.String({ maxLength: 200 })),
          clone_slots: Slots,
          design_slots: Slots,
        }),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const created = await accounts.createAccount({
        plan: b.plan,
        points: b.points ?? 0,
        name: b.name ?? null,
        cloneSlots: b.clone_slots ?? null,
        designSlots: b.design_slots ?? null,
      });
      return reply.status(201).send(created);
    },
  );
  app.get('/accounts', { schema: { tags, summary: 'List accounts' } }, async () => ({
    accounts: await accounts.listAccounts(),
  }));
  app.get('/accounts/:accountId', { schema: { tags, summary: 'One account', params: AccountId } }, async (request) =>
    accounts.getAccount(request.params.accountId),
  );
  app.post(
    '/accounts/:accountId/keys',
    {
      schema: {
        tags,
        summary: 'Issue another API key (shown once)',
        params: AccountId,
        body: Type.Optional(Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) })),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.keys.issue(request.params.accountId, request.body?.name ?? null)),
  );
  app.get('/accounts/:accountId/keys', { schema: { tags, summary: "An account's keys (hints only)", params: AccountId } }, async (request) => ({
    keys: await accounts.keys.list(request.params.accountId),
  }));
  app.delete(
    '/keys/:keyId',
    { schema: { tags, summary: 'Revoke a key', params: Type.Object({ keyId: Type.String() }) } },
    async (request) => accounts.keys.revoke(request.params.keyId),
  );
  app.post(
    '/accounts/:accountId/points',
    {
      schema: {
        tags,
        summary: 'Grant (positive) or deduct (negative) points',
        params: AccountId,
        body: Type.Object({
          amount: Type.Integer({ minimum: -MAX_POINTS_CHANGE, maximum: MAX_POINTS_CHANGE }),
          reason: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
    },
    async (request) => accounts.adjustPoints(request.params.accountId, request.body.amount, request.body.reason ?? null),
  );
  app.get(
    '/accounts/:accountId/ledger',
    {
      schema: {
        tags,
        summary: 'Latest ledger rows',
        params: AccountId,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }),
      },
    },
    async (request) => ({ entries: await accounts.listLedger(request.params.accountId, request.query.limit) }),
  );
  app.put(
    '/accounts/:accountId/plan',
    { schema: { tags, summary: 'Change plan', params: AccountId, body: Type.Object({ plan: Type.String() }) } },
    async (request) => accounts.plans.assign(request.params.accountId, request.body.plan),
  );
  app.put(
    '/accounts/:accountId/slots',
    {
      schema: {
        tags,
        summary: 'Per-account slot limits (null = the plan decides)',
        params: AccountId,
        body: Type.Object({ clone_slots: Slots, design_slots: Slots }),
      },
    },
    async (request) =>
      accounts.slots.set(request.params.accountId, request.body.clone_slots ?? null, request.body.design_slots ?? null),
  );
  app.get('/plans', { schema: { tags, summary: 'Plans' } }, async () => ({
    plans: (await accounts.plans.list()).map(planView),
  }));
  app.put(
    '/plans/:name',
    {
      schema: {
        tags,
        summary: 'Create or change a plan',
        params: Type.Object({ name: Type.String() }),
        body: Type.Object({
          api_access: Type.Boolean(),
          clone_slots: Type.Union([SlotCount, Type.Null()]),
          design_slots: Type.Union([SlotCount, Type.Null()]),
          slots_lifetime: Type.Optional(Type.Boolean({ default: false })),
        }),
        response: { 200: Plan },
      },
    },
    async (request) =>
      planView(
        await accounts.plans.define({
          name: request.params.name,
          apiAccess: request.body.api_access,
          cloneSlots: request.body.clone_slots,
          designSlots: request.body.design_slots,
          slotsLifetime: request.body.slots_lifetime ?? false,
        }),
      ),
  );
  app.post(
    '/workspaces',
    {
      schema: {
        tags,
        summary: 'Create a workspace owned by an account',
        body: Type.Object({ owner_account_id: Type.String(), name: Type.String({ minLength: 1, maxLength: 200 }) }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.workspaces.create(request.body.owner_account_id, request.body.name)),
  );
  app.post(
    '/workspaces/:workspaceId/members',
    {
      schema: {
        tags,
        summary: 'Add a member to a workspace',
        params: Type.Object({ workspaceId: Type.String() }),
        body: Type.Object({
          account_id: Type.String(),
          role: Type.Optional(Type.Union([Type.Literal('member'), Type.Literal('admin')])),
        }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await accounts.workspaces.addMember(request.params.workspaceId, request.body.account_id, request.body.role ?? 'member')),
  );
};
