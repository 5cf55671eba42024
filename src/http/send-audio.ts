import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationRow } from '../db/store.js';
import type { GenerationService } from '../domain/generations.js';
import { AppError } from '../errors.js';
import { parseRange } from './range.js';

/** Streams a generation's audio inline, honouring a single `Range` (206 / 416). */
export async function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  generations: GenerationService,
  row: GenerationRow,
) {
  const size = row.audio_bytes;
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    throw new AppError('range_not_satisfiable', `The range starts past the end of ${size} bytes`, {
      headers: { 'Content-Range': `bytes */${size}` },
    });
  }
  const stream = await generations.openAudio(row, range ?? undefined);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', row.mime_type)
    .header('Content-Disposition', `inline; filename="${row.id}.${row.extension}"`)
    .header('Cache-Control', 'private, max-age=3600');
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.status(200).header('Content-Length', String(size));
  }
  return reply.send(stream);
}
