import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { CloneService } from '../../../domain/voices/clones.js';
import type { DesignService } from '../../../domain/voices/designs.js';
import type { LanguageListing } from '../../../domain/voices/language-listing.js';
import type { VoiceLibrary } from '../../../domain/voices/voice-library.js';
import { splicedJson } from '../../spliced-json.js';
import { Ok, Paging, SlotVoiceList, VoiceIdParams, VoiceList, errorResponses } from '../../schemas.js';
import { refuseNul } from '../../validation.js';
import {
  CloneRequest,
  CloneResponse,
  LanguagesResponse,
  PreviewsRequest,
  PreviewsResponse,
  SaveDesignRequest,
  SaveDesignResponse,
  VoiceFilterQuery,
} from './voice-schemas.js';

interface VoiceRouteOptions {
  library: VoiceLibrary;
  languages: LanguageListing;
  clones: CloneService;
  designs: DesignService;
}

type Listed<T> = { items: T[]; total: number; count: number; offset: number; has_more: boolean };

const page = <T>(p: Listed<T>) => ({
  voices: p.items,
  total: p.total,
  count: p.count,
  offset: p.offset,
  has_more: p.has_more,
});

const VOICE = { $ref: 'Voice#' };
/** Each voice's JSON, made once per view object: the catalog's views live as long as the process. */
const voiceJson = new WeakMap<object, Buffer>();
const COMMA = Buffer.from(',');

/**
 * GET /api/v1/voices as JSON bytes: the voices serialized one by one through the `Voice` schema
 * (what the VoiceList schema does to them) and kept, so the ~260 presets are not serialized again
 * on every listing (serializing 50 voices was a third of the request's CPU), then put into the
 * page's JSON as bytes (`splicedJson`): a string joined from 50 pieces cost more in Fastify's
 * Content-Length (Buffer.byteLength walks an unflattened string) than its serialization had.
 */
function voiceListJson(reply: FastifyReply, listed: Listed<object>): Buffer {
  const serialize = reply.compileSerializationSchema(VOICE) as (voice: object) => string;
  const items: Buffer[] = [];
  for (const view of listed.items) {
    let json = voiceJson.get(view);
    if (json === undefined) {
      json = Buffer.from(serialize(view));
      voiceJson.set(view, json);
    }
    if (items.length > 0) items.push(COMMA);
    items.push(json);
  }
  return splicedJson(reply, page({ ...listed, items: [] }), 'voices', items);
}

export const voiceRoutes: FastifyPluginAsyncTypebox<VoiceRouteOptions> = async (app, { library, languages, clones, designs }) => {
  // Names, descriptions and design prompts are stored: no NUL, which PostgreSQL text cannot hold.
  app.addHook('preValidation', refuseNul);
  app.get(
    '/voices',
    {
      schema: {
        summary: 'Own clones and designs first (newest first), then the preset catalog',
        description:
          'Filters combine (every one given must match) and `total` counts the filtered list. A well-formed ' +
          'filter naming nothing known gives an empty list; a malformed one is 400.',
        tags: ['voices'],
        querystring: Type.Object({
          ...Paging,
          type: Type.Optional(Type.Enum(['preset', 'clone', 'designed'])),
          ...VoiceFilterQuery,
        }),
        response: { 200: VoiceList, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const listed = await library.list(request.caller, request.query);
      return reply.type('application/json; charset=utf-8').send(voiceListJson(reply, listed) as never);
    },
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
    async () => (await languages.list()) as never,
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
    async (request) => {
      const listed = await library.listOwn(request.caller, 'clone', request.query);
      return { ...page(listed), used: listed.used, limit: listed.limit };
    },
  );
  app.post(
    '/voices/clones',
    {
      config: { voiceCreation: true, idempotent: true },
      schema: {
        summary: 'Clone a voice from one recording (no points; uses a clone slot)',
        tags: ['clones'],
        body: CloneRequest,
        response: { 200: CloneResponse, ...errorResponses(400, 409, 413, 422) },
      },
    },
    async (request) => clones.create(request.caller, request.body),
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
    async (request) => {
      await clones.delete(request.caller, request.params.voiceId);
      return { ok: true as const, id: request.params.voiceId, deleted: true as const };
    },
  );
  app.post(
    '/voices/designs/previews',
    {
      config: { voiceCreation: true, idempotent: true },
      schema: {
        summary: 'Generate 1-3 candidate voices from a description (costs points)',
        tags: ['designs'],
        body: PreviewsRequest,
        response: { 200: PreviewsResponse, ...errorResponses(400, 402, 409, 413, 422, 502) },
      },
    },
    async (request) => designs.previews(request.caller, request.body),
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
    async (request) => {
      const listed = await library.listOwn(request.caller, 'designed', request.query);
      return { ...page(listed), used: listed.used, limit: listed.limit };
    },
  );
  app.post(
    '/voices/designs',
    {
      config: { voiceCreation: true, idempotent: true },
      schema: {
        summary: 'Keep a preview as a designed voice (free; uses a design slot)',
        tags: ['designs'],
        body: SaveDesignRequest,
        response: { 200: SaveDesignResponse, ...errorResponses(400, 404, 409, 410, 413, 422) },
      },
    },
    async (request) => designs.save(request.caller, request.body),
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
    async (request) => {
      await designs.delete(request.caller, request.params.voiceId);
      return { ok: true as const, id: request.params.voiceId, deleted: true as const };
    },
  );
};
