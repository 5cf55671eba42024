import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { runCli } from '../helpers/process.js';
import { type TestServer, startServer } from '../helpers/server.js';

describe('voicelib admin (command line)', () => {
  let server: TestServer;
  let env: Record<string, string>;
  before(async () => {
    server = await startServer();
    const config = server.container.config;
    env = { DATABASE_URL: config.databaseUrl, DATA_DIR: config.dataDir, LOG_LEVEL: 'silent' };
  });
  after(() => server.close());

  test('account create --json prints the account and a working api_key', async () => {
    const res = await runCli(['admin', 'account', 'create', '--plan', 'pro', '--points', '1000', '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    const created = JSON.parse(res.stdout);
    assert.deepEqual(Object.keys(created).sort(), ['account_id', 'api_key', 'key_id', 'plan', 'points']);
    assert.equal(created.plan, 'pro');
    assert.equal(created.points, 1000);
    const ping = await server.request('GET', '/api/v1/ping', { key: created.api_key });
    assert.equal(ping.status, 200);
    assert.equal(ping.body.points, 1000);
  });

  test('keys, points, plans and workspaces from the command line', async () => {
    const created = JSON.parse(
      (await runCli(['admin', 'account', 'create', '--plan', 'pro', '--points', '10', '--json'], env)).stdout,
    );
    const issued = JSON.parse((await runCli(['admin', 'key', 'issue', created.account_id, '--json'], env)).stdout);
    assert.match(issued.api_key, /^vl_/);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: issued.api_key })).status, 200);

    const revoke = await runCli(['admin', 'key', 'revoke', issued.key_id, '--json'], env);
    assert.equal(revoke.code, 0);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: issued.api_key })).status, 401);

    const grant = JSON.parse((await runCli(['admin', 'points', 'grant', created.account_id, '5', '--json'], env)).stdout);
    assert.equal(grant.points, 15);
    const deduct = JSON.parse((await runCli(['admin', 'points', 'deduct', created.account_id, '15', '--json'], env)).stdout);
    assert.equal(deduct.points, 0);
    const over = await runCli(['admin', 'points', 'deduct', created.account_id, '1', '--json'], env);
    assert.equal(over.code, 1);
    assert.equal(JSON.parse(over.stdout).error.code, 'insufficient_points');

    const plan = await runCli(['admin', 'account', 'set-plan', created.account_id, 'starter', '--json'], env);
    assert.equal(plan.code, 0);
    assert.equal((await server.request('GET', '/api/v1/ping', { key: created.api_key })).status, 403);

    const owner = JSON.parse((await runCli(['admin', 'account', 'create', '--plan', 'pro', '--json'], env)).stdout);
    const ws = JSON.parse(
      (await runCli(['admin', 'workspace', 'create', '--owner', owner.account_id, '--name', 'Team', '--json'], env)).stdout,
    );
    const added = await runCli(['admin', 'workspace', 'add-member', ws.workspace_id, created.account_id, '--json'], env);
    assert.equal(added.code, 0, added.stderr);
    const me = await server.request('GET', '/api/v1/me', { key: created.api_key });
    assert.equal(me.status, 200, 'member of a pro workspace gets API access');
    assert.equal(me.body.workspace.owner_account_id, owner.account_id);
  });

  test('plan set changes plans as data', async () => {
    const res = await runCli(
      ['admin', 'plan', 'set', 'team', '--api-access', 'true', '--clone-slots', '3', '--design-slots', '2', '--json'],
      env,
    );
    assert.equal(res.code, 0, res.stderr);
    const list = JSON.parse((await runCli(['admin', 'plan', 'list', '--json'], env)).stdout);
    const team = list.plans.find((p: any) => p.name === 'team');
    assert.equal(team.clone_slots, 3);
    assert.equal(team.design_slots, 2);
    const created = JSON.parse(
      (await runCli(['admin', 'account', 'create', '--plan', 'team', '--json'], env)).stdout,
    );
    const me = await server.request('GET', '/api/v1/me', { key: created.api_key });
    assert.deepEqual(me.body.clones, { used: 0, limit: 3 });
  });

  test('usage errors exit 2 with help; readable output without --json', async () => {
    const bad = await runCli(['admin', 'account', 'create'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /missing --plan/);
    const text = await runCli(['admin', 'account', 'create', '--plan', 'pro'], env);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^account_id: acc_/m);
    assert.match(text.stdout, /^api_key: vl_/m);
  });

  test('configuration errors name every bad variable', () => {
    assert.throws(
      () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }),
      (e: Error) => /PORT/.test(e.message) && /DATABASE_URL/.test(e.message) && /LOG_LEVEL/.test(e.message),
    );
  });
  test('F7: absurd numbers are refused and stored nowhere', async () => {
    const created = JSON.parse(
      (await runCli(['admin', 'account', 'create', '--plan', 'enterprise', '--points', '10', '--json'], env)).stdout,
    );
    const refusals = [
      ['admin', 'points', 'grant', created.account_id, '1000000000001'],
      ['admin', 'points', 'deduct', created.account_id, '1000000000001'],
      ['admin', 'account', 'set-slots', created.account_id, '--clone-slots', '10000000'],
      ['admin', 'account', 'create', '--plan', 'pro', '--points', '1000000000000000'],
      ['admin', 'plan', 'set', 'huge', '--api-access', 'true', '--clone-slots', '1000001'],
    ];
    for (const args of refusals) {
      const res = await runCli([...args, '--json'], env);
      assert.equal(res.code, 1, `${args.join(' ')}: ${res.stdout}${res.stderr}`);
      const body = JSON.parse(res.stdout);
      assert.equal(body.error.code, 'validation_error', args.join(' '));
      assert.equal(typeof body.error.message, 'string');
    }
    // Anything but plain digits (Infinity, exponents, hex, fractions, -0) is a usage error.
    for (const n of ['Infinity', '1e309', '1e308', '0x10', '1.5', '9007199254740993']) {
      const res = await runCli(['admin', 'points', 'grant', created.account_id, n, '--json'], env);
      assert.equal(res.code, 2, `${n}: ${res.stdout}`);
      assert.match(res.stderr, /N must be a whole number/);
    }
    const negativeZero = await runCli(['admin', 'account', 'create', '--plan', 'pro', '--points=-0', '--json'], env);
    assert.equal(negativeZero.code, 2);
    assert.match(negativeZero.stderr, /--points must be a whole number/);
    const me = await server.request('GET', '/api/v1/me', { key: created.api_key });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.points, 10);
    assert.deepEqual(me.body.clones, { used: 0, limit: 1000 });
  });
});
