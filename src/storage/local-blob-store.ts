import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from '../ids.js';
import type { BlobStore, ByteRange } from './blob-store.js';
import { makeFolderSynced, syncFolder, writeFileSynced } from './synced-files.js';

/** Errors of `link` that mean "not here" (another filesystem, links unsupported), not "failed". */
const COPY_INSTEAD = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/** Links `source` at `target`; a name already at `target` (an earlier, interrupted store) is replaced. */
async function linkReplacing(source: string, target: string): Promise<void> {
  try {
    await fsp.link(source, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    await fsp.rm(target, { force: true });
    await fsp.link(source, target);
  }
}

/**
 * Blobs as files under one folder. Writes go to a temporary file under `.partial/` first, then
 * rename atomically into place, so a killed process leaves partial writes only there, where
 * `sweepPartialWrites` finds them without walking the whole store. `putFile` links a finished
 * file into place instead, which appears whole at once.
 */
export class LocalDiskBlobStore implements BlobStore {
  /** Temporary files older than this (ms since epoch) belong to an earlier, dead process. */
  private readonly openedAt = Date.now();

  constructor(private readonly root: string) {}

  private get partialDir(): string {
    return path.join(this.root, '.partial');
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`blob key escapes the store: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await makeFolderSynced(path.dirname(file));
    await fsp.mkdir(this.partialDir, { recursive: true });
    const tmp = path.join(this.partialDir, `${randomToken(16)}.tmp`);
    // Bytes on disk before the name, and the name before the caller's commit (synced-files.ts).
    await writeFileSynced(tmp, data);
    await fsp.rename(tmp, file);
    await syncFolder(path.dirname(file));
  }

  /**
   * A hard link to `source` at the key's path: a second name for the same bytes, so nothing is
   * copied, and complete from the moment it appears (the file is written before it is stored).
   * A name left by an earlier attempt is replaced. Across filesystems, or where links are not
   * supported, the bytes are copied as `put` does. `source`'s bytes must already be synced (the
   * spool is); the new name is synced here.
   */
  async putFile(key: string, source: string): Promise<void> {
    const file = this.pathOf(key);
    await makeFolderSynced(path.dirname(file));
    try {
      await linkReplacing(source, file);
    } catch (err) {
      if (!COPY_INSTEAD.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
      await this.put(key, await fsp.readFile(source));
      return;
    }
    await syncFolder(path.dirname(file));
  }

  /**
   * Removes temporary files an earlier process was writing when it died (last written before
   * this store was opened; this process's own writes in flight are newer). Returns how many.
   */
  async sweepPartialWrites(): Promise<number> {
    const names = await fsp.readdir(this.partialDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.partialDir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < this.openedAt) {
        await fsp.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async publicUrl(): Promise<string | null> {
    return null;
  }

  async close(): Promise<void> {}
}
