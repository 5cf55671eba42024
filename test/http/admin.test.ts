import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_TOKEN, type TestServer, startServer } from '../helpers/server.js';

describe('admin HTTP API', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('refuses requests without the admin token, and API keys are not admin tokens', async () => {
    assert.equal((await server.request('GET', '/admin/v1/plans')).status, 401);
    const account = await server.createAccount();
    const res = await server.request('GET', '/admin/v1/plans', { key: account.api_key });
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'unauthorized');
  });

  test('creates an account with a key and a starting balance recorded in the ledger', async () => {
    const res = await server.admin('POST', '/accounts', { plan: 'pro', points: 1000, name: 'Acme' });
    assert.equal(res.status, 201);
    assert.match(res.body.account_id, /^acc_/);
    assert.match(res.body.key_id, /^key_/);
    assert.match(res.body.api_key, /^vl_[0-9a-z]{12}_[0-9a-z]{40}$/);
    assert.equal(res.body.points, 1000);
    const ledger = await server.admin('GET', `/accounts/${res.body.account_id}/ledger`);
    assert.equal(ledger.body.entries.length, 1);
    assert.equal(ledger.body.entries[0].amount, 1000);
    assert.equal(ledger.body.entries[0].balance_after, 1000);
    // The key is never shown again: listings carry a hint only.
    const keys = await server.admin('GET', `/accounts/${res.body.account_id}/keys`);
    assert.equal(keys.body.keys.length, 1);
    assert.ok(!JSON.stringify(keys.body).includes(res.body.api_key));
  });

  test('an unknown plan or a negative balance is refused', async () => {
    const bad = await server.admin('POST', '/accounts', { plan: 'platinum', points: 1 });
    assert.equal(bad.status, 422);
    const negative = await server.admin('POST', '/accounts', { plan: 'pro', points: -5 });
    assert.equal(negative.status, 422);
  });

  test('grants and deducts points; a deduction never overdraws', async () => {
    const { account_id, api_key } = await server.createAccount('pro', 10);
    const grant = await server.admin('POST', `/accounts/${account_id}/points`, { amount: 15, reason: 'promo' });
    assert.equal(grant.status, 200);
    assert.equal(grant.body.points, 25);
    const deduct = await server.admin('POST', `/accounts/${account_id}/points`, { amount: -20 });
    assert.equal(deduct.body.points, 5);
    const over = await server.admin('POST', `/accounts/${account_id}/points`, { amount: -6 });
    assert.equal(over.status, 402);
    assert.equal(over.body.error.code, 'insufficient_points');
    const ping = await server.request('GET', '/api/v1/ping', { key: api_key });
    assert.equal(ping.body.points, 5);
    const ledger = await server.admin('GET', `/accounts/${account_id}/ledger`);
    const sum = ledger.body.entries.reduce((acc: number, e: any) => acc + e.amount, 0);
    assert.equal(sum, 5);
    assert.deepEqual(
      ledger.body.entries.map((e: any) => e.reason).sort(),
      ['admin:deduct', 'admin:grant:promo', 'admin:initial_grant'],
    );
  });

  test('plans are data an operator can change', async () => {
    const list = await server.admin('GET', '/plans');
    assert.deepEqual(
      list.body.plans.map((p: any) => [p.name, p.api_access, p.clone_slots, p.design_slots, p.slots_lifetime]),
      [
        ['business', true, 100, 100, false],
        ['enterprise', true, null, null, false],
        ['free', false, 1, 1, true],
        ['pro', true, 20, 20, false],
        ['starter', false, 5, 5, false],
      ],
    );
    const changed = await server.admin('PUT', '/plans/starter', { api_access: true, clone_slots: 7, design_slots: 3 });
    assert.equal(changed.status, 200);
    const { api_key } = await server.createAccount('starter', 1);
    const me = await server.request('GET', '/api/v1/me', { key: api_key });
    assert.equal(me.status, 200, 'starter now has API access');
    assert.deepEqual(me.body.clones, { used: 0, limit: 7 });
    assert.deepEqual(me.body.designs, { used: 0, limit: 3 });
    await server.admin('PUT', '/plans/starter', { api_access: false, clone_slots: 5, design_slots: 5 });
  });

  test('enterprise slots are set per account', async () => {
    const { account_id, api_key } = await server.createAccount('enterprise', 1);
    await server.admin('PUT', `/accounts/${account_id}/slots`, { clone_slots: 250, design_slots: 40 });
    const me = await server.request('GET', '/api/v1/me', { key: api_key });
    assert.deepEqual(me.body.plan, { name: 'enterprise', api_access: true, clone_slots: 250, design_slots: 40 });
  });

  test('workspace members: one workspace per account, unknown ids are 404', async () => {
    const owner = await server.createAccount();
    const member = await server.createAccount();
    const ws = await server.admin('POST', '/workspaces', { owner_account_id: owner.account_id, name: 'A' });
    await server.admin('POST', `/workspaces/${ws.body.workspace_id}/members`, { account_id: member.account_id });
    const again = await server.admin('POST', `/workspaces/${ws.body.workspace_id}/members`, {
      account_id: member.account_id,
    });
    assert.equal(again.status, 409);
    assert.equal((await server.admin('POST', '/workspaces/ws_nope/members', { account_id: member.account_id })).status, 404);
    assert.equal((await server.admin('DELETE', '/keys/key_nope')).status, 404);
    assert.equal((await server.admin('GET', '/accounts/acc_nope')).status, 404);
  });
  test('F7: admin numbers are bounded safe integers; absurd ones are 422 and change nothing', async () => {
    const { account_id, api_key } = await server.createAccount('enterprise', 10);
    // Raw JSON: JSON.stringify would turn 1e309 into null before the server saw it.
    const raw = (method: string, path: string, body: string) =>
      server.request(method, `/admin/v1${path}`, {
        raw: body,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      });
    const refused = [
      raw('PUT', `/accounts/${account_id}/slots`, '{"clone_slots":1e309}'),
      raw('PUT', `/accounts/${account_id}/slots`, '{"design_slots":1000001}'),
      raw('PUT', `/accounts/${account_id}/slots`, '{"clone_slots":1.5}'),
      raw('POST', `/accounts/${account_id}/points`, '{"amount":1e308}'),
      raw('POST', `/accounts/${account_id}/points`, '{"amount":-1e308}'),
      raw('POST', `/accounts/${account_id}/points`, '{"amount":1000000000001}'),
      raw('POST', `/accounts/${account_id}/points`, '{"amount":1e309}'),
      raw('POST', '/accounts', '{"plan":"pro","points":1e308}'),
      raw('POST', '/accounts', '{"plan":"pro","clone_slots":1e309}'),
      raw('PUT', '/plans/huge', '{"api_access":true,"clone_slots":1e309,"design_slots":1}'),
      raw('PUT', '/plans/huge', '{"api_access":true,"clone_slots":1,"design_slots":9007199254740993}'),
    ];
    for (const res of await Promise.all(refused)) {
      assert.equal(res.status, 422, res.text);
      assert.equal(res.body.error.code, 'validation_error', res.text);
      assert.equal(typeof res.body.error.message, 'string');
    }
    const me = await server.request('GET', '/api/v1/me', { key: api_key });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.points, 10);
    assert.equal((await server.admin('GET', '/plans')).body.plans.some((p: any) => p.name === 'huge'), false);
    // The largest allowed values still work, and the balance stays an exact integer.
    const slots = await server.admin('PUT', `/accounts/${account_id}/slots`, { clone_slots: 1_000_000 });
    assert.equal(slots.status, 200, slots.text);
    const grant = await server.admin('POST', `/accounts/${account_id}/points`, { amount: 1e12 });
    assert.equal(grant.status, 200, grant.text);
    assert.equal(grant.body.points, 1e12 + 10);
    assert.ok(Number.isSafeInteger((await server.request('GET', '/api/v1/me', { key: api_key })).body.points));
  });
});
