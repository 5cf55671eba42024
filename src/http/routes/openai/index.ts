import type { FastifyPluginAsync } from 'fastify';
import type { GenerationService } from '../../../domain/generations/generations.js';
import { openAiModelRoutes } from './models.js';
import { openAiSpeechRoutes } from './speech.js';

/**
 * The OpenAI-compatible routes under `/v1` (docs/openai-compatibility.md). The caller registers the
 * API-key auth and rate limits on the same scope, so they are exactly the native API's.
 */
export const openAiRoutes: FastifyPluginAsync<{ generations: GenerationService }> = async (app, { generations }) => {
  await app.register(openAiSpeechRoutes, { generations });
  await app.register(openAiModelRoutes);
};
