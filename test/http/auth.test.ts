import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startServer } from '../helpers/server.js';

describe('authentication', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  const expectError = (res: { status: number; body: any }, status: number, code: string) => {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.error.code, code);
    assert.equal(typeof res.body.error.message, 'string');
    assert.ok(res.body.error.message.length > 0);
  };

  test('a missing key is 401', async () => {
    expectError(await server.request('GET', '/api/v1/ping'), 401, 'unauthorized');
  });

  test('a header that is not a bearer token is 401', async () => {
    const res = await server.request('GET', '/api/v1/ping', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expectError(res, 401, 'unauthorized');
  });

  test('a key of the right shape that does not exist is 401', async () => {
    const res = await server.request('GET', '/api/v1/ping', {
      key: `vl_${'a'.repeat(12)}_${'b'.repeat(40)}`,
    });
    expectError(res, 401, 'unauthorized');
  });

  test('a real key id with a wrong secret is 401', async () => {
    const account = await server.createAccount();
    const forged = `${account.api_key.slice(0, 16)}${'z'.repeat(40)}`;
    assert.notEqual(forged, account.api_key);
    expectError(await server.request('GET', '/api/v1/ping', { key: forged }), 401, 'unauthorized');
  });

  test('a valid key works, and stops working once revoked', async () => {
    const account = await server.createAccount('pro', 42);
    const ok = await server.request('GET', '/api/v1/ping', { key: account.api_key });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.ok, true);
    assert.equal(ok.body.points, 42);
    assert.match(ok.body.unit, /second/);

    const revoked = await server.admin('DELETE', `/keys/${account.key_id}`);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.revoked, true);
    expectError(await server.request('GET', '/api/v1/ping', { key: account.api_key }), 401, 'unauthorized');
  });

  test('several keys per account; revoking one leaves the others working', async () => {
    const account = await server.createAccount();
    const second = await server.admin('POST', `/accounts/${account.account_id}/keys`, { name: 'ci' });
    assert.equal(second.status, 201);
    assert.notEqual(second.body.api_key, account.api_key);
    await server.admin('DELETE', `/keys/${account.key_id}`);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: second.body.api_key })).status, 200);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).status, 401);
  });

  for (const plan of ['free', 'starter']) {
    test(`the ${plan} plan has no API access: 403`, async () => {
      const account = await server.createAccount(plan, 100);
      expectError(await server.request('GET', '/api/v1/ping', { key: account.api_key }), 403, 'forbidden');
      expectError(await server.request('GET', '/api/v1/models', { key: account.api_key }), 403, 'forbidden');
    });
  }

  for (const plan of ['pro', 'business', 'enterprise']) {
    test(`the ${plan} plan has API access`, async () => {
      const account = await server.createAccount(plan, 1);
      assert.equal((await server.request('GET', '/api/v1/me', { key: account.api_key })).status, 200);
    });
  }

  test('a starter account inside a pro workspace acts under the owner plan', async () => {
    const owner = await server.createAccount('pro', 10);
    const member = await server.createAccount('starter', 5);
    expectError(await server.request('GET', '/api/v1/me', { key: member.api_key }), 403, 'forbidden');
    const ws = await server.admin('POST', '/workspaces', { owner_account_id: owner.account_id, name: 'Team' });
    assert.equal(ws.status, 201);
    const added = await server.admin('POST', `/workspaces/${ws.body.workspace_id}/members`, {
      account_id: member.account_id,
    });
    assert.equal(added.status, 201);
    const me = await server.request('GET', '/api/v1/me', { key: member.api_key });
    assert.equal(me.status, 200);
    assert.equal(me.body.plan.name, 'pro');
    assert.equal(me.body.points, 5, 'speech is charged to the member’s own balance');
    assert.deepEqual(me.body.workspace, { id: ws.body.workspace_id, role: 'member', owner_account_id: owner.account_id });
  });

  test('changing the plan takes effect on the next request', async () => {
    const account = await server.createAccount('pro', 1);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).status, 200);
    await server.admin('PUT', `/accounts/${account.account_id}/plan`, { plan: 'starter' });
    expectError(await server.request('GET', '/api/v1/ping', { key: account.api_key }), 403, 'forbidden');
  });

  test('/me reports balance, plan, slots and no workspace', async () => {
    const account = await server.createAccount('business', 77);
    const me = await server.request('GET', '/api/v1/me', { key: account.api_key });
    assert.deepEqual(me.body, {
      account_id: account.account_id,
      plan: { name: 'business', api_access: true, clone_slots: 100, design_slots: 100 },
      points: 77,
      clones: { used: 0, limit: 100 },
      designs: { used: 0, limit: 100 },
      workspace: null,
    });
  });
});
