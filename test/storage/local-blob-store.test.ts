import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LocalDiskBlobStore } from '../../src/storage/local-blob-store.js';

const read = async (store: LocalDiskBlobStore, key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * `putFile` is how finished audio moves from the spool into the store: the same bytes under the
 * key, with the spooled file left for the caller to remove, and no copy where a link will do.
 */
describe('the local blob store: putFile', () => {
  let dir: string;
  let store: LocalDiskBlobStore;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-blobs-'));
    store = new LocalDiskBlobStore(path.join(dir, 'blobs'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('stores the file under the key as a link to the same bytes, and leaves the file', async () => {
    const source = path.join(dir, 'gen_a.mp3');
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    fs.writeFileSync(source, bytes);
    await store.putFile('audio/gen_a.mp3', source);
    assert.deepEqual(await read(store, 'audio/gen_a.mp3'), bytes);
    assert.equal(await store.size('audio/gen_a.mp3'), bytes.length);
    const stored = fs.statSync(path.join(dir, 'blobs', 'audio', 'gen_a.mp3'));
    assert.equal(stored.ino, fs.statSync(source).ino, 'one file with two names: no bytes copied');
    // The spool is removed once the record says ready; the stored audio stays.
    fs.rmSync(source);
    assert.deepEqual(await read(store, 'audio/gen_a.mp3'), bytes);
    await store.delete('audio/gen_a.mp3');
    assert.equal(await store.size('audio/gen_a.mp3'), null);
  });

  test('a name left by an interrupted earlier attempt is replaced', async () => {
    await store.put('audio/gen_b.wav', Buffer.from('left by a killed process'));
    const source = path.join(dir, 'gen_b.wav');
    fs.writeFileSync(source, 'the finished audio');
    await store.putFile('audio/gen_b.wav', source);
    assert.equal((await read(store, 'audio/gen_b.wav')).toString(), 'the finished audio');
  });

  test('a missing file is ENOENT (the upload marks the generation failed) and stores nothing', async () => {
    await assert.rejects(store.putFile('audio/gen_c.wav', path.join(dir, 'gone.wav')), { code: 'ENOENT' });
    assert.equal(await store.size('audio/gen_c.wav'), null);
  });

  test('across filesystems the bytes are copied', async (t) => {
    const shm = '/dev/shm';
    if (!fs.existsSync(shm) || fs.statSync(shm).dev === fs.statSync(dir).dev) {
      t.skip(`needs ${shm} on another filesystem than ${os.tmpdir()}`);
      return;
    }
    const other = fs.mkdtempSync(path.join(shm, 'voicelib-blobs-'));
    try {
      const remote = new LocalDiskBlobStore(other);
      const source = path.join(dir, 'gen_d.ogg');
      fs.writeFileSync(source, 'opus pages');
      await remote.putFile('audio/gen_d.ogg', source);
      assert.equal((await read(remote, 'audio/gen_d.ogg')).toString(), 'opus pages');
      assert.notEqual(fs.statSync(path.join(other, 'audio', 'gen_d.ogg')).ino, fs.statSync(source).ino);
      assert.ok(fs.existsSync(source), 'the file is left as it is');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
