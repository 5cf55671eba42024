import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/ of this build: tests run compiled, so the CLI and server entry points sit beside them. */
export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = path.join(DIST, 'src', 'cli.js');
export const MAIN = path.join(DIST, 'src', 'main.js');
/** The repository: README, docs, scripts and the TypeScript sources beside dist/. */
export const ROOT = path.dirname(DIST);

/** Whether a program is on the PATH (the tests that need a Debian tool skip or fail by it). */
export function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the voicelib CLI to completion with the given environment. */
export function runCli(args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts the real server process and resolves once /healthz answers. `prefix` runs it under another
 * program (strace); the returned child is then that program, with the server as its child.
 */
export async function startProcess(
  env: Record<string, string>,
  port: number,
  prefix: readonly string[] = [],
): Promise<ChildProcess & { logs: () => string }> {
  const [command, ...args] = [...prefix, process.execPath, MAIN];
  const child = spawn(command!, args, { env: { ...process.env, ...env, PORT: String(port) } });
  let logs = '';
  child.stdout!.on('data', (d) => (logs += d));
  child.stderr!.on('data', (d) => (logs += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${logs}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return Object.assign(child, { logs: () => logs });
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${logs}`);
}
