import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Spool } from '../../src/storage/spool.js';

/** `Spool.open`'s writer: pieces after the room reserved for a head, the head written last (docs/reliability.md, F14). */
describe('a spool file written piece by piece', () => {
  let dir: string;
  let spool: Spool;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-spool-'));
    spool = new Spool(path.join(dir, 'spool'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const pieces = [Buffer.alloc(300_000, 1), Buffer.from('middle'), Buffer.alloc(5, 2)];
  const body = Buffer.concat(pieces);

  test('the head fills the room left at the start; the pieces follow it in order', async () => {
    const writer = await spool.open('gen_a', 'wav', { reserve: 4 });
    for (const piece of pieces) writer.write(piece);
    const head = Buffer.from('HEAD');
    await writer.seal({ head, data: Buffer.concat([head, body]) });
    assert.ok(fs.readFileSync(writer.path).equals(Buffer.concat([head, body])));
  });

  test('a head of another size than the room: the file is rewritten whole', async () => {
    for (const head of [Buffer.from('LONGER HEAD'), Buffer.from('H')]) {
      const writer = await spool.open('gen_b', 'mp3', { reserve: 4 });
      for (const piece of pieces) writer.write(piece);
      const data = Buffer.concat([head, body]);
      await writer.seal({ head, data });
      assert.ok(fs.readFileSync(writer.path).equals(data), `head of ${head.length} bytes`);
    }
  });

  test('room reserved and no head given is refused; discard removes the file', async () => {
    const writer = await spool.open('gen_c', 'wav', { reserve: 4 });
    writer.write(Buffer.from('x'));
    await assert.rejects(writer.seal(), /4 bytes were reserved/);
    const other = await spool.open('gen_d', 'wav');
    other.write(Buffer.from('y'));
    await other.discard();
    assert.equal(fs.existsSync(other.path), false);
  });
});
