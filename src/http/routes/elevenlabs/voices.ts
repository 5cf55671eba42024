import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ELEVENLABS_MODELS } from '../../../domain/generations/elevenlabs-names.js';
import type { CloneService } from '../../../domain/voices/clones.js';
import type { DesignService } from '../../../domain/voices/designs.js';
import type { VoiceLibrary } from '../../../domain/voices/voice-library.js';
import type { VoiceView } from '../../../domain/voices/voice-listing.js';
import { AppError } from '../../../errors.js';
import { VoiceIdParams, elevenLabsErrors } from './schemas.js';

/** ElevenLabs' voice categories for voicelib's voice types. */
const CATEGORY = { preset: 'premade', clone: 'cloned', designed: 'generated' } as const;

/** Decoded bytes of the largest recording the native clone route takes (8,000,000 base64 characters). */
const MAX_SAMPLE_BYTES = 6_000_000;

/** A voice in ElevenLabs' shape; `voice_id` is voicelib's id, which every other route takes too. */
export function elevenLabsVoice(view: VoiceView) {
  return {
    voice_id: view.id,
    name: view.name,
    category: CATEGORY[view.type],
    description: view.description ?? null,
    labels: Object.fromEntries(
      (
        [
          ['accent', view.accent],
          ['gender', view.gender],
          ['age', view.age],
          ['language', view.language_code ?? view.languages[0]],
          ['use_case', view.category],
        ] as const
      ).filter(([, v]) => v !== undefined),
    ),
    preview_url: view.preview_url ?? null,
    available_for_tiers: [],
    settings: null,
    high_quality_base_model_ids: Object.keys(ELEVENLABS_MODELS),
    is_owner: view.type !== 'preset',
    ...(view.created_at ? { created_at_unix: Math.floor(Date.parse(view.created_at) / 1000) } : {}),
    ...(view.slug ? { voicelib_slug: view.slug } : {}),
  };
}

const Voice = Type.Object({ voice_id: Type.String(), name: Type.String(), category: Type.String() }, { additionalProperties: true });

interface Options {
  library: VoiceLibrary;
  clones: CloneService;
  designs: DesignService;
}

/** `/v1/voices`: listing, one voice, delete, and instant voice cloning (`/v1/voices/add`, multipart). */
export const elevenLabsVoiceRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { library, clones, designs }) => {
  await app.register(multipart, { limits: { fileSize: MAX_SAMPLE_BYTES, files: 25, fields: 20, fieldSize: 100_000 } });

  app.get(
    '/voices',
    {
      schema: {
        summary: 'Voices (ElevenLabs-compatible)',
        description: "The caller's clones and designs, then the preset catalog, in ElevenLabs' shape (one page: all of them).",
        tags: ['elevenlabs'],
        querystring: Type.Object({ show_legacy: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Object({ voices: Type.Array(Voice) }), ...elevenLabsErrors() },
      },
    },
    async (request, reply) => {
      const listed = await library.list(request.caller, { limit: 100_000 });
      // The voices carry optional fields the listing schema does not name: sent as they are.
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send({ voices: listed.items.map(elevenLabsVoice) });
    },
  );

  app.get(
    '/voices/:voice_id',
    {
      schema: {
        summary: 'One voice (ElevenLabs-compatible)',
        tags: ['elevenlabs'],
        params: VoiceIdParams,
        response: { 200: Voice, ...elevenLabsErrors(404) },
      },
    },
    async (request, reply) => reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(elevenLabsVoice(await library.find(request.caller, request.params.voice_id))),
  );

  app.delete(
    '/voices/:voice_id',
    {
      schema: {
        summary: 'Delete a clone or designed voice (ElevenLabs-compatible)',
        tags: ['elevenlabs'],
        params: VoiceIdParams,
        response: { 200: Type.Object({ status: Type.Literal('ok') }), ...elevenLabsErrors(403, 404) },
      },
    },
    async (request) => {
      const voice = await library.find(request.caller, request.params.voice_id);
      if (voice.type === 'preset') throw new AppError('forbidden', 'Catalog voices cannot be deleted');
      if (voice.type === 'clone') await clones.delete(request.caller, voice.id);
      else await designs.delete(request.caller, voice.id);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/voices/add',
    {
      config: { voiceCreation: true },
      schema: {
        summary: 'Instant voice clone (ElevenLabs-compatible)',
        description:
          'multipart/form-data: `name`, one recording in `files`, optional `labels` (JSON; `language` picks the ' +
          'language, else it is detected), `remove_background_noise`, `description` (ignored). The same clone as ' +
          'POST /api/v1/voices/clones: one slot, no points, refined in the background.',
        tags: ['elevenlabs'],
        consumes: ['multipart/form-data'],
        response: {
          200: Type.Object({ voice_id: Type.String(), requires_verification: Type.Boolean() }),
          ...elevenLabsErrors(400, 403, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the clone as multipart/form-data');
      const fields: Record<string, string> = {};
      const files: Buffer[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'files') {
              await part.toBuffer();
              continue;
            }
            files.push(await part.toBuffer());
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('sample_too_large', `The recording is larger than ${MAX_SAMPLE_BYTES} bytes`);
        }
        if (err instanceof AppError) throw err;
        // A body that is not the multipart it says it is (no boundary, cut short, too many parts).
        throw new AppError('bad_request', `The multipart body could not be read: ${(err as Error).message}`);
      }
      const name = fields['name']?.trim();
      if (!name) throw new AppError('validation_error', 'name is required', { param: 'name' });
      if (files.length === 0) throw new AppError('missing_samples', 'files must hold one recording', { param: 'files' });
      if (files.length > 1) {
        throw new AppError('validation_error', 'voicelib clones a voice from one recording; send one file in files', { param: 'files' });
      }
      const labels = parseLabels(fields['labels']);
      const noise = fields['remove_background_noise'];
      const created = await clones.create(request.caller, {
        name: name.slice(0, 80),
        language: typeof labels['language'] === 'string' && labels['language'] !== '' ? labels['language'] : 'auto',
        samples: [{ audio_base64: files[0]!.toString('base64') }],
        ...(noise === undefined ? {} : { remove_background_noise: noise === 'true' }),
      });
      return { voice_id: created.id, requires_verification: false };
    },
  );
};

/** `labels`: a JSON object, or absent, or the literal `null` ElevenLabs' Python SDK sends when there are none. */
function parseLabels(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '' || text.trim() === 'null') return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new AppError('validation_error', 'labels must be a JSON object', { param: 'labels' });
}
