import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { ROOT } from './process.js';

/** Runs a command from the repository root; stdout and stderr together. Async: the server under test lives in this process. */
export function runCommand(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/**
 * The python of a pinned venv made by `scripts/<script>` (python-venv.sh's rules), or null after
 * skipping `t` when PyPI is unreachable outside CI (in CI that fails instead).
 */
export async function venvPython(t: TestContext, script: string, what: string): Promise<string | null> {
  const venv = await runCommand('bash', [path.join(ROOT, 'scripts', script)]);
  if (venv.code === 3 && !process.env['CI']) {
    t.skip(`PyPI is unreachable, so ${what} cannot be installed (scripts/${script})`);
    return null;
  }
  assert.equal(venv.code, 0, venv.out);
  return venv.out.trim().split('\n').at(-1)!;
}
