/**
 * Start-up's patience with the shared stores (PostgreSQL, Redis, S3): `STARTUP_WAIT_SECONDS`. A
 * stack started all at once (compose.yaml) may start the service before its database listens, and
 * `podman-compose` 1.0 starts services in dependency order without waiting for their health. With a
 * wait, each store is tried again every second until it answers or the time is up, and the last
 * error is then thrown as it was; without one (the default), an unreachable store fails start-up at
 * once, naming it.
 */
export async function whenReachable<T>(
  what: string,
  waitMs: number,
  attempt: () => Promise<T>,
  log: (message: string) => void = (message) => console.error(message),
): Promise<T> {
  const deadline = Date.now() + waitMs;
  let told = 0;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() + RETRY_MS > deadline) throw err;
      if (Date.now() - told >= TELL_EVERY_MS) {
        told = Date.now();
        log(`${what} is not reachable yet (${err instanceof Error ? err.message : String(err)}); waiting up to ${Math.ceil((deadline - Date.now()) / 1000)} s more`);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

const RETRY_MS = 1000;
const TELL_EVERY_MS = 5000;
