import { Type, type TSchema } from 'typebox';
import { OpenAiError } from './routes/openai/schemas.js';

/** Shared wire schemas. Field descriptions here are the API reference in the OpenAPI document. */

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable snake_case error code' }),
      message: Type.String({ description: 'Human-readable explanation' }),
      retryable: Type.Optional(Type.Boolean({ description: 'Only on 502: whether retrying may succeed' })),
    }),
  },
  { $id: 'ErrorResponse', description: 'Every failure has this shape' },
);

/**
 * Error responses documented on every authenticated route; 400 is any URL with %00 in it and 414
 * any URL over 8 KiB (MAX_URL_BYTES), both found answered but undocumented by Schemathesis.
 */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of [400, 401, 403, 414, 429, ...statuses]) out[status] = Type.Ref('ErrorResponse');
  return out;
}

export const Ok = Type.Object({ ok: Type.Literal(true), id: Type.String(), deleted: Type.Literal(true) });

export const IdParams = Type.Object({ id: Type.String({ description: 'Generation id' }) });
export const VoiceIdParams = Type.Object({ voiceId: Type.String({ description: 'Voice id' }) });

export const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Page size 1-500; omitted = all' })),
  // Query numbers must be safe integers (src/http/validation.ts); the schema says so.
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0, description: 'Number of voices to skip' })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive filter on id, slug and name' })),
};

/** A clone's refinement in its speaker's voice (docs/voices.md, "Refinement"). */
export const Refinement = Type.Union(
  [
    Type.Object(
      {
        status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')], {
          description: 'queued, running (the voice already speaks with the best fit so far), done or failed',
        }),
        similarity: Type.Union([Type.Number(), Type.Null()], {
          description:
            'Speaker similarity (0-1, cosine of speaker embeddings) of the current fit to the recording; about 0.80 and up is the same voice. Null until measured',
        }),
        updated_at: Type.String(),
      },
    ),
    Type.Null(),
  ],
  {
    description:
      'Clones only: the background search for a fit closer to the recording. Null when no installed engine can be refined (Kokoro and the speaker encoder are needed)',
  },
);

export const Voice = Type.Object(
  {
    id: Type.String(),
    slug: Type.Optional(Type.String()),
    name: Type.String(),
    type: Type.Union([Type.Literal('preset'), Type.Literal('clone'), Type.Literal('designed')]),
    languages: Type.Array(Type.String()),
    language_code: Type.Optional(Type.String()),
    accent: Type.Optional(Type.String()),
    category: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    gender: Type.Optional(Type.String()),
    age: Type.Optional(Type.String()),
    tags: Type.Optional(Type.Array(Type.String())),
    created_at: Type.Optional(Type.String()),
    preview_url: Type.Optional(Type.String()),
    refinement: Type.Optional(Refinement),
  },
  { $id: 'Voice' },
);

export const VoiceList = Type.Object({
  voices: Type.Array(Type.Ref('Voice')),
  total: Type.Integer(),
  count: Type.Integer(),
  offset: Type.Integer(),
  has_more: Type.Boolean(),
});

export const SlotVoiceList = Type.Object({
  voices: Type.Array(Type.Ref('Voice')),
  total: Type.Integer(),
  count: Type.Integer(),
  offset: Type.Integer(),
  has_more: Type.Boolean(),
  used: Type.Integer({ description: 'Slots in use' }),
  limit: Type.Integer({ description: 'Slots available on the plan' }),
});

export const sharedSchemas = [ErrorResponse, Voice, OpenAiError];
