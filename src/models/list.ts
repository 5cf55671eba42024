import { stat } from 'node:fs/promises';
import path from 'node:path';
import { MODEL_MANIFEST, type ModelManifest, packFolder } from './manifest.js';
import { sha256File } from './pull.js';

/**
 * Which model packs are on this machine. A file counts as present when it is found in one of the
 * `modelsSearchPath` folders (as `<folder>/<pack>/<file>` or `<folder>/<file>`, the lookup the
 * engines use) or in `<modelsDir>/<pack>/`. With `verify`, present files are also hashed and a file
 * whose pinned hash differs counts as missing.
 */

export type PackStatus = 'installed' | 'partial' | 'missing';

export interface ModelListing {
  name: string;
  description: string;
  status: PackStatus;
  /** True when every file has a pinned SHA-256. */
  pinned: boolean;
  files: Array<{ name: string; location: string | null; bytes: number | null; verified?: boolean }>;
}

export interface ListModelsOptions {
  modelsDir: string;
  modelsSearchPath?: readonly string[];
  manifest?: ModelManifest;
  /** Hash present files against the manifest (slow for large packs). */
  verify?: boolean;
}

export async function listModels(options: ListModelsOptions): Promise<ModelListing[]> {
  const manifest = options.manifest ?? MODEL_MANIFEST;
  const searchPath = options.modelsSearchPath ?? [];
  const listings: ModelListing[] = [];
  for (const pack of manifest) {
    const folders = [
      ...searchPath.flatMap((folder) => [path.join(folder, packFolder(pack)), folder]),
      path.join(options.modelsDir, packFolder(pack)),
    ];
    const files: ModelListing['files'] = [];
    for (const file of pack.files) {
      let found: { location: string; bytes: number } | null = null;
      for (const folder of folders) {
        const candidate = path.join(folder, file.name);
        const info = await stat(candidate).catch(() => null);
        if (info?.isFile()) {
          found = { location: candidate, bytes: info.size };
          break;
        }
      }
      if (found === null) {
        files.push({ name: file.name, location: null, bytes: null });
      } else if (options.verify && file.sha256 !== null) {
        const verified = (await sha256File(found.location)) === file.sha256;
        files.push({ name: file.name, location: found.location, bytes: found.bytes, verified });
      } else {
        files.push({ name: file.name, location: found.location, bytes: found.bytes });
      }
    }
    const present = files.filter((file) => file.location !== null && file.verified !== false).length;
    listings.push({
      name: pack.name,
      description: pack.description,
      status: present === files.length ? 'installed' : present === 0 ? 'missing' : 'partial',
      pinned: pack.files.every((file) => file.sha256 !== null),
      files,
    });
  }
  return listings;
}
