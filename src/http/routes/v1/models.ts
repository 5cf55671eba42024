import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEFAULT_MODEL, MODELS } from '../../../domain/generations/models.js';
import { errorResponses } from '../../schemas.js';

export const modelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/models',
    {
      schema: {
        summary: 'The speech models and their controls',
        tags: ['models'],
        response: {
          200: Type.Object({
            default: Type.String(),
            models: Type.Array(
              Type.Object({
                key: Type.String(),
                label: Type.String(),
                steerable: Type.Boolean(),
                costMultiplier: Type.Number(),
                supportsTemperature: Type.Boolean(),
                supportsDeliveryMode: Type.Boolean(),
                description: Type.String(),
              }),
            ),
          }),
          ...errorResponses(),
        },
      },
    },
    async () => ({ default: DEFAULT_MODEL, models: [...MODELS] }),
  );
};
