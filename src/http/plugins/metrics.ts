import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import type { Metrics } from '../../observability/metrics.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Times every response by route pattern (never the raw URL: ids would make a series per
 * request) and serves GET /metrics in the Prometheus text format, behind `Bearer METRICS_TOKEN`
 * when one is configured.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const expected = token === null ? null : digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      // Digests have one length, so the comparison takes the same time whatever was sent.
      if (!presented || !timingSafeEqual(digest(presented), expected)) {
        throw new AppError('unauthorized', 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>"');
      }
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
