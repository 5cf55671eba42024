import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../../errors.js';
import { Ok, Paging, SlotVoiceList, VoiceIdParams, VoiceList, errorResponses } from '../../schemas.js';
import {
  CloneRequest,
  CloneResponse,
  LanguagesResponse,
  PreviewsRequest,
  PreviewsResponse,
  SaveDesignRequest,
  SaveDesignResponse,
} from './voice-schemas.js';

const notYet = () => {
  throw new AppError('not_implemented', 'The voice library is not available in this build yet');
};

export const voiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/voices',
    {
      schema: {
        summary: 'Own clones and designs first (newest first), then the preset catalog',
        tags: ['voices'],
        querystring: Type.Object({
          ...Paging,
          type: Type.Optional(Type.Enum(['preset', 'clone', 'designed'])),
        }),
        response: { 200: VoiceList, ...errorResponses(422) },
      },
    },
    notYet,
  );
  app.get(
    '/voices/languages',
    {
      schema: {
        summary: 'Languages, accents and recording limits',
        tags: ['voices'],
        response: { 200: LanguagesResponse, ...errorResponses() },
      },
    },
    notYet,
  );
  app.get(
    '/voices/clones',
    {
      schema: {
        summary: 'Own cloned voices, newest first',
        tags: ['clones'],
        querystring: Type.Object(Paging),
        response: { 200: SlotVoiceList, ...errorResponses(422) },
      },
    },
    notYet,
  );
  app.post(
    '/voices/clones',
    {
      config: { voiceCreation: true },
      schema: {
        summary: 'Clone a voice from one recording (no points; uses a clone slot)',
        tags: ['clones'],
        body: CloneRequest,
        response: { 200: CloneResponse, ...errorResponses(400, 409, 413, 422) },
      },
    },
    notYet,
  );
  app.delete(
    '/voices/clones/:voiceId',
    {
      schema: {
        summary: 'Delete a cloned voice',
        tags: ['clones'],
        params: VoiceIdParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
    },
    notYet,
  );
  app.post(
    '/voices/designs/previews',
    {
      config: { voiceCreation: true },
      schema: {
        summary: 'Generate 1-3 candidate voices from a description (costs points)',
        tags: ['designs'],
        body: PreviewsRequest,
        response: { 200: PreviewsResponse, ...errorResponses(400, 402, 409, 413, 422, 502) },
      },
    },
    notYet,
  );
  app.get(
    '/voices/designs',
    {
      schema: {
        summary: 'Own designed voices, newest first',
        tags: ['designs'],
        querystring: Type.Object(Paging),
        response: { 200: SlotVoiceList, ...errorResponses(422) },
      },
    },
    notYet,
  );
  app.post(
    '/voices/designs',
    {
      config: { voiceCreation: true },
      schema: {
        summary: 'Keep a preview as a designed voice (free; uses a design slot)',
        tags: ['designs'],
        body: SaveDesignRequest,
        response: { 200: SaveDesignResponse, ...errorResponses(400, 404, 409, 410, 413, 422) },
      },
    },
    notYet,
  );
  app.delete(
    '/voices/designs/:voiceId',
    {
      schema: {
        summary: 'Delete a designed voice',
        tags: ['designs'],
        params: VoiceIdParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
    },
    notYet,
  );
};
