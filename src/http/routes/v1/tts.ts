import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../../errors.js';
import { IdParams, Ok, errorResponses } from '../../schemas.js';
import { CaptionsJson, CaptionsQuery, GenerationSummary, TtsRequest, TtsResponse } from './tts-schemas.js';

const notYet = () => {
  throw new AppError('not_implemented', 'Speech generation is not available in this build yet');
};

export const ttsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/tts',
    {
      schema: {
        summary: 'Generate speech',
        tags: ['tts'],
        body: TtsRequest,
        response: { 200: TtsResponse, ...errorResponses(400, 402, 404, 413, 422, 502, 503) },
      },
    },
    notYet,
  );
  app.get(
    '/tts/:id',
    {
      schema: {
        summary: 'A generation and its hosted audio URL',
        tags: ['tts'],
        params: IdParams,
        response: { 200: GenerationSummary, ...errorResponses(404) },
      },
    },
    notYet,
  );
  app.get(
    '/tts/:id/audio',
    {
      schema: {
        summary: 'Stream the audio (supports Range)',
        tags: ['tts'],
        params: IdParams,
        response: { ...errorResponses(404, 409, 416) },
      },
    },
    notYet,
  );
  app.get(
    '/tts/:id/captions',
    {
      schema: {
        summary: 'SRT or JSON captions from stored word timings',
        tags: ['tts'],
        params: IdParams,
        querystring: CaptionsQuery,
        response: { 200: Type.Union([CaptionsJson, Type.String()]), ...errorResponses(404, 409, 422) },
      },
    },
    notYet,
  );
  app.delete(
    '/tts/:id',
    {
      schema: {
        summary: 'Delete a generation, its audio and timings',
        tags: ['tts'],
        params: IdParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
    },
    notYet,
  );
};
