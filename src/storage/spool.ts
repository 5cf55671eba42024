import type { FileHandle } from 'node:fs/promises';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { makeFolderSynced, syncFolder, writeFileSynced } from './synced-files.js';

/** A spool file being written piece by piece (a streamed answer, or a file while it is encoded). */
export interface SpoolWriter {
  readonly path: string;
  /** Appends a piece; pieces are written in the order given. */
  write(piece: Buffer): void;
  /**
   * Waits for the pieces, writes `file.head` in the room reserved at the start, syncs the file and
   * its name, and closes it: after this the record naming it may commit. A head of another length
   * than the room (a guess that missed) is not squeezed in: the file is rewritten as `file.data`,
   * the whole of it. Closes it even when a write failed (and rethrows that failure).
   */
  seal(file?: { head: Buffer; data: Buffer }): Promise<void>;
  /** Stops writing, closes and removes the file (a failed or abandoned generation). */
  discard(): Promise<void>;
}

/**
 * Bytes written between two syncs of a file being written piece by piece: long audio reaches the
 * disk while it is still being made, so that sealing it syncs only its last piece. Sealing two
 * minutes of WAV (5.8 MB) written at once took 7-8 ms at the median and 36-49 ms at p90 on this
 * machine; written in ~800 KB pieces synced as they came, 2.2 and 3 ms (docs/reliability.md, F14).
 */
const SYNC_EVERY_BYTES = 256 * 1024;

/**
 * `DATA_DIR/spool`: encoded audio of `pending` generations, kept on local disk until the
 * background upload has stored it, so that a restart resumes the upload instead of losing the audio.
 * Every file is on disk, with its name, before it is handed back (`write`, `seal`): the record that
 * names it commits only then (docs/reliability.md, F14).
 */
export class Spool {
  constructor(readonly dir: string) {}

  /** The file of a generation's audio. */
  path(id: string, extension: string): string {
    return path.join(this.dir, `${id}.${extension}`);
  }

  /** Writes a generation's whole audio (`path(id, extension)`), synced with its name. */
  async write(id: string, extension: string, data: Buffer): Promise<void> {
    await makeFolderSynced(this.dir);
    await writeFileSynced(this.path(id, extension), data);
    await syncFolder(this.dir);
  }

  /**
   * Creates a generation's file for writing piece by piece. `reserve` bytes at its start are left
   * for the head that `seal` writes (a header holding the length, known only at the end).
   */
  async open(id: string, extension: string, { reserve = 0 }: { reserve?: number } = {}): Promise<SpoolWriter> {
    await makeFolderSynced(this.dir);
    const file = this.path(id, extension);
    const handle: FileHandle = await fsp.open(file, 'w');
    let writes = Promise.resolve();
    let position = reserve;
    let unsynced = 0;
    let closed: Promise<void> | null = null;
    const close = () => (closed ??= writes.catch(() => undefined).then(() => handle.close()));
    const dir = this.dir;
    return {
      path: file,
      write(piece) {
        const at = position;
        position += piece.length;
        unsynced += piece.length;
        const sync = unsynced >= SYNC_EVERY_BYTES;
        if (sync) unsynced = 0;
        writes = writes.then(async () => {
          await handle.write(piece, 0, piece.length, at);
          if (sync) await handle.datasync();
        });
      },
      async seal(finished) {
        await writes
          .then(async () => {
            const head = finished?.head ?? Buffer.alloc(0);
            if (head.length === reserve) {
              if (head.length > 0) await handle.write(head, 0, head.length, 0);
            } else if (finished) {
              await handle.truncate(0);
              await handle.write(finished.data, 0, finished.data.length, 0);
            } else throw new Error(`${reserve} bytes were reserved for a head and none was given`);
            await handle.sync();
          })
          .finally(close);
        await syncFolder(dir);
      },
      discard: async () => {
        await close();
        await this.remove(file);
      },
    };
  }

  /** Removes a generation's file (nothing when there is none). */
  async remove(file: string): Promise<void> {
    await fsp.rm(file, { force: true });
  }

  /** Removes whatever a generation may have spooled, under any extension (reconciliation). */
  async removeAll(id: string): Promise<void> {
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) if (name.startsWith(`${id}.`)) await fsp.rm(path.join(this.dir, name), { force: true });
  }
}
