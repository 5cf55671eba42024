import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ReservationRow } from '../../src/db/store.js';
import { PointsLedger } from '../../src/domain/accounts/points.js';
import { type TestServer, startServer } from '../helpers/server.js';

describe('point reservations', () => {
  let server: TestServer;
  const points = async (id: string) => Number((await server.container.store.findAccount(id))!.points);
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('a reservation left open by another process is refunded once, its leftovers discarded first', async () => {
    const { account_id } = await server.createAccount('pro', 100);
    const dead = new PointsLedger(server.container.store);
    const held = await dead.reserve(account_id, 40, 'generation', { type: 'gen_kind', id: 'gen_a' }, { artifacts: ['x/1'] });
    const row = await server.container.store.findReservation(held.id);
    assert.equal(row?.status, 'open');
    assert.deepEqual(JSON.parse(row!.artifacts), ['x/1']);
    assert.equal(await points(account_id), 60);

    // Its own open reservations are not touched by the holder's reconciliation.
    const discarded: string[] = [];
    const kind = { finished: async () => false, discard: async (r: ReservationRow) => void discarded.push(r.id) };
    const own = await dead.reconcile({ gen_kind: kind });
    assert.ok(!own.refunded.some((r) => r.id === held.id));

    const restarted = new PointsLedger(server.container.store);
    const result = await restarted.reconcile({ gen_kind: kind });
    assert.deepEqual(
      result.refunded.map((r) => r.id),
      [held.id],
    );
    assert.deepEqual(discarded, [held.id]);
    assert.equal(await points(account_id), 100);
    assert.equal(await server.container.store.ledgerSum(account_id), 100);
    assert.equal((await server.container.store.findReservation(held.id))?.status, 'refunded');
    const refund = (await server.container.store.ledgerForRef('gen_kind', 'gen_a')).map((l) => [l.amount, l.reason]);
    assert.deepEqual(refund, [
      [-40, 'generation'],
      [40, 'generation:refund:interrupted'],
    ]);

    // Idempotent: a second pass and a late refund by the dead holder change nothing.
    assert.equal((await restarted.reconcile({ gen_kind: kind })).refunded.length, 0);
    await held.refund();
    assert.equal(await points(account_id), 100);
    // Settling what was refunded fails, and its commit step is rolled back with it.
    let committed = false;
    await assert.rejects(held.settle(40, async () => void (committed = true)), /no longer open/);
    assert.equal(committed, false);
  });

  test('work whose result committed is settled, not refunded', async () => {
    const { account_id } = await server.createAccount('pro', 100);
    const held = await new PointsLedger(server.container.store).reserve(account_id, 25, 'design_previews', {
      type: 'batch_kind',
      id: 'batch_a',
    });
    const result = await new PointsLedger(server.container.store).reconcile({
      batch_kind: { finished: async () => true, discard: async () => assert.fail('a finished batch keeps its files') },
    });
    assert.deepEqual(
      result.settled.map((r) => r.id),
      [held.id],
    );
    assert.equal((await server.container.store.findReservation(held.id))?.status, 'settled');
    assert.equal(await points(account_id), 75);
  });

  test('a failing settle rolls back with its commit step: the reservation stays open and can be refunded', async () => {
    const { account_id } = await server.createAccount('pro', 100);
    const ledger = new PointsLedger(server.container.store);
    const held = await ledger.reserve(account_id, 30, 'generation', { type: 'generation', id: 'gen_b' });
    await assert.rejects(
      held.settle(30, async (tx) => {
        await tx.insertLedger({
          id: 'led_should_vanish',
          account_id,
          amount: 0,
          balance_after: 70,
          reason: 'test',
          ref_type: null,
          ref_id: null,
          created_at: new Date().toISOString(),
        });
        throw new Error('insert failed');
      }),
      /insert failed/,
    );
    assert.equal((await server.container.store.findReservation(held.id))?.status, 'open');
    const rows = await server.container.store.listLedger(account_id, 100);
    assert.ok(!rows.some((r) => r.id === 'led_should_vanish'), 'the commit step rolled back');
    await held.refund();
    assert.equal((await server.container.store.findReservation(held.id))?.status, 'refunded');
    assert.equal(await points(account_id), 100);
    assert.equal(await server.container.store.ledgerSum(account_id), 100);
  });
});
