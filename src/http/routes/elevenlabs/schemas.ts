import { Type } from 'typebox';
import { OUTPUT_FORMATS } from './output-format.js';

/**
 * Request and answer shapes of the ElevenLabs-compatible routes, as its SDKs (Python 2.78, JS 2.73)
 * send and parse them: unknown request fields are accepted and ignored (the SDKs add new ones over
 * time), optional ones may be null.
 */

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const VoiceSettings = Type.Object({
  stability: nullable(Type.Number()),
  similarity_boost: nullable(Type.Number()),
  style: nullable(Type.Number()),
  use_speaker_boost: nullable(Type.Boolean()),
  speed: nullable(Type.Number({ minimum: 0.5, maximum: 1.5, description: 'Tempo; the only setting voicelib applies (rounded to 0.05)' })),
});

export const TextToSpeechBody = Type.Object({
  text: Type.String({ description: 'Text to speak; at most 2,000 characters, as on POST /api/v1/tts' }),
  model_id: nullable(Type.String({ description: 'An ElevenLabs model id or a voicelib model (docs/elevenlabs-compatibility.md)' })),
  language_code: nullable(Type.String({ description: 'Accepted and ignored: the voice sets the language' })),
  voice_settings: nullable(VoiceSettings),
  seed: nullable(Type.Integer()),
  previous_text: nullable(Type.String()),
  next_text: nullable(Type.String()),
  apply_text_normalization: nullable(Type.String()),
});

export const TextToSpeechQuery = Type.Object({
  output_format: Type.Optional(Type.String({ enum: [...OUTPUT_FORMATS], default: 'mp3_44100_128' } as never)),
  optimize_streaming_latency: Type.Optional(Type.Integer({ minimum: 0, maximum: 4, description: 'Accepted and ignored' })),
  enable_logging: Type.Optional(Type.Boolean({ description: 'Accepted; every generation is recorded as on the native API' })),
});

export const VoiceIdParams = Type.Object({ voice_id: Type.String({ minLength: 1, maxLength: 200 }) });

const CharacterAlignment = Type.Object({
  characters: Type.Array(Type.String()),
  character_start_times_seconds: Type.Array(Type.Number()),
  character_end_times_seconds: Type.Array(Type.Number()),
});

export const WithTimestamps = Type.Object({
  audio_base64: Type.String(),
  alignment: Type.Union([CharacterAlignment, Type.Null()]),
  normalized_alignment: Type.Union([CharacterAlignment, Type.Null()]),
});

/** Errors as ElevenLabs sends them: `{ detail: { status, message } }`. */
export const ElevenLabsError = Type.Object({
  detail: Type.Object({ status: Type.String(), message: Type.String(), param: Type.Optional(Type.String()) }),
});

/** As on the native routes: 400 (a URL with %00), 401, 403, 414 (a URL over 8 KiB), 422 (a bad query), 429, 500. */
export function elevenLabsErrors(...statuses: number[]) {
  return Object.fromEntries([400, 401, 403, 414, 422, 429, 500, ...statuses].map((s) => [s, ElevenLabsError]));
}
