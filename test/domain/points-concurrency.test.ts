import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PointsLedger } from '../../src/domain/accounts/points.js';
import { AppError } from '../../src/errors.js';
import { type TestServer, startServer } from '../helpers/server.js';

describe('points ledger under concurrency', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('50 simultaneous charges against a balance covering 20: exactly 20 succeed', async () => {
    const { account_id } = await server.createAccount('pro', 200);
    const ledger = new PointsLedger(server.container.store);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => ledger.debit(account_id, 10, 'test:charge', { type: 'test', id: String(i) })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    assert.equal(ok.length, 20);
    assert.equal(refused.length, 30);
    for (const r of refused) {
      assert.ok(r.reason instanceof AppError);
      assert.equal(r.reason.code, 'insufficient_points');
    }
    // No balance seen by any successful charge went below zero.
    for (const r of ok) assert.ok((r as PromiseFulfilledResult<number>).value >= 0);
    const account = await server.container.store.findAccount(account_id);
    assert.equal(Number(account!.points), 0);
    assert.equal(await server.container.store.ledgerSum(account_id), 0);
    const rows = await server.container.store.listLedger(account_id, 1000);
    assert.equal(rows.length, 21, 'one grant and twenty charges');
  });

  test('the same race over HTTP-facing admin deductions', async () => {
    const { account_id, api_key } = await server.createAccount('pro', 20);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => server.admin('POST', `/accounts/${account_id}/points`, { amount: -1 })),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 20);
    assert.equal(results.filter((r) => r.status === 402).length, 30);
    const ping = await server.request('GET', '/api/v1/ping', { key: api_key });
    assert.equal(ping.body.points, 0);
    assert.equal(await server.container.store.ledgerSum(account_id), 0);
  });

  test('reserve then refund leaves no net charge; settle keeps the amount', async () => {
    const { account_id } = await server.createAccount('pro', 100);
    const ledger = new PointsLedger(server.container.store);
    const ref = { type: 'generation', id: 'gen_test' };
    const failed = await ledger.reserve(account_id, 30, 'tts', ref);
    assert.equal(Number((await server.container.store.findAccount(account_id))!.points), 70);
    await failed.refund();
    await failed.refund(); // idempotent
    assert.equal(Number((await server.container.store.findAccount(account_id))!.points), 100);

    const kept = await ledger.reserve(account_id, 30, 'tts', ref);
    await kept.settle();
    assert.equal(Number((await server.container.store.findAccount(account_id))!.points), 70);

    const partial = await ledger.reserve(account_id, 30, 'tts', ref);
    await partial.settle(10);
    assert.equal(Number((await server.container.store.findAccount(account_id))!.points), 60);
    assert.equal(await server.container.store.ledgerSum(account_id), 60);

    await assert.rejects(ledger.reserve(account_id, 61, 'tts', ref), (e: AppError) => e.code === 'insufficient_points');
    assert.equal(Number((await server.container.store.findAccount(account_id))!.points), 60);
  });
});
