import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { AppError } from '../errors.js';

/** How to run one ffmpeg/ffprobe process. */
export interface FfmpegRunOptions {
  /** Bytes written to the process's stdin (then closed); omit to leave stdin empty. */
  input?: Buffer;
  /** The process is killed and the call fails after this long; default 60 000 ms. */
  timeoutMs?: number;
  /** Fail once stdout grows past this many bytes (protects memory against runaway decodes); default 1 GiB. */
  maxOutputBytes?: number;
  /**
   * Address-space limit (RLIMIT_AS) in bytes, set through util-linux `prlimit` where it is
   * installed (Debian always has it); without `prlimit` the process runs unlimited.
   */
  addressSpaceBytes?: number;
}

/**
 * How a process failed: it could not be started, exited non-zero, ran past its time limit, or
 * wrote more than allowed.
 */
export type FfmpegFailureKind = 'spawn' | 'exit' | 'timeout' | 'output_limit';

/** Why a process failed, kept in `AppError.cause` for logs; never shown to clients. */
export class FfmpegFailure extends Error {
  readonly kind: FfmpegFailureKind;
  readonly exitCode: number | null;
  readonly stderr: string;
  constructor(kind: FfmpegFailureKind, message: string, exitCode: number | null, stderr: string) {
    super(`${message}${stderr ? `: ${stderr.trim().slice(-2000)}` : ''}`);
    this.name = 'FfmpegFailure';
    this.kind = kind;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_OUTPUT_BYTES = 1 << 30;
/** `prlimit` exits with these when it cannot run the command (not found, not executable, loader failed). */
const EXEC_FAILED_CODES = new Set([126, 127]);

let prlimitPath: string | null | undefined;
/** util-linux `prlimit`, looked up once. */
function findPrlimit(): string | null {
  prlimitPath ??= ['/usr/bin/prlimit', '/bin/prlimit'].find((candidate) => existsSync(candidate)) ?? null;
  return prlimitPath;
}

/** The command line to spawn: `command args`, under `prlimit --as=N` when a limit is asked for and possible. */
function commandLine(command: string, args: readonly string[], addressSpaceBytes: number | undefined) {
  const prlimit = addressSpaceBytes === undefined ? null : findPrlimit();
  if (prlimit === null) return { file: command, argv: [...args], limited: false };
  // prlimit sets the limit on itself and then execs the command, so the pid (and kill) stay the same.
  return { file: prlimit, argv: [`--as=${addressSpaceBytes}`, '--', command, ...args], limited: true };
}

/**
 * Runs `command args` (ffmpeg or ffprobe), feeding `input` on stdin, and resolves with everything
 * it wrote to stdout. Rejects with a `FfmpegFailure` when the binary cannot be started, exits
 * non-zero, times out or writes too much; callers translate that into the right `AppError`.
 */
export function runFfmpeg(
  command: string,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return new Promise((resolve, reject) => {
    const line = commandLine(command, args, options.addressSpaceBytes);
    const child = spawn(line.file, line.argv, { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let failure: FfmpegFailure | undefined;
    const fail = (kind: FfmpegFailureKind, message: string): void => {
      failure ??= new FfmpegFailure(kind, message, null, stderr);
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => fail('timeout', `${command} timed out after ${timeoutMs} ms`), timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > maxOutputBytes)
        fail('output_limit', `${command} wrote more than ${maxOutputBytes} bytes`);
      else chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      // Keep only the tail: the last lines say why it failed.
      stderr = (stderr + text).slice(-8192);
    });
    // ffmpeg may exit before reading all of stdin (bad input); the exit code tells the story, not EPIPE.
    child.stdin.on('error', () => {});
    child.on('error', (error: Error) => {
      clearTimeout(timer);
      reject(
        failure ?? new FfmpegFailure('spawn', `${command} could not be started (${error.message})`, null, ''),
      );
    });
    child.on('close', (code: number | null) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else if (line.limited && code !== null && EXEC_FAILED_CODES.has(code))
        reject(new FfmpegFailure('spawn', `${command} could not be started under prlimit (exit ${code})`, code, stderr));
      else if (code !== 0)
        reject(new FfmpegFailure('exit', `${command} exited with code ${code}`, code, stderr));
      else resolve(Buffer.concat(chunks, outputBytes));
    });
    child.stdin.end(options.input);
  });
}

/**
 * Wraps a failed encode as the 502 the service returns: a short, stable message for the client
 * and the ffmpeg details (stderr, exit code) only in `cause`.
 */
export function encoderError(format: string, cause: unknown): AppError {
  return new AppError('provider_error', `Audio encoding to ${format} failed`, { retryable: true, cause });
}
