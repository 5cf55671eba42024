import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { buildContainer } from './container.js';

/**
 * The address clients/openapi.json names as its server: the default one, so the committed
 * document does not change with the port or host the generator happened to run on.
 */
export const DOCUMENT_SERVER_URL = 'http://127.0.0.1:8080';

/**
 * The OpenAPI document the server serves at /api/v1/openapi.json, built without listening, on
 * a throwaway data folder (the app needs a database to be built, never to describe itself).
 * The admin API is included, as a server with ADMIN_TOKEN set serves it.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voicelib-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: DOCUMENT_SERVER_URL,
      ADMIN_TOKEN: 'document-only-token-never-served',
      LOG_LEVEL: 'silent',
      ENGINE_WARMUP: 'false',
    });
    const container = await buildContainer(config);
    try {
      const app = await buildApp(container, { logger: false });
      await app.ready();
      const document = structuredClone(app.swagger()) as Record<string, unknown>;
      await app.close();
      return document;
    } finally {
      await container.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A served document made comparable with the committed one: only the server address differs. */
export function normalizeDocument(document: Record<string, unknown>): Record<string, unknown> {
  return { ...document, servers: [{ url: DOCUMENT_SERVER_URL }] };
}
