import type { FileHandle } from 'node:fs/promises';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { makeFolderSynced, syncFolder, writeFileSynced } from './synced-files.js';

/** A spool file being written piece by piece (a streamed answer). */
export interface SpoolWriter {
  readonly path: string;
  /** Appends a piece; pieces are written in the order given. */
  write(piece: Buffer): void;
  /**
   * Waits for the pieces, syncs the file and its name, and closes it: after this the record naming
   * it may commit. Closes it even when a write failed (and rethrows that failure).
   */
  seal(): Promise<void>;
}

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

  /** Creates a generation's file for writing piece by piece. */
  async open(id: string, extension: string): Promise<SpoolWriter> {
    await makeFolderSynced(this.dir);
    const file = this.path(id, extension);
    const handle: FileHandle = await fsp.open(file, 'w');
    let writes = Promise.resolve();
    const dir = this.dir;
    return {
      path: file,
      write(piece) {
        writes = writes.then(() => handle.write(piece).then(() => undefined));
      },
      async seal() {
        await writes.then(() => handle.sync()).finally(() => handle.close());
        await syncFolder(dir);
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
