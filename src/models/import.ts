import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  findModelPack,
  MODEL_MANIFEST,
  type ModelFileEntry,
  type ModelManifest,
  type ModelPack,
  packFolder,
} from './manifest.js';
import { sha256File } from './pull.js';

/**
 * `voicelib models import PATH`: installs model files that were copied to this machine by hand.
 * Every regular file under PATH (a file, or a folder searched 3 levels deep) is hashed and matched
 * against the manifest's pinned SHA-256s, so a file is recognized whatever it is called; it is then
 * copied into `<modelsDir>/<pack folder>/<manifest name>` through a temporary file in that folder,
 * hashed again while copying, and renamed into place (atomic), so an engine never sees half a file.
 *
 * Refused (nothing is written): a file named like a pinned manifest file whose hash differs (wrong
 * or damaged copy), and a file that matches nothing — unless `allowUnverified` and `pack` are both
 * given, which installs it under its own name into that pack's folder (or `<modelsDir>/<pack>/` for
 * a pack the manifest does not know, e.g. another Piper voice as `piper-<voice>`). When PATH is a
 * folder, unrecognized files are skipped and reported instead; the import fails if none is left.
 */

export interface ImportOptions {
  modelsDir: string;
  /** Only consider this pack (name or alias); required for `allowUnverified`. */
  pack?: string;
  allowUnverified?: boolean;
  /** Default: `MODEL_MANIFEST`. */
  manifest?: ModelManifest;
  /** Called once per file once it is installed or skipped. */
  onFile?: (file: ImportedFile | SkippedFile) => void;
}

export interface ImportedFile {
  status: 'installed' | 'present';
  source: string;
  pack: string;
  /** Where it was installed. */
  target: string;
  bytes: number;
  sha256: string;
  /** False when installed under `allowUnverified` without a pinned hash to compare. */
  verified: boolean;
}

export interface SkippedFile {
  status: 'skipped';
  source: string;
  sha256: string;
  reason: string;
}

export interface ImportResult {
  files: ImportedFile[];
  skipped: SkippedFile[];
  /** Each pack that received files, with the manifest files still missing from its folder. */
  packs: Array<{ name: string; folder: string; missing: string[] }>;
}

/** Folder levels searched below PATH: enough for `models/<pack>/<file>` or `<pack>/voices/<file>`. */
const MAX_DEPTH = 3;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export async function importModels(source: string, options: ImportOptions): Promise<ImportResult> {
  const manifest = options.manifest ?? MODEL_MANIFEST;
  const onlyPack = options.pack === undefined ? undefined : findModelPack(options.pack, manifest);
  if (options.pack !== undefined && onlyPack === undefined && options.allowUnverified !== true) {
    throw new Error(
      `Unknown model pack "${options.pack}". Known packs: ${manifest.map((p) => p.name).join(', ')}`,
    );
  }
  if (options.allowUnverified === true && options.pack === undefined) {
    throw new Error('--allow-unverified needs --pack NAME: a file without a known hash cannot tell its pack');
  }
  const info = await stat(source).catch(() => null);
  if (info === null) throw new Error(`Nothing to import: ${source} does not exist`);
  const single = info.isFile();
  const candidates = single ? [path.resolve(source)] : await listFiles(path.resolve(source), MAX_DEPTH);
  if (candidates.length === 0) throw new Error(`Nothing to import: ${source} holds no files`);

  const packs = onlyPack ? [onlyPack] : manifest;
  const result: ImportResult = { files: [], skipped: [], packs: [] };
  /** Packs that received files, by name, with their folder. */
  const touched = new Map<string, { folder: string; pack: ModelPack | null }>();
  for (const file of candidates) {
    const sha256 = await sha256File(file);
    const match = identify(file, sha256, packs, options);
    if ('reason' in match) {
      if (single || match.refuse) throw new Error(match.reason);
      const skipped: SkippedFile = { status: 'skipped', source: file, sha256, reason: match.reason };
      result.skipped.push(skipped);
      options.onFile?.(skipped);
      continue;
    }
    const folder = path.join(options.modelsDir, match.folder);
    const imported = await install(file, sha256, path.join(folder, match.name));
    const packName = match.pack?.name ?? match.folder;
    const entry: ImportedFile = { ...imported, pack: packName, verified: match.verified };
    result.files.push(entry);
    options.onFile?.(entry);
    touched.set(packName, { folder, pack: match.pack });
  }
  if (result.files.length === 0) {
    throw new Error(
      `Nothing was imported: no file under ${source} is a known model file.\n` +
        result.skipped.map((s) => `  ${path.relative(source, s.source) || s.source}: ${s.reason}`).join('\n'),
    );
  }
  for (const [name, { folder, pack }] of touched) {
    const missing: string[] = [];
    for (const entry of pack?.files ?? []) {
      if (!(await stat(path.join(folder, entry.name)).catch(() => null))?.isFile()) missing.push(entry.name);
    }
    result.packs.push({ name, folder, missing });
  }
  return result;
}

