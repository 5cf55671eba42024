/**
 * Polling for tests that wait on another process or on background work. The deadline only bounds a
 * hang; it never decides a result.
 */
const POLL_MS = 25;

/** Polls `check` until it returns true. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
  await untilValue(what, async () => ((await check()) ? true : undefined), timeoutMs);
}

/** Polls `probe` until it returns a value (anything but undefined), and returns that value. */
export async function untilValue<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Polls `url`/healthz until it answers 200; resolves with the milliseconds that took. On timeout the
 * error carries `logs()` (the container's last lines).
 */
export async function healthz(url: string, timeoutMs: number, logs: () => Promise<string>): Promise<number> {
  const started = Date.now();
  try {
    await until(`${url}/healthz`, async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok === true, timeoutMs);
  } catch (err) {
    throw new Error(`${(err as Error).message}: ${await logs().catch(() => '')}`);
  }
  return Date.now() - started;
}
