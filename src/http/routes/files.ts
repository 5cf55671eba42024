import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { GenerationService } from '../../domain/generations.js';
import { AppError } from '../../errors.js';
import { sendAudio } from '../send-audio.js';

/**
 * Hosted audio links (`audio_url`) for the local-disk store: no API key, an unguessable token
 * in the path instead. Deleting the generation removes the row, so the link answers 404.
 */
export const fileRoutes: FastifyPluginAsyncTypebox<{ generations: GenerationService }> = async (app, { generations }) => {
  app.get(
    '/files/audio/:id/:file',
    {
      schema: {
        hide: true,
        params: Type.Object({ id: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 80 }) }),
      },
    },
    async (request, reply) => {
      const match = /^([0-9a-z]{32})\.[a-z0-9]+$/.exec(request.params.file);
      if (!match) throw new AppError('not_found', 'No such audio');
      const row = await generations.findHosted(request.params.id, match[1]!);
      return sendAudio(request, reply, generations, row);
    },
  );
};
