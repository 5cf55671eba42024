import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { CLONE_SCRIPT, cloneBody, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * Reliability F4: fitting a clone (denoise, measuring the recording and dozens of probes) is seconds
 * of arithmetic, and it held the event loop (ping took up to 6.2 s beside 8 concurrent clones). It
 * runs in worker threads now. Shown without timing: the test server runs in this process, and Linux
 * counts CPU time per thread, so the main thread's share of the process's CPU while clones run
 * tells where the work was done (the figures in latency are `npm run bench:clone-loop`'s).
 */

const MAIN_THREAD = `/proc/self/task/${process.pid}/stat`;

/** utime + stime in clock ticks from a /proc stat line (fields 14 and 15, after the command name). */
function cpuTicks(file: string): number {
  const text = readFileSync(file, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('clone fitting off the event loop (F4)', { skip: existsSync(MAIN_THREAD) ? false : 'needs Linux /proc per-thread CPU times' }, () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    account = await server.createAccount('pro', 1000);
  });
  after(() => server.close());

  test('four concurrent clones: pings answered meanwhile, and the main thread does a small share of the work', async () => {
    const recordings = await Promise.all(
      (['male', 'female'] as const).map((gender) =>
        speechWav(server, account.api_key, presetFor('en-US', gender).id, CLONE_SCRIPT),
      ),
    );
    const mainBefore = cpuTicks(MAIN_THREAD);
    const processBefore = cpuTicks('/proc/self/stat');
    let cloning = true;
    const clones = Promise.all(
      [0, 1, 2, 3].map((i) =>
        server.request('POST', '/api/v1/voices/clones', {
          key: account.api_key,
          body: cloneBody(recordings[i % 2]!),
        }),
      ),
    ).finally(() => {
      cloning = false;
    });
    let pingsWhileCloning = 0;
    while (cloning) {
      const ping = await server.request('GET', '/api/v1/ping', { key: account.api_key });
      assert.equal(ping.status, 200, ping.text);
      if (cloning) pingsWhileCloning += 1;
      // A few pings a second: enough to see the loop answer, too few to be the main thread's work.
      await delay(100);
    }
    const mainTicks = cpuTicks(MAIN_THREAD) - mainBefore;
    const processTicks = cpuTicks('/proc/self/stat') - processBefore;
    for (const res of await clones) assert.equal(res.status, 200, res.text);
    const share = mainTicks / processTicks;
    console.log(`main thread ${mainTicks} of ${processTicks} CPU ticks (${(share * 100).toFixed(0)} %); ${pingsWhileCloning} pings answered while cloning`);
    assert.ok(pingsWhileCloning > 0, 'no ping was answered while the clones ran');
    assert.ok(processTicks > 0, 'the clones took no CPU time at all');
    assert.ok(share < 0.25, `the main thread did ${(share * 100).toFixed(0)} % of the process's CPU work while cloning`);
  });
});
