import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../db/database.js';
import { AppError } from '../../errors.js';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: its dependencies do). */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (request) => {
    try {
      await database.ping();
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      throw new AppError('service_unavailable', 'The database is not reachable');
    }
    return { ok: true, database: database.dialect };
  });
};
