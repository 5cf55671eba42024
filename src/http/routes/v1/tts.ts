import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { GenerationRow } from '../../../db/store.js';
import { type GenerationService, warningsHeader } from '../../../domain/generations/generations.js';
import { splicedJson } from '../../spliced-json.js';
import { IdParams, Ok, errorResponses } from '../../schemas.js';
import { AudioResponses, RANGE_NOT_SATISFIABLE_HEADERS, VOICE_ENGINE, WARNINGS } from '../../response-headers.js';
import { sendAudio } from '../../send-audio.js';
import {
  CaptionsJson,
  CaptionsQuery,
  GenerationSummary,
  HistoryQuery,
  HistoryResponse,
  TtsRequest,
  refuseNulOutsideText,
  TtsResponse,
} from './tts-schemas.js';

export const ttsRoutes: FastifyPluginAsyncTypebox<{ generations: GenerationService; baseUrl: string }> = async (
  app,
  { generations, baseUrl },
) => {
  const links = (id: string) => ({
    stream_url: `${baseUrl}/api/v1/tts/${id}/audio`,
    captions_url: `${baseUrl}/api/v1/tts/${id}/captions`,
  });
  const summary = async (row: GenerationRow) => ({
    id: row.id,
    status: row.status,
    audio_url: await generations.audioUrl(row),
    ...links(row.id),
    format: row.format,
    ...(row.status === 'failed'
      ? { error: { code: row.error_code ?? 'upload_failed', message: row.error_message ?? 'upload failed' } }
      : {}),
  });

  app.post(
    '/tts',
    {
      config: { idempotent: true },
      // The voice and lexicon ids are looked up: no NUL, which PostgreSQL cannot take in a query.
      preValidation: refuseNulOutsideText,
      schema: {
        summary: 'Generate speech',
        description:
          'Synthesizes the text with the voice and model. The audio comes back inline; the record is `pending` ' +
          'until the hosted copy is stored, then `ready` with an `audio_url`. The `X-Voice-Engine` header names ' +
          'the speech engine the model chose for this voice (docs/engines.md). Markup that was removed or not ' +
          'applied (unknown [tags] or <tags>) is listed in `warnings` and in the `X-Voicelib-Warnings` header; ' +
          'the request still succeeds (docs/text.md).',
        tags: ['tts'],
        body: TtsRequest,
        response: {
          200: {
            ...TtsResponse,
            headers: { ...VOICE_ENGINE, ...WARNINGS },
          },
          ...errorResponses(400, 402, 404, 413, 422, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const created = await generations.create(request.caller, request.body);
      reply.header('X-Voice-Engine', created.row.engine);
      if (created.warnings.length > 0) reply.header('X-Voicelib-Warnings', warningsHeader(created.warnings));
      const body = {
        id: created.row.id,
        status: 'pending' as const,
        audio_base64: '',
        audio_url: null,
        ...links(created.row.id),
        format: created.row.format,
        model: created.row.model,
        points_used: created.row.points_used,
        ...(created.captions !== undefined ? { captions: created.captions } : {}),
        warnings: created.warnings,
      };
      // The base64 (no JSON escaping needed) is encoded straight into the answer: see splicedJson.
      const audio = [Buffer.from(`data:${created.row.mime_type};base64,`), { base64: created.audio }];
      return reply.type('application/json; charset=utf-8').send(splicedJson(reply, body, 'audio_base64', audio) as never);
    },
  );

  app.get(
    '/tts',
    {
      schema: {
        summary: 'Your generations, newest first',
        description:
          'Pages with `limit` (1-100, default 20) and the opaque `cursor` (`next_cursor` of the page before). ' +
          'Only the caller\'s own generations appear, as on `GET /tts/:id`; filters match exactly.',
        tags: ['tts'],
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      const { limit = 20, cursor, voice_id, model, status } = request.query;
      const page = await generations.list(request.caller, {
        limit,
        ...(cursor !== undefined ? { cursor } : {}),
        filters: {
          ...(voice_id !== undefined ? { voice_id } : {}),
          ...(model !== undefined ? { model } : {}),
          ...(status !== undefined ? { status } : {}),
        },
      });
      return {
        generations: await Promise.all(
          page.rows.map(async (row) => ({
            ...(await summary(row)),
            model: row.model,
            voice_id: row.voice_id,
            characters: row.characters,
            points_used: row.points_used,
            text: row.text,
            created_at: row.created_at,
          })),
        ),
        has_more: page.hasMore,
        next_cursor: page.nextCursor,
      };
    },
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
    async (request) => summary(await generations.get(request.caller, request.params.id)),
  );

  app.get(
    '/tts/:id/audio',
    {
      schema: {
        summary: 'Stream the audio (supports Range)',
        description: '409 `audio_not_ready` while the generation is pending; 416 for a range past the end.',
        tags: ['tts'],
        params: IdParams,
        response: {
          ...AudioResponses,
          ...errorResponses(404, 409),
          416: { ...Type.Ref('ErrorResponse'), headers: RANGE_NOT_SATISFIABLE_HEADERS },
        },
      },
    },
    async (request, reply) =>
      sendAudio(request, reply, generations, await generations.get(request.caller, request.params.id)),
  );

  app.get(
    '/tts/:id/captions',
    {
      schema: {
        summary: 'SRT or JSON captions from stored word timings',
        tags: ['tts'],
        params: IdParams,
        querystring: CaptionsQuery,
        response: {
          200: {
            description: 'format=json: word timings and the SRT; format=srt (default): the SRT file',
            content: { 'application/json': { schema: CaptionsJson }, 'application/x-subrip': { schema: Type.String() } },
            headers: { 'Content-Disposition': { type: 'string', description: 'SRT only: inline, file name <generation id>.srt' } },
          } as never,
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const row = await generations.get(request.caller, request.params.id);
      const q = request.query;
      const captions = generations.captions(row, {
        format: q.format ?? 'srt',
        mode: q.mode ?? 'phrase',
        maxWords: q.max_words ?? 4,
        uppercase: q.uppercase ?? false,
      });
      if ((q.format ?? 'srt') === 'json') return captions;
      return reply
        .type('application/x-subrip; charset=utf-8')
        .header('Content-Disposition', `inline; filename="${row.id}.srt"`)
        .send(captions.srt);
    },
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
    async (request) => {
      await generations.delete(request.caller, request.params.id);
      return { ok: true as const, id: request.params.id, deleted: true as const };
    },
  );
};
