import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { wavDataOnly } from '../../../audio/wav.js';
import { modelForElevenLabs, speedForElevenLabs } from '../../../domain/generations/elevenlabs-names.js';
import { type GenerationService, warningsHeader } from '../../../domain/generations/generations.js';
import type { StreamedGeneration } from '../../../domain/generations/generation-stream.js';
import { type AlignmentCursor, type CharacterAlignment, alignCharacters } from '../../../speech/alignment.js';
import { AUDIO_CONTENT, ELEVENLABS_SPEECH, GENERATION_ID, VOICE_ENGINE, WARNINGS } from '../../response-headers.js';
import { refuseNulOutsideText } from '../v1/tts-schemas.js';
import { type OutputFormat, parseOutputFormat } from './output-format.js';
import { TextToSpeechBody, TextToSpeechQuery, VoiceIdParams, WithTimestamps, elevenLabsErrors } from './schemas.js';

type Body = Static<typeof TextToSpeechBody>;
type Query = Static<typeof TextToSpeechQuery>;

function speedOf(body: Body): number | undefined {
  const speed = body.voice_settings?.speed;
  return speed === undefined || speed === null ? undefined : speedForElevenLabs(speed);
}

/** Starts the synthesis; resolves once the first audio exists (errors before it are JSON errors). */
async function startSpeech(
  generations: GenerationService,
  request: FastifyRequest<{ Body: Body; Querystring: Query; Params: { voice_id: string } }>,
  reply: FastifyReply,
): Promise<{ speech: StreamedGeneration; output: OutputFormat; audio: AsyncIterable<Buffer> }> {
  const output = parseOutputFormat(request.query.output_format);
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  const speed = speedOf(request.body);
  const speech = await generations.stream(
    request.caller,
    {
      text: request.body.text,
      voice: request.params.voice_id,
      model: modelForElevenLabs(request.body.model_id),
      format: output.format,
      sample_rate: output.sampleRate,
      ...(output.bitRate !== undefined ? { bit_rate: output.bitRate } : {}),
      ...(speed !== undefined && speed !== 1 ? { speed } : {}),
    },
    gone.signal,
  );
  reply
    .header('history-item-id', speech.id)
    .header('request-id', request.id)
    .header('X-Generation-Id', speech.id)
    .header('X-Voice-Engine', speech.engine)
    .header('Cache-Control', 'no-store');
  if (speech.warnings.length > 0) reply.header('X-Voicelib-Warnings', warningsHeader(speech.warnings));
  return { speech, output, audio: output.headerless ? wavDataOnly(speech.chunks) : speech.chunks };
}

/** ElevenLabs' alignment object from ours. */
function alignmentJson(a: CharacterAlignment) {
  return { characters: a.characters, character_start_times_seconds: a.starts, character_end_times_seconds: a.ends };
}

/**
 * `/stream/with-timestamps`: one JSON object per line, each with a piece of the audio and the
 * characters whose words have been synthesized since the line before. Times are seconds from the
 * start of the answer (Pipecat reads them so); the last line brings the rest of the text.
 */
async function* timestampLines(text: string, speech: StreamedGeneration, audio: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const cursor: AlignmentCursor = { position: 0, time: 0 };
  let used = 0;
  const line = (bytes: Buffer, final: boolean) => {
    const words = speech.words();
    const fresh = words.slice(used);
    used = words.length;
    const a = alignCharacters(text, fresh, cursor, final);
    const alignment = a.characters.length > 0 ? alignmentJson(a) : null;
    return `${JSON.stringify({ audio_base64: bytes.toString('base64'), alignment, normalized_alignment: alignment })}\n`;
  };
  for await (const bytes of audio) yield line(bytes, false);
  await speech.done;
  const last = line(Buffer.alloc(0), true);
  if (!last.includes('"alignment":null')) yield last;
}

/**
 * ElevenLabs' text-to-speech under `/v1/text-to-speech/{voice_id}`: the same generation as
 * `POST /api/v1/tts/stream` (checks, price, points, record), in ElevenLabs' request and answer shapes.
 */
