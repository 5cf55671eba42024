import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AccountService } from '../../../domain/accounts/accounts.js';
import { errorResponses } from '../../schemas.js';

const Usage = Type.Object({ used: Type.Integer(), limit: Type.Integer() });

export const accountRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountService }> = async (app, { accounts }) => {
  app.get(
    '/ping',
    {
      schema: {
        summary: 'Connection and authentication test',
        tags: ['account'],
        response: {
          200: Type.Object({
            ok: Type.Boolean(),
            points: Type.Integer({ description: 'Points balance' }),
            unit: Type.String(),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const points = await accounts.points(request.caller.accountId);
      return { ok: true, points, unit: '1 point is about 1 second of audio (about 15 characters)' };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        summary: "The caller's balance, plan and slot usage",
        tags: ['account'],
        response: {
          200: Type.Object({
            account_id: Type.String(),
            plan: Type.Object({
              name: Type.String(),
              api_access: Type.Boolean(),
              clone_slots: Type.Integer(),
              design_slots: Type.Integer(),
            }),
            points: Type.Integer(),
            clones: Usage,
            designs: Usage,
            workspace: Type.Union([
              Type.Object({ id: Type.String(), role: Type.String(), owner_account_id: Type.String() }),
              Type.Null(),
            ]),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => accounts.describe(request.caller),
  );
};
