import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DesignService } from '../../domain/designs.js';
import type { GenerationService } from '../../domain/generations.js';
import type { VoiceLibrary } from '../../domain/voice-library.js';
import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { sendAudio, sendBlob } from '../send-audio.js';

const Params = Type.Object({ id: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 80 }) });

/** `<32-char token>.<ext>` → the token, or 404. */
function tokenOf(file: string): string {
  const match = /^([0-9a-z]{32})\.[a-z0-9]+$/.exec(file);
  if (!match) throw new AppError('not_found', 'No such audio');
  return match[1]!;
}

/**
 * Public links for the local-disk store: generations' `audio_url`, design `preview_url`s and
 * saved designs' audition clips. No API key; an unguessable token in the path instead. Deleting
 * (or replacing, for previews) the record kills the link.
 */
export const fileRoutes: FastifyPluginAsyncTypebox<{
  generations: GenerationService;
  designs: DesignService;
  library: VoiceLibrary;
  blobs: BlobStore;
}> = async (app, { generations, designs, library, blobs }) => {
  const schema = { hide: true, params: Params };

  app.get('/files/audio/:id/:file', { schema }, async (request, reply) => {
    const row = await generations.findHosted(request.params.id, tokenOf(request.params.file));
    return sendAudio(request, reply, generations, row);
  });

  app.get('/files/previews/:id/:file', { schema }, async (request, reply) => {
    const row = await designs.findPreviewForLink(request.params.id, tokenOf(request.params.file));
    const size = await blobs.size(row.audio_key);
    if (size === null) throw new AppError('not_found', 'No such preview');
    return sendBlob(request, reply, {
      size,
      mimeType: row.mime_type,
      filename: `${row.id}.mp3`,
      open: (range) => blobs.read(row.audio_key, range),
    });
  });

  app.get('/files/voices/:id/:file', { schema }, async (request, reply) => {
    const row = await library.findClip(request.params.id, tokenOf(request.params.file));
    const key = row.sample_key!;
    const size = await blobs.size(key);
    if (size === null) throw new AppError('not_found', 'No such audio');
    return sendBlob(request, reply, {
      size,
      mimeType: row.sample_mime ?? 'audio/mpeg',
      filename: key.split('/').pop() ?? row.id,
      open: (range) => blobs.read(key, range),
    });
  });
};
