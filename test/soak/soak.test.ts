import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Deployment, cluster, singleProcess } from '../../bench/soak/processes.js';
import { soak } from '../../bench/soak/soak.js';
import { servicesMissing } from '../helpers/cluster-services.js';

/**
 * The bounded soak `.ci/run` runs (`npm run soak` is the 10-minute one): 16 clients over 8 keys for
 * 20 s against one process and against a cluster. Findings fail it: any error other than 429/503
 * with Retry-After, or a broken ledger invariant. Memory and fds are only printed (20 s says
 * nothing about flatness; docs/reliability.md has the long runs).
 */
const SOAK = { seconds: 20, clients: 16, keys: 8 };

async function run(start: () => Promise<Deployment>) {
  const deployment = await start();
  try {
    const result = await soak(deployment, SOAK);
    console.log(JSON.stringify({ deployment: result.deployment, requests: result.requests, byStatus: result.byStatus, processes: result.processes }));
    assert.deepEqual(result.unexpected, [], 'only 2xx, or 429/503 with Retry-After');
    assert.deepEqual(result.ledgerProblems, [], 'balance = Σ ledger = start − Σ records; nothing open');
    assert.ok(result.requests > SOAK.clients, `the clients were served (${result.requests} requests)`);
  } finally {
    await deployment.stop();
  }
}

describe('bounded soak', () => {
  test('one process on the embedded defaults', () => run(singleProcess));
  test('2 API + 2 workers over PostgreSQL, Redis and RGW', { skip: servicesMissing() ?? false }, () => run(cluster));
});
