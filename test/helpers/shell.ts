import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ShellResult {
  status: number;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/**
 * One bash process that commands are pasted into one after another, as into a terminal: variables
 * (`export KEY=…`, `ID=$(…)`) carry over from one command to the next. Each command's stdout, stderr
 * and exit status are captured separately, so a test can look at every answer on its own.
 */
export interface ShellSession {
  run(command: string): Promise<ShellResult>;
  close(): void;
}

const DONE = '__shell_session_done__';

/** Starts bash in `cwd` with `env`; `pipefail`, so a failure inside a pipeline fails its command. */
export function shellSession(cwd: string, env: NodeJS.ProcessEnv): ShellSession {
  const capture = fs.mkdtempSync(path.join(os.tmpdir(), 'vl-shell-'));
  const stdoutFile = path.join(capture, 'stdout');
  const stderrFile = path.join(capture, 'stderr');
  const bash: ChildProcessWithoutNullStreams = spawn('bash', ['--noprofile', '--norc', '-s'], { cwd, env });
  let bashOutput = '';
  let bashErrors = '';
  let waiting: { resolve: (status: number) => void; reject: (e: Error) => void } | null = null;
  bash.stdout.on('data', (d) => {
    bashOutput += d;
    const match = new RegExp(`${DONE} (\\d+)\\n`).exec(bashOutput);
    if (match && waiting) {
      bashOutput = bashOutput.slice(match.index + match[0].length);
      waiting.resolve(Number(match[1]));
      waiting = null;
    }
  });
  // Only bash's own complaints land here (a syntax error ends a non-interactive shell).
  bash.stderr.on('data', (d) => (bashErrors += d));
  bash.on('exit', (code) => waiting?.reject(new Error(`bash exited (${code}): ${bashErrors}`)));
  bash.stdin.write('set -o pipefail\n');

  return {
    async run(command) {
      const started = Date.now();
      const status = await new Promise<number>((resolve, reject) => {
        waiting = { resolve, reject: (e) => reject(new Error(`${command}\n→ ${e.message}`)) };
        // `:` keeps a command that is only a comment from leaving the group empty (a syntax error);
        // the newline before `}` ends a trailing `# comment` on the command's last line.
        bash.stdin.write(`{ :\n${command}\n} </dev/null >'${stdoutFile}' 2>'${stderrFile}'\necho "${DONE} $?"\n`);
      });
      return {
        status,
        stdout: fs.readFileSync(stdoutFile, 'utf8'),
        stderr: fs.readFileSync(stderrFile, 'utf8'),
        durationMs: Date.now() - started,
      };
    },
    close() {
      bash.stdin.end();
      fs.rmSync(capture, { recursive: true, force: true });
    },
  };
}
