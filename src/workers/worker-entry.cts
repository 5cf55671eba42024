/**
 * What every piscina pool of the service loads in its threads (worker-pool.ts): a CommonJS file
 * whose handler imports the real worker, an ES module, on the first task. piscina loads a worker
 * file with `require()` first and falls back to `import()` when that throws. With Node's require()
 * of ES modules (Node 20.19+, 22.12+), a worker module whose loading failed part-way under
 * `require()` was then imported too: one module reached both ways, which Node 20.20's loader
 * answers with ERR_INTERNAL_ASSERTION ("Unexpected status of a module that is imported again after
 * being required"), and the pool's unhandled 'error' event ended the whole server (issue 32).
 * Here piscina only ever requires this file; the worker module is only ever imported.
 *
 * The worker module's URL is the thread's first argument (piscina's `argv`), the pool's name its
 * second. A worker module that cannot load ends its thread, so the pool starts a fresh one (a
 * failed ES module stays failed in its thread).
 *
 * Fault switch, for the fault tests only (test/workers/worker-faults.test.ts): when
 * VOICELIB_WORKER_FAULTS names a folder, a file `<pool>.start` in it makes the next thread of that
 * pool fail to load its module, and `<pool>.die` makes the next task end its thread mid-request.
 * Each file is used once (removed when acted on).
 */
import fs = require('node:fs');
import path = require('node:path');

type Handler = (task: unknown) => unknown;

const [entry = '', pool = 'worker'] = process.argv.slice(2);
const faults = process.env['VOICELIB_WORKER_FAULTS'];

/** Whether the one-shot fault file `<pool>.<kind>` was there (it is removed). */
function fault(kind: 'start' | 'die'): boolean {
  if (!faults) return false;
  try {
    fs.unlinkSync(path.join(faults, `${pool}.${kind}`));
    return true;
  } catch {
    return false;
  }
}

let handler: Promise<Handler> | undefined;

function load(): Promise<Handler> {
  handler ??= (async () => {
    if (fault('start')) throw new Error(`${pool} worker: injected start failure`);
    const module = (await import(entry)) as { default?: Handler };
    if (typeof module.default !== 'function') throw new Error(`${entry} exports no default worker function`);
    return module.default;
  })();
  return handler;
}

module.exports = async function run(task: unknown): Promise<unknown> {
  let work: Handler;
  try {
    work = await load();
  } catch {
    // A thread whose worker module cannot load is of no further use: end it; the pool replaces it.
    process.exit(1);
  }
  if (fault('die')) process.exit(1);
  return work(task);
};
