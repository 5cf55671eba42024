import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

// Two API servers on one database are two processes, which needs PostgreSQL (SQLite is one
// process's file): the cross-process tests run in the PostgreSQL pass of .ci/run.
const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);
const skip = onPostgres ? false : 'needs PostgreSQL (TEST_DATABASE_URL): runs in the PostgreSQL pass of .ci/run';
if (skip) console.log(`caller cache across processes: ${skip}`);

/** The contract: a change takes effect everywhere within 1 s. Polling longer only reports a miss. */
const CONTRACT_MS = 1000;
const DEADLINE_MS = 3000;

/** Polls `probe` until it returns true or the deadline passes; the measured delay in ms, or null. */
async function delayUntil(probe: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < DEADLINE_MS) {
    if (await probe()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

function report(t: { diagnostic(message: string): void }, what: string, delay: number | null): void {
  t.diagnostic(`${what}: seen by the other process after ${delay === null ? `more than ${DEADLINE_MS}` : delay.toFixed(0)} ms (contract ${CONTRACT_MS} ms)`);
  assert.notEqual(delay, null, `${what} was not seen by the other process within ${DEADLINE_MS} ms`);
}

describe('caller cache shared by two API processes on one PostgreSQL database', { skip }, () => {
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    a = await startServer({ RATE_LIMIT_PER_MINUTE: '100000' });
    b = await startServer({ RATE_LIMIT_PER_MINUTE: '100000' }, { reuse: { databaseUrl: a.container.config.databaseUrl, dataDir: a.dataDir } });
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  /** Authenticates on both servers so each has the caller cached. */
  async function warm(account: Account): Promise<void> {
    for (const server of [a, b, a, b]) assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).status, 200);
  }

  test('a key revoked on one process is refused by the other', async (t) => {
    const account = await a.createAccount();
    const other = await a.admin('POST', `/accounts/${account.account_id}/keys`, {});
    await warm(account);
    assert.equal((await a.admin('DELETE', `/keys/${account.key_id}`)).status, 200);
    const delay = await delayUntil(async () => (await b.request('GET', '/api/v1/ping', { key: account.api_key })).status === 401);
    report(t, 'revocation', delay);
    const refused = await b.request('GET', '/api/v1/ping', { key: account.api_key });
    assert.equal(refused.body.error.code, 'unauthorized');
    // The account's other key is untouched.
    assert.equal((await b.request('GET', '/api/v1/ping', { key: other.body.api_key })).status, 200);
  });

  test('a plan change on one process applies on the other, both ways', async (t) => {
    const account = await a.createAccount('pro');
    await warm(account);
    assert.equal((await a.admin('PUT', `/accounts/${account.account_id}/plan`, { plan: 'free' })).status, 200);
    report(t, 'downgrade to free', await delayUntil(async () => (await b.request('GET', '/api/v1/ping', { key: account.api_key })).status === 403));
    assert.equal((await a.admin('PUT', `/accounts/${account.account_id}/plan`, { plan: 'business' })).status, 200);
    report(t, 'upgrade to business', await delayUntil(async () => (await b.request('GET', '/api/v1/me', { key: account.api_key })).body.plan?.name === 'business'));
    const me = await b.request('GET', '/api/v1/me', { key: account.api_key });
    assert.equal(me.body.plan.clone_slots, 100);
  });

  test('a plan definition and a slot change on one process apply on the other', async (t) => {
    const account = await a.createAccount('pro');
    await warm(account);
    assert.equal((await a.admin('PUT', `/accounts/${account.account_id}/slots`, { clone_slots: 3, design_slots: 4 })).status, 200);
    report(t, 'slot change', await delayUntil(async () => (await b.request('GET', '/api/v1/me', { key: account.api_key })).body.plan?.clone_slots === 3));
    assert.equal((await b.request('GET', '/api/v1/me', { key: account.api_key })).body.plan.design_slots, 4);
    // A plan losing API access locks out every account on it, on every process.
    const plan = { api_access: false, clone_slots: 1, design_slots: 1, slots_lifetime: false };
    const other = await a.createAccount('pro');
    assert.equal((await a.admin('PUT', `/accounts/${other.account_id}/plan`, { plan: 'business' })).status, 200);
    const defined = await a.admin('PUT', '/plans/cachetest', { ...plan, api_access: true });
    assert.equal(defined.status, 200, defined.text);
    assert.equal((await a.admin('PUT', `/accounts/${other.account_id}/plan`, { plan: 'cachetest' })).status, 200);
    await warm(other);
    assert.equal((await a.admin('PUT', '/plans/cachetest', plan)).status, 200);
    report(t, 'plan definition', await delayUntil(async () => (await b.request('GET', '/api/v1/ping', { key: other.api_key })).status === 403));
  });

  test('the ledger stays exact under concurrent charges on both processes', async () => {
    const start = 1000;
    const account = await a.createAccount('pro', start);
    await warm(account);
    const text = 'The quick brown fox jumps over the lazy dog.';
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? b : a).request('POST', '/api/v1/tts', { key: account.api_key, body: { text, voice: presetFor('en-US').id, model: 'v-lite', format: 'WAV' } }),
      ),
    );
    for (const res of results) assert.equal(res.status, 200, res.text);
    const used = results.reduce((sum, res) => sum + res.body.points_used, 0);
    // Every request was charged the same for the same text and model.
    assert.ok(used > 0 && results.every((res) => res.body.points_used === used / 12));
    for (const server of [a, b]) {
      assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points, start - used);
    }
    const ledger = await a.admin('GET', `/accounts/${account.account_id}/ledger?limit=1000`);
    const sum = ledger.body.entries.reduce((s: number, e: { amount: number }) => s + Number(e.amount), 0);
    assert.equal(sum, start - used, 'ledger rows add up to the balance');
  });
});

describe('caller cache in one process', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => server?.close());

  test('revocation, plan change and points apply to the next request', async () => {
    const account = await server.createAccount('pro', 500);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points, 500);
    // Points are never cached: a grant shows at once.
    await server.admin('POST', `/accounts/${account.account_id}/points`, { amount: 7 });
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points, 507);
    await server.admin('PUT', `/accounts/${account.account_id}/plan`, { plan: 'starter' });
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).status, 403);
    await server.admin('PUT', `/accounts/${account.account_id}/plan`, { plan: 'pro' });
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).status, 200);
    await server.admin('DELETE', `/keys/${account.key_id}`);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).status, 401);
  });

  test('a cached key id with a wrong secret is refused', async () => {
    const account = await server.createAccount('pro');
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).status, 200);
    const forged = `${account.api_key.slice(0, -1)}${account.api_key.endsWith('a') ? 'b' : 'a'}`;
    const res = await server.request('GET', '/api/v1/ping', { key: forged });
    assert.equal(res.status, 401);
  });
});
