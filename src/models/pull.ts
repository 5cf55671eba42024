import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  findModelPack,
  MODEL_MANIFEST,
  type ModelFileEntry,
  type ModelManifest,
  type ModelPack,
  packFolder,
  unverifiedFiles,
} from './manifest.js';
import { manualInstallInstructions } from './manual.js';
import type { PullProgress } from './progress.js';

export type { PullProgress } from './progress.js';

export interface PullOptions {
  modelsDir: string;
  /** Replaces every upstream URL with `<baseUrlOverride>/<pack>/<file>` (a mirror, or a test server). */
  baseUrlOverride?: string;
  /** Default: the global `fetch`. */
  fetchImpl?: typeof fetch;
  onProgress?: (progress: PullProgress) => void;
  /** Default: `MODEL_MANIFEST`. */
  manifest?: ModelManifest;
  /** Install files that have no pinned SHA-256 (they are then taken as downloaded). */
  allowUnverified?: boolean;
  signal?: AbortSignal;
}

export type PulledFileStatus = 'downloaded' | 'resumed' | 'present';

export interface PullResult {
  pack: string;
  folder: string;
  files: Array<{ name: string; status: PulledFileStatus; bytes: number; sha256: string }>;
}

/**
 * Downloads a model pack into `<modelsDir>/<pack>/`. Per file:
 * - a file already there with the pinned hash is kept (`present`);
 * - otherwise it is fetched to `<file>.part`; an existing `.part` is resumed with an HTTP
 *   `Range: bytes=<size>-` request (a server that answers 200 instead restarts it from zero);
 * - the finished `.part` is hashed; a mismatch deletes it and fails naming the file and both
 *   hashes; a match is renamed into place (atomic within the folder), so a file under its final
 *   name is always complete and verified.
 * When a file cannot be fetched (no network, HTTP error), the error also says how to install the
 * pack by hand (manual.ts): URLs, hashes and the `voicelib models import` command.
 * Errors are plain `Error`s: this runs from the command line, not behind the HTTP API.
 */
export async function pullModel(name: string, options: PullOptions): Promise<PullResult> {
  const manifest = options.manifest ?? MODEL_MANIFEST;
  const pack = findModelPack(name, manifest);
  if (pack === undefined) {
    throw new Error(
      `Unknown model pack "${name}". Known packs: ${manifest.map((entry) => entry.name).join(', ')}`,
    );
  }
  const unpinned = unverifiedFiles(pack);
  if (unpinned.length > 0 && options.allowUnverified !== true) {
    throw new Error(
      `Model pack "${pack.name}" has files without a pinned SHA-256 (${unpinned.join(', ')}), so their ` +
        'integrity cannot be checked. Run again with --allow-unverified to install them anyway.',
    );
  }
  const folder = path.join(options.modelsDir, packFolder(pack));
  await mkdir(folder, { recursive: true });
  const files: PullResult['files'] = [];
  for (const [index, file] of pack.files.entries()) {
    try {
      files.push(
        await pullFile(pack, file, folder, { ...options, index: index + 1, count: pack.files.length }),
      );
    } catch (error) {
      if (!(error instanceof DownloadError)) throw error;
      const missing = pack.files.slice(index);
      const instructions = manualInstallInstructions(pack, missing, (entry) => fileUrl(pack, entry));
      throw new Error(`${error.message}\n\n${instructions}`, { cause: error });
    }
  }
  return { pack: pack.name, folder, files };
}

/** The server could not be reached or refused the file (as opposed to a file that fails its hash). */
class DownloadError extends Error {
  override name = 'DownloadError';
}

/** Where a file is fetched from: upstream, or `<override>/<pack>/<file>`. */
export function fileUrl(pack: ModelPack, file: ModelFileEntry, baseUrlOverride?: string): string {
  if (baseUrlOverride)
    return `${baseUrlOverride.replace(/\/+$/, '')}/${packFolder(pack)}/${encodeURIComponent(file.name)}`;
  return new URL(file.source ?? file.name, pack.baseUrl).toString();
}

