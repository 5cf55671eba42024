import { Type } from 'typebox';
import { Refinement } from '../../schemas.js';

export const Language = Type.Object({
  name: Type.String(),
  code: Type.String(),
  experimental: Type.Boolean(),
  accents: Type.Array(Type.Object({ name: Type.String(), code: Type.String() })),
  tier: Type.Union([Type.Literal('neural'), Type.Literal('basic'), Type.Null()], {
    description: 'Engine tier v-pro speaks the language with on this server: neural (Kokoro, Piper) or basic (eSpeak NG, Flite, SVOX Pico); null when no engine is installed',
  }),
  intelligibility: Type.Object(
    {
      class: Type.Union([Type.Literal('good'), Type.Literal('fair'), Type.Literal('poor'), Type.Literal('unmeasured')]),
      error_rate: Type.Union([Type.Number(), Type.Null()], { description: 'Measured corpus error rate under Whisper base (0.05 = 5 %), null when unmeasured' }),
      metric: Type.Union([Type.Literal('wer'), Type.Literal('cer')]),
      engine: Type.Union([Type.String(), Type.Null()], { description: 'The engine measured: the one v-pro uses here' }),
    },
    { description: 'How well a speech recognizer understands that engine in this language (npm run bench:intelligibility); good: WER at most 15 % (CER 10 %), fair: 30 % (20 %), poor: more' },
  ),
  spoken_as: Type.Union([Type.String(), Type.Null()], {
    description: 'Language the speech is synthesized in: the language itself, or the closest one an installed engine speaks',
  }),
});

export const LanguagesResponse = Type.Object({
  languages: Type.Array(Language),
  sample_limits: Type.Object({
    max_samples: Type.Integer(),
    max_base64_length: Type.Integer(),
    allowed_formats: Type.Array(Type.String()),
  }),
});

export const CloneRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 80 }),
  language: Type.String({ minLength: 1, maxLength: 64, description: 'Language name or code, accent code, legacy enum, or auto' }),
  samples: Type.Array(
    Type.Object({
      audio_base64: Type.String({
        minLength: 1,
        maxLength: 8_000_000,
        'x-too-large': 'sample_too_large',
        description: 'Raw base64 (no data: prefix) of one recording; at most 8,000,000 characters',
      }),
      transcript: Type.Optional(Type.String({ maxLength: 5000 })),
    }),
    { minItems: 1, maxItems: 1, description: 'Exactly one recording of about 30 seconds' },
  ),
  remove_background_noise: Type.Optional(Type.Boolean({ default: true })),
});

export const CloneResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Literal('clone'),
  languages: Type.Array(Type.String()),
  created_at: Type.String(),
  used: Type.Integer(),
  limit: Type.Integer(),
  audio_notes: Type.Optional(Type.Array(Type.String())),
  refinement: Refinement,
});

export const PreviewsRequest = Type.Object({
  prompt: Type.String({ minLength: 30, maxLength: 1000, description: 'English description, 30-1000 characters' }),
  language: Type.Optional(Type.String({ maxLength: 64, default: 'auto' })),
  preview_text: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, 'x-too-large': 'preview_text_too_long' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 3 })),
  include_audio: Type.Optional(Type.Boolean({ default: false })),
});

export const PreviewsResponse = Type.Object({
  previews: Type.Array(
    Type.Object({
      preview_id: Type.String(),
      text: Type.String(),
      preview_url: Type.String(),
      audio_base64: Type.Optional(Type.String()),
    }),
  ),
  points_used: Type.Integer(),
  expires_in: Type.Integer(),
});

export const SaveDesignRequest = Type.Object({
  preview_id: Type.String({ minLength: 1 }),
  name: Type.String({ minLength: 1, maxLength: 80 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10 })),
  sample_base64: Type.Optional(Type.String({ maxLength: 8_000_000, 'x-too-large': 'sample_too_large' })),
});

export const SaveDesignResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Literal('designed'),
  languages: Type.Array(Type.String()),
  created_at: Type.String(),
  preview_url: Type.String(),
  used: Type.Integer(),
  limit: Type.Integer(),
});

/** Letters (any script), digits, spaces and the punctuation of language names: `English (India)`, `N’Ko`. */
const NAME_OR_CODE = "^[\\p{L}\\p{M}\\p{N} ()'’.,_-]+$";
const WORD = '^[A-Za-z _-]+$';

/** Query filters of `GET /api/v1/voices` beyond the spec's four (docs/voices.md). Malformed: 400. */
export const VoiceFilterQuery = {
  language: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: NAME_OR_CODE,
      'x-malformed': 'a language or accent name or code of 1-64 letters, digits, spaces and - _ ( ) . , \'',
      description:
        'Language or accent: code, English name, accent code or legacy enum (`es`, `Spanish`, `es-MX`, `PT_BR`). ' +
        'A bare language matches all its accents; an accent code matches that accent only. Unknown: empty list.',
    }),
  ),
  accent: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: NAME_OR_CODE,
      'x-malformed': 'an accent name or code of 1-64 letters, digits, spaces and - _ ( ) . , \'',
      description: 'Accent name (`Castilian`, `Latin American`) or accent code (`es-ES`), case-insensitive',
    }),
  ),
  gender: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 32,
      pattern: WORD,
      'x-malformed': 'a word of 1-32 letters',
      description: 'Preset voices are `female`, `male` or `neutral`; own voices have no gender and never match',
    }),
  ),
  age: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 32,
      pattern: WORD,
      'x-malformed': 'a word of 1-32 letters',
      description: 'Preset voices are `young`, `middle-aged` or `old`; own voices have no age and never match',
    }),
  ),
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      // The control characters (Unicode Cc) as ranges: generators such as Schemathesis cannot use \p{Cc}.
      pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F]*$',
      'x-malformed': 'text of at most 200 characters without control characters',
      description: 'Every word must appear in the name, description, category or tags (case- and accent-insensitive)',
    }),
  ),
};
