import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Voicelib Studio, the browser app under `/` (studio/ in the repository, built by `npm run build`
 * into dist/studio; docs/studio.md). Every file it needs comes from here: no CDN, works offline.
 * Only the files that exist at start-up get a route (`wildcard: false`), so any other path still
 * reaches the JSON 404 handler, `/api/...` included.
 */
export const STUDIO_DIR = fileURLToPath(new URL('../../../studio', import.meta.url));

export async function registerStudio(app: FastifyInstance, dir = STUDIO_DIR): Promise<boolean> {
  if (!fs.existsSync(`${dir}/index.html`)) {
    app.log.warn({ dir }, 'Studio not built (npm run build): / is not served');
    return false;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    // Swagger UI registered its own copy of the plugin; ours must not decorate the reply again.
    decorateReply: false,
    // The app shell must be fetched fresh after an upgrade; the hashed-free assets revalidate.
    cacheControl: true,
    maxAge: 0,
    // Source maps are for development and the .ts sources never ship.
    globIgnore: ['**/*.map'],
  });
  return true;
}
