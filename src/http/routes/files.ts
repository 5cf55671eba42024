import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DesignService } from '../../domain/voices/designs.js';
import type { GenerationService } from '../../domain/generations/generations.js';
import type { VoiceLibrary } from '../../domain/voices/voice-library.js';
import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { sendAudio, sendBlob } from '../send-audio.js';

const Params = Type.Object({ id: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 80 }) });

/** `<32-char token>.<ext>` → its two parts, or 404. */
function linkOf(file: string): { token: string; extension: string } {
  const match = /^([0-9a-z]{32})\.([a-z0-9]+)$/.exec(file);
  if (!match) throw new AppError('not_found', 'No such audio');
  return { token: match[1]!, extension: match[2]! };
}

/**
 * A link answers only under the stored file's own extension: an MP3 served as `.wav` misleads
 * players and caches that go by the name (docs/reliability.md F9).
 */
function requireExtension(link: { extension: string }, stored: string): void {
  if (link.extension !== stored.toLowerCase()) throw new AppError('not_found', 'No such audio');
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
    const link = linkOf(request.params.file);
    const row = await generations.findHosted(request.params.id, link.token);
    requireExtension(link, row.extension);
    return sendAudio(request, reply, generations, row);
  });

  app.get('/files/previews/:id/:file', { schema }, async (request, reply) => {
    const link = linkOf(request.params.file);
    const row = await designs.findPreviewForLink(request.params.id, link.token);
    requireExtension(link, 'mp3'); // previews are always MP3 (DesignService.previewUrl)
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
    const link = linkOf(request.params.file);
    const row = await library.findClip(request.params.id, link.token);
    const key = row.sample_key!;
    requireExtension(link, key.split('.').pop() ?? 'mp3'); // as DesignService.voiceClipUrl names it
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