/** Lower-case hex SHA-256 of a file. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

type FileContext = PullOptions & { index: number; count: number };

async function pullFile(
  pack: ModelPack,
  file: ModelFileEntry,
  folder: string,
  context: FileContext,
): Promise<PullResult['files'][number]> {
  if (file.name.includes('/') || file.name.includes('\\') || file.name.startsWith('.')) {
    throw new Error(`Model pack "${pack.name}" names an unsafe file "${file.name}"`);
  }
  const target = path.join(folder, file.name);
  const part = `${target}.part`;
  const report = (
    phase: PullProgress['phase'],
    receivedBytes: number,
    totalBytes: number | null,
    resumeFrom = 0,
  ) =>
    context.onProgress?.({
      pack: pack.name,
      file: file.name,
      phase,
      receivedBytes,
      totalBytes,
      resumeFrom,
      index: context.index,
      count: context.count,
    });

  const existing = await sizeOf(target);
  if (existing !== null) {
    const actual = await sha256File(target);
    if (file.sha256 === null || actual === file.sha256) {
      report('present', existing, existing);
      return { name: file.name, status: 'present', bytes: existing, sha256: actual };
    }
    // A changed or damaged file: fetch it again; it is replaced only once the new copy verifies.
  }

  const resumeFrom = (await sizeOf(part)) ?? 0;
  const received = await download(
    fileUrl(pack, file, context.baseUrlOverride),
    part,
    resumeFrom,
    file,
    context,
    report,
  );

  report('verify', received.bytes, received.total);
  const actual = await sha256File(part);
  if (file.sha256 !== null && actual !== file.sha256) {
    await rm(part, { force: true });
    throw new Error(
      `SHA-256 mismatch for ${pack.name}/${file.name}: expected ${file.sha256}, got ${actual}. ` +
        'The download was deleted; run the command again, or check the mirror.',
    );
  }
  await rename(part, target);
  report('done', received.bytes, received.total);
  return {
    name: file.name,
    status: received.resumed ? 'resumed' : 'downloaded',
    bytes: received.bytes,
    sha256: actual,
  };
}

/** Fetches into `part`, continuing after `resumeFrom` bytes when the server honours the range. */
async function download(
  url: string,
  part: string,
  resumeFrom: number,
  file: ModelFileEntry,
  context: FileContext,
  report: (phase: PullProgress['phase'], received: number, total: number | null, resumeFrom?: number) => void,
): Promise<{ bytes: number; total: number | null; resumed: boolean }> {
  const fetchImpl = context.fetchImpl ?? fetch;
  const headers: Record<string, string> = resumeFrom > 0 ? { range: `bytes=${resumeFrom}-` } : {};
  let response: Response;
  try {
    response = await fetchImpl(url, { headers, redirect: 'follow', signal: context.signal });
  } catch (error) {
    // undici says only "fetch failed"; the reason (DNS, refused, TLS...) is in the cause.
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new DownloadError(
      `Downloading ${url} failed: ${error instanceof Error ? error.message : String(error)}${cause}`,
    );
  }

  // The part already holds the whole file: nothing left to fetch.
  if (response.status === 416 && resumeFrom > 0) {
    await response.body?.cancel();
    const total = rangeTotal(response.headers.get('content-range'));
    if (total === null || total === resumeFrom) {
      report('start', resumeFrom, resumeFrom, resumeFrom);
      return { bytes: resumeFrom, total: resumeFrom, resumed: true };
    }
    // The part is longer than the file: start over.
    await truncate(part, 0);
    return download(url, part, 0, file, context, report);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new DownloadError(
      `Downloading ${url} failed: HTTP ${response.status} ${response.statusText}`.trim(),
    );
  }

  const resumed = response.status === 206 && resumeFrom > 0;
  if (response.status === 206 && !resumed) {
    await response.body.cancel();
    throw new Error(`Downloading ${url} failed: the server sent a partial answer to a full request`);
  }
  if (resumed) {
    const start = rangeStart(response.headers.get('content-range'));
    if (start !== resumeFrom) {
      await response.body.cancel();
      throw new Error(
        `Downloading ${url} failed: asked to resume at byte ${resumeFrom}, the server sent ${start}`,
      );
    }
  }
  const offset = resumed ? resumeFrom : 0;
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? offset + length : (file.bytes ?? null);
  report('start', offset, total, offset);

  let bytes = offset;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      report('data', bytes, total, offset);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(part, { flags: resumed ? 'a' : 'w' }),
    );
  } catch (error) {
    if (context.signal?.aborted) throw error;
    throw new DownloadError(
      `Downloading ${url} stopped after ${bytes} bytes: ` +
        `${error instanceof Error ? error.message : String(error)} ` +
        '(the part is kept: run pull again to resume)',
    );
  }
  return { bytes, total, resumed };
}

/** `bytes 100-199/200` → 100. */
function rangeStart(header: string | null): number | null {
  const match = /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(header?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** The total after the slash: `bytes 0-9/200` (or the `*` form of a 416 answer) → 200. */
function rangeTotal(header: string | null): number | null {
  const match = /\/(\d+)$/.exec(header?.trim() ?? '');
  return match ? Number(match[1]) : null;
}
