import { Type, type TSchema } from 'typebox';
import { GENERATION_ID, VOICE_ENGINE, WARNINGS } from '../../response-headers.js';

/** Wire schemas of the OpenAI-compatible routes: OpenAI's field names and limits. */

export const OpenAiError = Type.Object(
  {
    error: Type.Object({
      message: Type.String(),
      type: Type.String({ description: 'invalid_request_error, authentication_error, rate_limit_error, server_error, ...' }),
      param: Type.Union([Type.String(), Type.Null()], { description: 'The request field at fault, or null' }),
      code: Type.String({ description: "The native API's snake_case code" }),
      retryable: Type.Optional(Type.Boolean({ description: 'Only on 502: whether retrying may succeed' })),
    }),
  },
  { $id: 'OpenAiError', description: "OpenAI's error shape; statuses as on the native API" },
);

/** Error responses of every /v1 route. */
export function openAiErrors(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  // 400: any URL with %00; 414: any URL over 8 KiB (MAX_URL_BYTES); as on the native routes.
  for (const status of [400, 401, 403, 414, 429, ...statuses]) out[status] = Type.Ref('OpenAiError');
  return out;
}

export const RESPONSE_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;

export const SpeechRequest = Type.Object({
  model: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'tts-1 and tts-1-hd (→ v-pro), gpt-4o-mini-tts (→ v-studio), or a voicelib model key',
  }),
  input: Type.String({
    maxLength: 4096,
    'x-too-large': 'text_too_long',
    description:
      'Text to speak, at most 4,096 characters (break and [emotion] tags included). Synthesized in sentence ' +
      'pieces of at most 2,000 characters; charged once for the whole input, as one call.',
  }),
  voice: Type.String({
    minLength: 1,
    maxLength: 200,
    description: "OpenAI's alloy, ash, ballad, coral, echo, fable, nova, onyx, sage, shimmer, verse, or any voicelib voice id or slug",
  }),
  instructions: Type.Optional(
    Type.String({
      maxLength: 4096,
      description: 'Tone and delivery in words ("cheerful", "calm and steady"); steers gpt-4o-mini-tts / v-studio only, 422 on others',
    }),
  ),
  response_format: Type.Optional(
    Type.Enum([...RESPONSE_FORMATS], { default: 'mp3', description: 'pcm is raw 24 kHz signed 16-bit little-endian mono' }),
  ),
  speed: Type.Optional(
    Type.Number({
      minimum: 0.25,
      maximum: 4,
      description: '0.25-4. 0.5-1.5 is spoken by the engine; beyond, a pitch-preserving time stretch does the rest',
    }),
  ),
  lexicon_ids: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: 3,
      description: 'voicelib extension: up to 3 pronunciation lexicon ids (/api/v1/lexicons), the first listed winning',
    }),
  ),
  stream_format: Type.Optional(
    Type.Enum(['audio', 'sse'], {
      default: 'audio',
      description: 'audio: the raw file, chunked as it is made; sse: speech.audio.delta events then speech.audio.done',
    }),
  ),
});

const binary = Type.String({ format: 'binary' });

/** The 200 of /v1/audio/speech: audio bytes in the asked format, or an event stream. */
export const SpeechResponse = {
  description:
    'The audio, sent piece by piece as each is encoded (chunked). With stream_format=sse: text/event-stream.',
  headers: {
    ...GENERATION_ID,
    'X-Points-Used': { type: 'integer', description: 'Points this request was charged' },
    ...VOICE_ENGINE,
    ...WARNINGS,
    'Cache-Control': { type: 'string', description: 'stream_format=sse only: "no-cache"' },
  },
  content: {
    'audio/mpeg': { schema: binary },
    'audio/ogg': { schema: binary },
    'audio/aac': { schema: binary },
    'audio/flac': { schema: binary },
    'audio/wav': { schema: binary },
    'audio/pcm': { schema: binary },
    'text/event-stream': {
      schema: Type.String({
        description:
          'data: {"type":"speech.audio.delta","audio":"<base64>"} events, then data: {"type":"speech.audio.done",' +
          '"usage":{"input_tokens","output_tokens","total_tokens"},"generation_id","points_used","warnings":[{"code","message"}]}',
      }),
    },
  },
};

export const Model = Type.Object({
  id: Type.String(),
  object: Type.Literal('model'),
  created: Type.Integer({ description: 'Unix seconds' }),
  owned_by: Type.String(),
  voicelib_model: Type.String({ description: 'The voicelib model this id runs on' }),
});

export const ModelList = Type.Object({ object: Type.Literal('list'), data: Type.Array(Model) });
export const ModelParams = Type.Object({ model: Type.String({ description: 'Model id' }) });
