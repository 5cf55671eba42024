import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { GenerationRow } from '../db/store.js';
import type { GenerationService } from '../domain/generations/generations.js';
import { AppError } from '../errors.js';
import type { ByteRange } from '../storage/blob-store.js';
import { parseRange } from './range.js';

export interface BlobToSend {
  size: number;
  mimeType: string;
  filename: string;
  open: (range?: ByteRange) => Promise<Readable>;
}

/** Streams stored audio inline, honouring a single `Range` (206, or 416 past the end). */
export async function sendBlob(request: FastifyRequest, reply: FastifyReply, blob: BlobToSend) {
  const range = parseRange(request.headers.range, blob.size);
  if (range === 'unsatisfiable') {
    throw new AppError('range_not_satisfiable', `The range starts past the end of ${blob.size} bytes`, {
      headers: { 'Content-Range': `bytes */${blob.size}` },
    });
  }
  const stream = await blob.open(range ?? undefined);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', blob.mimeType)
    .header('Content-Disposition', `inline; filename="${blob.filename}"`)
    .header('Cache-Control', 'private, max-age=3600');
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.status(200).header('Content-Length', String(blob.size));
  }
  return reply.send(stream);
}

/** A generation's audio: 409 while pending, otherwise the stored bytes. */
export function sendAudio(request: FastifyRequest, reply: FastifyReply, generations: GenerationService, row: GenerationRow) {
  return sendBlob(request, reply, {
    size: row.audio_bytes,
    mimeType: row.mime_type,
    filename: `${row.id}.${row.extension}`,
    open: (range) => generations.openAudio(row, range),
  });
}
