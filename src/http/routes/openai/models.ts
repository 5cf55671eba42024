import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MODEL_KEYS } from '../../../domain/generations/models.js';
import { OPENAI_MODELS } from '../../../domain/generations/openai-names.js';
import { AppError } from '../../../errors.js';
import { isElevenLabsRequest } from '../../elevenlabs-errors.js';
import { elevenLabsModels } from '../elevenlabs/account.js';
import { Model, ModelList, ModelParams, openAiErrors } from './schemas.js';

/** 2024-11-01T00:00:00Z: the listing needs a creation time; these ids have no other. */
const CREATED = 1_730_419_200;

const MODELS = [
  ...Object.entries(OPENAI_MODELS).map(([id, key]) => ({ id, key })),
  ...MODEL_KEYS.map((key) => ({ id: key, key })),
].map(({ id, key }) => ({ id, object: 'model' as const, created: CREATED, owned_by: 'voicelib', voicelib_model: key }));

/**
 * `GET /v1/models` and `/v1/models/{id}` in OpenAI's list shape; a request authenticated with
 * ElevenLabs' `xi-api-key` header gets ElevenLabs' model array instead (its clients list models there).
 */
export const openAiModelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/models',
    {
      schema: {
        summary: 'Speech models (OpenAI list shape; ElevenLabs\' array with xi-api-key)',
        tags: ['openai', 'elevenlabs'],
        response: { 200: ModelList, ...openAiErrors() },
      },
    },
    async (request, reply) => {
      if (isElevenLabsRequest(request)) return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(elevenLabsModels() as never);
      return { object: 'list' as const, data: MODELS };
    },
  );

  app.get(
    '/models/:model',
    {
      schema: {
        summary: 'One model (OpenAI shape)',
        tags: ['openai'],
        params: ModelParams,
        response: { 200: Model, ...openAiErrors(404) },
      },
    },
    async (request) => {
      const model = MODELS.find((m) => m.id === request.params.model);
      if (!model) throw new AppError('not_found', `No model "${request.params.model}"`, { param: 'model' });
      return model;
    },
  );
};
