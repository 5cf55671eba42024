import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './process.js';
import { readmeCommands } from './readme.js';

const run = promisify(execFile);

/** Why the container tests skip here (podman missing), or false. */
export const PODMAN_SKIP =
  spawnSync('podman', ['--version']).status === 0
    ? false
    : 'podman is not installed (Debian: podman buildah mmdebstrap uidmap fuse-overlayfs slirp4netns netavark runc)';

/** These VMs need podman settings of their own (runc, rlimits): the shared recipe's, where present. */
const SHARED_CONF = path.resolve(ROOT, '../shared/scripts/containers.conf');
export const PODMAN_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  ...(existsSync(SHARED_CONF) && !process.env['CONTAINERS_CONF'] ? { CONTAINERS_CONF: SHARED_CONF } : {}),
};

/** Runs podman with those settings; resolves with its trimmed output. */
export async function podman(...args: string[]): Promise<string> {
  const { stdout } = await run('podman', args, { env: PODMAN_ENV, maxBuffer: 1 << 24, timeout: 900_000 });
  return stdout.trim();
}

/** README's "Containers" commands, each split into words, its trailing `# comment` left out. */
export function readmeContainerCommands(): string[][] {
  return readmeCommands('Containers').map((command) => command.replace(/\s+#.*$/, '').trim().split(/\s+/));
}
