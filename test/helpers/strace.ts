import fs from 'node:fs';
import { hasCommand } from './process.js';

/** Why tests that watch system calls cannot run here (null: they can). CI installs strace. */
export function straceMissing(): string | null {
  if (process.platform !== 'linux') return 'strace is Linux only';
  if (!hasCommand('strace')) return 'strace is not installed (Debian: apt-get install strace)';
  return null;
}

/**
 * The command prefix that runs a program under strace, following its threads and children, and
 * writing the listed system calls to `out`. Seccomp filtering stops the program only at those
 * calls, so it runs at nearly its own speed.
 */
export function straceCommand(out: string, syscalls: readonly string[]): string[] {
  return ['strace', '-f', '-qq', '--seccomp-bpf', '-e', `trace=${syscalls.join(',')}`, '-o', out, '--'];
}

/** One system call: its name, its arguments as strace printed them, and its result. */
export interface Syscall {
  pid: number;
  name: string;
  args: string;
  result: string;
  /** Position in the trace where the call returned (the resumed line when another thread interrupted it). */
  at: number;
}

/**
 * The calls of a `strace -f -o` file in the order they returned. A call that another thread's line
 * interrupted (`<unfinished ...>`) is joined with its `<... resumed>` line.
 */
export function readTrace(file: string): Syscall[] {
  const calls: Syscall[] = [];
  const unfinished = new Map<number, { name: string; args: string }>();
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, at) => {
    const started = /^(\d+)\s+(\w+)\((.*?)(?: <unfinished \.\.\.>|\)\s+= (.*))$/.exec(line);
    const resumed = /^(\d+)\s+<\.\.\. (\w+) resumed>(.*?)\)\s+= (.*)$/.exec(line);
    if (resumed) {
      const pid = Number(resumed[1]);
      const begun = unfinished.get(pid);
      unfinished.delete(pid);
      if (begun) calls.push({ pid, name: begun.name, args: begun.args + resumed[3], result: resumed[4]!, at });
    } else if (started) {
      const pid = Number(started[1]);
      if (started[4] === undefined) unfinished.set(pid, { name: started[2]!, args: started[3]! });
      else calls.push({ pid, name: started[2]!, args: started[3]!, result: started[4], at });
    }
  });
  return calls;
}

/**
 * The file descriptor an `openat` of `path` returned, and the calls on it until it was closed.
 * `from` skips earlier opens of the same path.
 */
export function openedFile(calls: readonly Syscall[], path: string | RegExp, from = 0): { open: Syscall; fd: string; uses: Syscall[] } {
  const matches = (args: string) => {
    const name = /^AT_FDCWD, "([^"]*)"/.exec(args)?.[1];
    return name !== undefined && (typeof path === 'string' ? name === path : path.test(name));
  };
  const open = calls.find((c, i) => i >= from && c.name === 'openat' && matches(c.args) && /^\d+/.test(c.result));
  if (!open) throw new Error(`no successful openat of ${path} in the trace`);
  const fd = /^\d+/.exec(open.result)![0];
  const uses: Syscall[] = [];
  for (const call of calls.slice(calls.indexOf(open) + 1)) {
    const target = /^(\d+)/.exec(call.args)?.[1];
    if (target !== fd) continue;
    uses.push(call);
    if (call.name === 'close') break;
  }
  return { open, fd, uses };
}
