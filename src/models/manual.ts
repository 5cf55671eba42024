import { type ModelFileEntry, type ModelPack, packFolder } from './manifest.js';
import { formatBytes } from './progress.js';

/**
 * What to do by hand when a pack cannot be downloaded from this machine: the upstream URL of every
 * missing file, its expected SHA-256 and size, and the `voicelib models import` command that checks
 * and installs the copies. Printed by `pull` when the network fails.
 */
export function manualInstallInstructions(
  pack: ModelPack,
  files: readonly ModelFileEntry[],
  urlOf: (file: ModelFileEntry) => string,
): string {
  const these = files.length === 1 ? 'this file' : 'these files';
  const lines = [
    `To install ${pack.name} without network access from this machine:`,
    `  1. On a machine that can reach the site, download ${these}:`,
  ];
  for (const file of files) {
    lines.push(`       ${urlOf(file)}`);
    const size = file.bytes === undefined ? '' : ` (${formatBytes(file.bytes)})`;
    lines.push(
      file.sha256 === null
        ? `         save as ${file.name}; no pinned SHA-256${size}`
        : `         save as ${file.name}; SHA-256 ${file.sha256}${size}`,
    );
  }
  const unverified = files.some((file) => file.sha256 === null) ? ' --allow-unverified' : '';
  lines.push(
    `  2. Copy ${files.length === 1 ? 'it' : 'them'} to this machine (one folder is fine) and run:`,
    `       voicelib models import PATH --pack ${pack.name}${unverified}`,
    `     PATH is the file or the folder; the files are checked against the hashes above and copied`,
    `     into MODELS_DIR/${packFolder(pack)}/.`,
  );
  return lines.join('\n');
}
