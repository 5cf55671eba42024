import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { audioBackends } from './audio/backends.js';
import { loadConfig } from './config.js';
import { type Container, type Role, buildContainer, summarize } from './container.js';
import { healthRoutes } from './http/routes/health.js';
import { type WyomingServer, startWyoming } from './wyoming/server.js';

/**
 * Entry point: config once, container, app, listen. On SIGTERM/SIGINT the server stops taking
 * connections, finishes in-flight requests (up to SHUTDOWN_TIMEOUT_MS), then closes the rest.
 */
export async function serve(role: Role = 'all'): Promise<void> {
  const config = loadConfig();
  const container = await buildContainer(config, role);
  const app = role === 'worker' ? await workerApp(container) : await buildApp(container);

  let wyoming: WyomingServer | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await wyoming?.close();
      await app.close();
      await container.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const { reconciled, resumedUploads, releasedIdempotencyKeys } = await container.start({
    info: (obj, msg) => app.log.info(obj, msg),
    warn: (obj, msg) => app.log.warn(obj, msg),
  });
  if (config.wyoming && role !== 'worker') {
    wyoming = await startWyoming(container, config.host);
    app.log.info({ port: wyoming.port }, 'Wyoming server listening (Home Assistant)');
  }
  if (reconciled.refunded.length + reconciled.settled.length > 0) {
    // Work a killed process left unfinished: refunded (ledger reason `…:refund:interrupted`) or settled.
    app.log.warn(summarize(reconciled), 'reconciled reservations left open by a previous process');
  }
  app.log.info(
    {
      url: config.publicBaseUrl,
      role,
      process: container.processId,
      database: container.database.dialect,
      queue: config.redisUrl ? 'redis' : 'in-process',
      audio: audioBackends(),
      resumedUploads,
      releasedIdempotencyKeys,
    },
    'voicelib ready',
  );
}

/** A worker serves no API: only /healthz and /readyz, for the orchestrator's probes. */
async function workerApp(container: Container): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: container.config.logLevel } });
  await app.register(healthRoutes, { database: container.database });
  return app;
}

// Run when executed directly (node dist/src/main.js), not when imported by the CLI.
if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
