import { Type } from 'typebox';
import { nulRefusal } from '../../validation.js';

export const AUDIO_FORMAT_NAMES = ['MP3', 'WAV', 'FLAC', 'OGG_OPUS', 'LINEAR16', 'PCM', 'ALAW', 'MULAW'] as const;
export const SAMPLE_RATE_VALUES = [8000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

/** A speech request's NUL check: `text` is only spoken (NUL makes no sound there); every other field is looked up or kept. */
export const refuseNulOutsideText = nulRefusal(['text']);

export const TtsRequest = Type.Object({
  text: Type.String({
    maxLength: 2000,
    'x-too-large': 'text_too_long',
    description:
      'Text to speak, at most 2,000 characters including every tag (<break time="1s"/>, [emotion], SSML-like ' +
      '<say-as>, <sub>, <phoneme alphabet="ipa">, <emphasis>, <prosody>). Numbers, money, dates and abbreviations are read as people say ' +
      'them; captions keep them as written (docs/text.md). One call is one synthesis.',
  }),
  voice: Type.String({ minLength: 1, maxLength: 200, description: 'Voice id, or slug of a catalog voice' }),
  model: Type.Optional(
    Type.String({ description: 'v-studio, v-flash, v-pro (default) or v-lite; anything else is 422 unknown_model' }),
  ),
  speed: Type.Optional(
    Type.Number({ minimum: 0.5, maximum: 1.5, multipleOf: 0.05, description: 'Tempo, 0.5-1.5 in steps of 0.05' }),
  ),
  temperature: Type.Optional(
    Type.Number({
      minimum: 0.7,
      maximum: 1.5,
      multipleOf: 0.05,
      description: 'Prosodic variation 0.7-1.5, step 0.05. v-pro and v-lite only; other models answer 422',
    }),
  ),
  delivery_mode: Type.Optional(
    Type.Enum(['STABLE', 'BALANCED', 'CREATIVE'], { description: 'v-studio only; other models answer 422' }),
  ),
  enhance_generation: Type.Optional(Type.Boolean({ default: false, description: 'Denoise and clean up the audio' })),
  format: Type.Optional(
    Type.Enum([...AUDIO_FORMAT_NAMES], { default: 'MP3', description: 'Output format' }),
  ),
  bit_rate: Type.Optional(
    Type.Integer({ minimum: 32000, maximum: 320000, description: 'MP3 and OGG_OPUS only; ignored for other formats' }),
  ),
  sample_rate: Type.Optional(
    Type.Enum([...SAMPLE_RATE_VALUES], { description: 'Output sample rate in Hz' }),
  ),
  captions: Type.Optional(
    Type.Union([Type.Boolean(), Type.Literal('phrase'), Type.Literal('word')], {
      description: 'true or "phrase" (phrase cues) or "word" (one cue per word): adds the SRT as `captions`',
    }),
  ),
  lexicon_ids: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: 3,
      description:
        'Up to 3 pronunciation lexicons (/api/v1/lexicons), the first listed winning where two hold the same word. ' +
        'Unknown or foreign ids are 404. IPA entries are spoken by engines that take IPA (Kokoro, Piper); ' +
        'elsewhere they are read as written, with an ignored_lexicon_ipa warning (docs/text.md)',
    }),
  ),
});

export const GenerationSummary = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')]),
  audio_url: Type.Union([Type.String(), Type.Null()], { description: 'Hosted audio, playable without the key' }),
  stream_url: Type.String(),
  captions_url: Type.String(),
  format: Type.String(),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
});

export const TtsResponse = Type.Object({
  id: Type.String(),
  status: Type.Literal('pending'),
  audio_base64: Type.String({ description: 'data:audio/<type>;base64,<data>' }),
  audio_url: Type.Null(),
  stream_url: Type.String(),
  captions_url: Type.String(),
  format: Type.String(),
  model: Type.String(),
  points_used: Type.Integer(),
  captions: Type.Optional(Type.String({ description: 'SRT, when requested' })),
  warnings: Type.Array(
    Type.Object({
      code: Type.String({ description: 'unknown_tag, unsupported_tag, unsupported_attribute or ignored_tag' }),
      message: Type.String(),
    }),
    { description: 'Markup removed or not applied; empty when none. Also in the X-Voicelib-Warnings header.' },
  ),
});

export const CaptionsQuery = Type.Object({
  format: Type.Optional(Type.Enum(['srt', 'json'], { default: 'srt' })),
  mode: Type.Optional(Type.Enum(['phrase', 'word'], { default: 'phrase' })),
  max_words: Type.Optional(Type.Integer({ minimum: 2, maximum: 7, default: 4 })),
  uppercase: Type.Optional(Type.Boolean({ default: false })),
});

export const CaptionsJson = Type.Object({
  id: Type.String(),
  mode: Type.String(),
  duration: Type.Number({ description: 'Seconds' }),
  srt: Type.String(),
  words: Type.Array(Type.Object({ word: Type.String(), start: Type.Number(), end: Type.Number() })),
});

export const HistoryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size 1-100' })),
  cursor: Type.Optional(
    Type.String({ maxLength: 200, description: 'Opaque: `next_cursor` of the previous page. Anything else is 400 invalid_cursor' }),
  ),
  voice_id: Type.Optional(Type.String({ maxLength: 200, description: 'Only generations with this voice id' })),
  model: Type.Optional(Type.String({ maxLength: 50, description: 'Only generations of this model key (v-pro, ...)' })),
  status: Type.Optional(Type.Enum(['pending', 'ready', 'failed'], { description: 'Only generations in this state' })),
});

export const HistoryItem = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')]),
  audio_url: Type.Union([Type.String(), Type.Null()], { description: 'Hosted audio once ready' }),
  stream_url: Type.String(),
  captions_url: Type.String(),
  format: Type.String({ description: 'Output format name (MP3, WAV, ..., AAC for OpenAI-compatible requests)' }),
  model: Type.String({ description: 'Model key used' }),
  voice_id: Type.String(),
  characters: Type.Integer({ description: 'Characters counted for the cost (tags included)' }),
  points_used: Type.Integer(),
  text: Type.Union([Type.String(), Type.Null()], {
    description: 'The text spoken, as the request gave it (null on generations made before voicelib kept it); deleted with the generation',
  }),
  created_at: Type.String({ description: 'ISO 8601' }),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
});

export const HistoryResponse = Type.Object({
  generations: Type.Array(HistoryItem),
  has_more: Type.Boolean(),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last' }),
});