export const elevenLabsTtsRoutes: FastifyPluginAsyncTypebox<{ generations: GenerationService }> = async (app, { generations }) => {
  const common = {
    preValidation: refuseNulOutsideText,
    body: TextToSpeechBody,
    querystring: TextToSpeechQuery,
    params: VoiceIdParams,
  };
  const headers = { ...ELEVENLABS_SPEECH, ...GENERATION_ID, ...VOICE_ENGINE, ...WARNINGS };
  const audioAnswer = {
    200: Type.Unsafe({
      description: 'Audio bytes in `output_format` (pcm, ulaw and alaw headerless), chunked as made',
      content: { ...AUDIO_CONTENT, 'audio/basic': AUDIO_CONTENT['audio/pcm'], 'audio/x-alaw-basic': AUDIO_CONTENT['audio/pcm'] },
      headers,
    }),
    ...elevenLabsErrors(400, 402, 404, 413, 422, 502, 503),
  };
  const { preValidation, ...schema } = common;

  for (const path of ['/text-to-speech/:voice_id', '/text-to-speech/:voice_id/stream']) {
    app.post(
      path,
      {
        preValidation,
        schema: {
          ...schema,
          summary: path.endsWith('/stream') ? 'Speech, streamed (ElevenLabs-compatible)' : 'Speech (ElevenLabs-compatible)',
          description:
            "ElevenLabs' text-to-speech: the audio in `output_format`, sent as it is synthesized. Charged and recorded as " +
            'POST /api/v1/tts/stream; the generation id is in `history-item-id`. docs/elevenlabs-compatibility.md.',
          tags: ['elevenlabs'],
          response: audioAnswer,
        },
      },
      async (request, reply) => {
        const { output, audio } = await startSpeech(generations, request, reply);
        reply.type(output.contentType);
        return reply.send(Readable.from(audio, { objectMode: false }) as unknown as string);
      },
    );
  }

  app.post(
    '/text-to-speech/:voice_id/with-timestamps',
    {
      preValidation,
      schema: {
        ...schema,
        summary: 'Speech with character timings (ElevenLabs-compatible)',
        description: 'The whole audio as base64 with the start and end of every character of the text, in seconds.',
        tags: ['elevenlabs'],
        response: { 200: { ...WithTimestamps, headers }, ...elevenLabsErrors(400, 402, 404, 413, 422, 502, 503) },
      },
    },
    async (request, reply) => {
      const { speech, audio } = await startSpeech(generations, request, reply);
      const pieces: Buffer[] = [];
      for await (const piece of audio) pieces.push(piece);
      await speech.done;
      const a = alignCharacters(request.body.text, speech.words(), { position: 0, time: 0 }, true);
      return { audio_base64: Buffer.concat(pieces).toString('base64'), alignment: alignmentJson(a), normalized_alignment: alignmentJson(a) };
    },
  );

  app.post(
    '/text-to-speech/:voice_id/stream/with-timestamps',
    {
      preValidation,
      schema: {
        ...schema,
        summary: 'Speech with character timings, streamed (ElevenLabs-compatible)',
        description:
          'Newline-delimited JSON: objects like the with-timestamps answer, each with the next piece of audio and the ' +
          'characters spoken since the line before; times are seconds from the start of the answer.',
        tags: ['elevenlabs'],
        response: {
          ...audioAnswer,
          200: Type.Unsafe({
            description: 'One JSON object per line: audio_base64, alignment, normalized_alignment',
            content: { 'application/x-ndjson': { schema: { type: 'string' } } },
            headers,
          }),
        },
      },
    },
    async (request, reply) => {
      const { speech, audio } = await startSpeech(generations, request, reply);
      // One JSON object per line; ElevenLabs' clients read lines and do not look at the type.
      reply.type('application/x-ndjson');
      return reply.send(Readable.from(timestampLines(request.body.text, speech, audio), { objectMode: false }) as unknown as string);
    },
  );
};
