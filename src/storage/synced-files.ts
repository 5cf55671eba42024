import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Files that a database commit is about to name must reach the disk before the commit does: after
 * a power loss the commit may survive while a file written without a sync is empty, or its name
 * gone. The database syncs its own commits (docs/reliability.md, F13 and F14); these helpers do
 * the same for the files, in libuv's thread pool, so the event loop never waits for the disk.
 *
 * A new name (a file created, renamed or linked into a folder) lives in its folder, so the folder
 * is synced as well. Windows cannot open a folder for a sync; NTFS journals names itself.
 */

/** Writes `data` to `file` (created or truncated) and syncs the file's bytes; not its folder. */
export async function writeFileSynced(file: string, data: Buffer): Promise<void> {
  const handle = await fsp.open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Syncs a folder, so that the names created, renamed or linked in it survive a power loss. */
export async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fsp.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Folders being made and synced by this process (resolved path → that work): callers share it. */
const making = new Map<string, Promise<void>>();

/**
 * `mkdir -p` whose new folders survive a power loss: when it creates any, the folder holding the
 * first one and each new one but the last are synced (each holds the next one's name). An
 * existing folder costs one `mkdir` call, as before. Callers in this process asking for the same
 * folder at once share one creation: the one that finds it made by the other still waits for that
 * other's syncs, so neither writes a file whose folder's name could be lost.
 */
export async function makeFolderSynced(folder: string): Promise<void> {
  const resolved = path.resolve(folder);
  const pending = making.get(resolved);
  if (pending) return pending;
  const work = makeAndSync(resolved).finally(() => making.delete(resolved));
  making.set(resolved, work);
  return work;
}

async function makeAndSync(folder: string): Promise<void> {
  const first = await fsp.mkdir(folder, { recursive: true });
  if (first === undefined) return;
  const holders: string[] = [];
  for (let dir = folder; ; dir = path.dirname(dir)) {
    holders.push(path.dirname(dir));
    if (dir === path.resolve(first) || path.dirname(dir) === dir) break;
  }
  for (const holder of holders) await syncFolder(holder);
}