type Match =
  | { pack: ModelPack | null; folder: string; name: string; verified: boolean }
  | { reason: string; refuse: boolean };

/** Which pack file `file` is: by hash, else (unverified, with --pack) by its name. */
function identify(file: string, sha256: string, packs: readonly ModelPack[], options: ImportOptions): Match {
  const base = path.basename(file);
  const byHash: Array<{ pack: ModelPack; entry: ModelFileEntry }> = [];
  for (const pack of packs) {
    for (const entry of pack.files) if (entry.sha256 === sha256) byHash.push({ pack, entry });
  }
  const found = byHash.find((m) => m.entry.name === base) ?? byHash[0];
  if (found) {
    return { pack: found.pack, folder: packFolder(found.pack), name: found.entry.name, verified: true };
  }

  const sameName = packs.flatMap((pack) =>
    pack.files.filter((entry) => entry.name === base).map((entry) => ({ pack, entry })),
  );
  const pinned = sameName.find((m) => m.entry.sha256 !== null);
  if (pinned) {
    return {
      refuse: true,
      reason:
        `${file} is named like ${pinned.pack.name}/${pinned.entry.name} but its SHA-256 is ${sha256}, ` +
        `expected ${pinned.entry.sha256}: a different version or a damaged copy. Download it again ` +
        `(voicelib models pull ${pinned.pack.name} prints the URL when it cannot fetch it).`,
    };
  }
  if (options.allowUnverified === true && options.pack !== undefined) {
    const pack = findModelPack(options.pack, packs) ?? null;
    const folder = pack ? packFolder(pack) : options.pack;
    if (!SAFE_NAME.test(folder) || !SAFE_NAME.test(base)) {
      return { refuse: true, reason: `Refusing unsafe names: pack "${folder}", file "${base}"` };
    }
    return { pack, folder, name: base, verified: false };
  }
  return {
    refuse: false,
    reason:
      `not a file of ${options.pack === undefined ? 'any known pack' : `pack ${options.pack}`} ` +
      `(SHA-256 ${sha256}). voicelib models list shows the packs; to install a file without a pinned ` +
      'hash anyway, add --pack NAME --allow-unverified.',
  };
}

/** Copies `file` to `target` via a temporary file in the same folder, checking the hash of the copy. */
async function install(
  file: string,
  sha256: string,
  target: string,
): Promise<Omit<ImportedFile, 'pack' | 'verified'>> {
  const size = (await stat(file)).size;
  const existing = await stat(target).catch(() => null);
  if (existing?.isFile() && existing.size === size && (await sha256File(target)) === sha256) {
    return { status: 'present', source: file, target, bytes: size, sha256 };
  }
  await mkdir(path.dirname(target), { recursive: true });
  // Not `<file>.part`: that name belongs to an interrupted `pull`, which would resume from it.
  const temporary = `${target}.import-${randomBytes(4).toString('hex')}.tmp`;
  const hash = createHash('sha256');
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(file), hasher, createWriteStream(temporary, { flags: 'wx' }));
    const copied = hash.digest('hex');
    if (copied !== sha256) {
      throw new Error(`${file} changed while it was being copied (SHA-256 ${copied}, was ${sha256})`);
    }
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
  // The file is complete now: an interrupted pull's leftover would only be resumed for nothing.
  await rm(`${target}.part`, { force: true });
  return { status: 'installed', source: file, target, bytes: size, sha256 };
}

/** Regular files below `folder` (not following links to folders), hidden ones and `.part`s left out. */
async function listFiles(folder: string, depth: number): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(folder)).sort();
  for (const entry of entries) {
    if (entry.startsWith('.') || entry.endsWith('.part') || entry.endsWith('.tmp')) continue;
    const full = path.join(folder, entry);
    const info = await lstat(full);
    if (info.isDirectory() && depth > 0) out.push(...(await listFiles(full, depth - 1)));
    else if (info.isFile() || (info.isSymbolicLink() && (await stat(full).catch(() => null))?.isFile())) {
      out.push(full);
    }
  }
  return out;
}
