import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type GenerationService, warningsHeader } from '../../../domain/generations/generations.js';
import { AUDIO_CONTENT, GENERATION_ID, VOICE_ENGINE, WARNINGS } from '../../response-headers.js';
import { errorResponses } from '../../schemas.js';
import { TtsRequest, refuseNulOutsideText } from './tts-schemas.js';

/**
 * `POST /api/v1/tts/stream`: the body of `POST /api/v1/tts`, answered with the audio itself as it
 * is synthesized (chunked transfer), sentence by sentence. Errors found before the first byte are
 * the usual JSON errors; after it, a failure can only cut the response short (no final chunk).
 */
export const ttsStreamRoutes: FastifyPluginAsyncTypebox<{ generations: GenerationService }> = async (
  app,
  { generations },
) => {
  app.post(
    '/tts/stream',
    {
      // A replay sends the stored bytes; a stream cut short frees its key (docs/reliability.md).
      config: { idempotent: true },
      preValidation: refuseNulOutsideText,
      schema: {
        summary: 'Generate speech, streamed as it is synthesized',
        description:
          'Same body, checks and price as `POST /api/v1/tts`; the points are reserved before the first byte. ' +
          'Answers 200 with the audio in the requested `format` (chunked), one sentence after another, with ' +
          'the headers `X-Generation-Id` and `X-Voice-Engine`. When the stream has ended, the generation is ' +
          'recorded (`GET /api/v1/tts/:id`, `/audio` = exactly the streamed bytes, `/captions`); until then ' +
          'that id answers 404. MP3 streams carry no Info/LAME frame and WAV-family streams say "length ' +
          'unknown" in their header. A client that disconnects stops synthesis and is charged only for the ' +
          'sentences already synthesized (docs/decisions.md). A failure after the first byte ends the ' +
          'response without its terminating chunk: clients see an incomplete body, and nothing is charged.',
        tags: ['tts'],
        body: TtsRequest,
        response: {
          200: Type.Unsafe({
            description: 'Audio bytes in the requested format, chunked as they are made',
            content: AUDIO_CONTENT,
            headers: {
              ...GENERATION_ID,
              ...VOICE_ENGINE,
              ...WARNINGS,
              'Cache-Control': { type: 'string', description: '"no-store": the bytes are made for this request' },
            },
          }),
          ...errorResponses(400, 402, 404, 413, 422, 502, 503),
        },
      },
    },
    async (request, reply) => {
      // Aborted when the client goes away before the response has ended.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const streamed = await generations.stream(request.caller, request.body, gone.signal);
      reply
        .header('X-Generation-Id', streamed.id)
        .header('X-Voice-Engine', streamed.engine)
        .header('Cache-Control', 'no-store')
        .type(streamed.mimeType);
      if (streamed.warnings.length > 0) reply.header('X-Voicelib-Warnings', warningsHeader(streamed.warnings));
      // Destroying the response (disconnect) ends the iteration, which stops synthesis; a failure
      // thrown by the iteration after the headers makes Fastify destroy the connection.
      // Fastify sends streams as they are; the 200 schema only documents them, hence the cast.
      return reply.send(Readable.from(streamed.chunks, { objectMode: false }) as unknown as string);
    },
  );
};
