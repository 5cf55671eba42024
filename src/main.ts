import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { buildContainer } from './container.js';

/**
 * Entry point: config once, container, app, listen. On SIGTERM/SIGINT the server stops taking
 * connections, finishes in-flight requests (up to SHUTDOWN_TIMEOUT_MS), then closes the rest.
 */
export async function serve(): Promise<void> {
  const config = loadConfig();
  const container = await buildContainer(config);
  const app = await buildApp(container);

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
  const { reconciled, resumedUploads, releasedIdempotencyKeys } = await container.start();
  if (reconciled.refunded.length + reconciled.settled.length > 0) {
    // Work a killed process left unfinished: refunded (ledger reason `…:refund:interrupted`) or settled.
    app.log.warn(
      {
        refunded: reconciled.refunded.map((r) => ({ id: r.id, ref: `${r.ref_type}/${r.ref_id}`, points: Number(r.amount) })),
        settled: reconciled.settled.map((r) => r.id),
      },
      'reconciled reservations left open by a previous process',
    );
  }
  app.log.info(
    { url: config.publicBaseUrl, database: container.database.dialect, resumedUploads, releasedIdempotencyKeys },
    'voicelib ready',
  );
}

// Run when executed directly (node dist/src/main.js), not when imported by the CLI.
if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
