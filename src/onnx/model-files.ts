import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the ONNX engines look for weights: `<folder>/<pack>/<file>` for each models folder in order
 * (the configured `modelsSearchPath` folders first, then `modelsDir`), the layout `voicelib models
 * pull` writes. The first folder that has a file wins.
 */

/** The first existing `<folder>/<pack>/<name>`, trying every name in every folder, or null. */
export function findPackFile(
  folders: readonly string[],
  pack: string,
  names: readonly string[],
): string | null {
  for (const folder of folders) {
    for (const name of names) {
      const file = path.join(folder, pack, name);
      if (isFile(file)) return file;
    }
  }
  return null;
}

/** Pack folders named `<prefix>*` in every models folder, first folder first. */
export function listPackFolders(folders: readonly string[], prefix: string): string[] {
  const out: string[] = [];
  for (const folder of folders) {
    let entries: string[];
    try {
      entries = readdirSync(folder).sort();
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry);
      if (entry.startsWith(prefix) && isDirectory(full)) out.push(full);
    }
  }
  return out;
}

export function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function isDirectory(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}
