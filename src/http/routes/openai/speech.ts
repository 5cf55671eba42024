import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type GenerationService, warningsHeader } from '../../../domain/generations/generations.js';
import type { StartedSpeech } from '../../../domain/generations/long-speech.js';
import { MODEL_KEYS } from '../../../domain/generations/models.js';
import { modelForOpenAi, voiceForOpenAi } from '../../../domain/generations/openai-names.js';
import { nulRefusal } from '../../validation.js';
import { SpeechRequest, SpeechResponse, openAiErrors } from './schemas.js';

type Chunks = AsyncIterator<Buffer, unknown>;

/** The audio bytes: the first piece (already made) and the rest as they come. */
async function* rawAudio(first: IteratorResult<Buffer, unknown>, rest: Chunks): AsyncGenerator<Buffer> {
  try {
    if (!first.done) yield first.value;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Client gone: stops the synthesis and gives the points back (see long-speech.ts).
    await rest.return?.(undefined);
  }
}

/** OpenAI's speech SSE: one `speech.audio.delta` per encoded chunk, then `speech.audio.done` with usage. */
async function* events(first: IteratorResult<Buffer, unknown>, rest: Chunks, speech: StartedSpeech): AsyncGenerator<string> {
  const event = (data: object) => `data: ${JSON.stringify(data)}\n\n`;
  for await (const bytes of rawAudio(first, rest)) {
    yield event({ type: 'speech.audio.delta', audio: bytes.toString('base64') });
  }
  // Characters stand in for tokens: they are what the request is measured and charged by.
  yield event({
    type: 'speech.audio.done',
    usage: { input_tokens: speech.characters, output_tokens: 0, total_tokens: speech.characters },
    generation_id: speech.id,
    points_used: speech.pointsUsed,
    warnings: speech.warnings,
  });
}

/** `POST /v1/audio/speech`: OpenAI's request shape on voicelib's speech, points and records. */
export const openAiSpeechRoutes: FastifyPluginAsyncTypebox<{ generations: GenerationService }> = async (
  app,
  { generations },
) => {
  app.post(
    '/audio/speech',
    {
      // The voice is looked up: no NUL, which PostgreSQL cannot take in a query; the spoken fields may hold it.
      preValidation: nulRefusal(['input', 'instructions']),
      schema: {
        summary: 'Generate speech (OpenAI-compatible)',
        description:
          "OpenAI's speech endpoint: same request fields, audio streamed back piece by piece. Authenticated, " +
          'rate-limited and charged exactly like POST /api/v1/tts; every request is one generation in ' +
          'GET /api/v1/tts. Mapping of models and voices: docs/openai-compatibility.md.',
        tags: ['openai'],
        body: SpeechRequest,
        response: { 200: SpeechResponse as never, ...openAiErrors(400, 402, 404, 413, 422, 502, 503) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const cancelled = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) cancelled.abort();
      });
      const speech = await generations.speakLong(
        request.caller,
        {
          text: body.input,
          voice: voiceForOpenAi(body.voice),
          model: modelForOpenAi(body.model, MODEL_KEYS),
          format: body.response_format ?? 'mp3',
          ...(body.speed !== undefined ? { speed: body.speed } : {}),
          ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
          ...(body.lexicon_ids !== undefined ? { lexicon_ids: body.lexicon_ids } : {}),
        },
        cancelled.signal,
      );
      const audio = speech.audio[Symbol.asyncIterator]();
      // The first piece is made before the status goes out, so its failure is still a proper error.
      const first = await audio.next();
      reply
        .header('X-Generation-Id', speech.id)
        .header('X-Points-Used', String(speech.pointsUsed))
        .header('X-Voice-Engine', speech.engine() ?? 'unknown');
      if (speech.warnings.length > 0) reply.header('X-Voicelib-Warnings', warningsHeader(speech.warnings));
      if (body.stream_format === 'sse') {
        reply.type('text/event-stream').header('Cache-Control', 'no-cache');
        return reply.send(Readable.from(events(first, audio, speech)));
      }
      return reply.type(speech.mimeType).send(Readable.from(rawAudio(first, audio)));
    },
  );
};
