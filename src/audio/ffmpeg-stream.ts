import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { FfmpegFailure } from './ffmpeg-process.js';

/**
 * One long-running ffmpeg process fed on stdin as input arrives, its stdout handed on as it is
 * written: the streaming counterpart of `runFfmpeg`. Used for formats encoded by ffmpeg while the
 * speech is still being synthesized (OGG_OPUS).
 */
export interface FfmpegStream {
  /** Writes input; resolves once the pipe has taken it (backpressure). Rejects if ffmpeg failed. */
  write(bytes: Buffer): Promise<void>;
  /** Closes stdin and resolves when ffmpeg has exited cleanly after writing all of its output. */
  end(): Promise<void>;
  /** Kills the process (the stream is abandoned); idempotent. */
  kill(): void;
}

/** Starts `command args`; `onData` receives every piece of stdout in order. */
export function openFfmpegStream(
  command: string,
  args: readonly string[],
  onData: (bytes: Buffer) => void,
): FfmpegStream {
  const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let failure: FfmpegFailure | undefined;
  let killed = false;
  child.stdout.on('data', (bytes: Buffer) => {
    if (!killed) onData(bytes);
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-8192);
  });
  // A dead process shows in its exit code; EPIPE on stdin says nothing more.
  child.stdin.on('error', () => {});
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (error: Error) => {
      failure ??= new FfmpegFailure('spawn', `${command} could not be started (${error.message})`, null, '');
      reject(failure);
    });
    child.on('close', (code: number | null) => {
      if (code === 0) resolve();
      else {
        failure ??= new FfmpegFailure('exit', `${command} exited with code ${code}`, code, stderr);
        reject(failure);
      }
    });
  });
  exited.catch(() => undefined); // surfaced by write() or end()

  return {
    async write(bytes) {
      if (failure) throw failure;
      if (!child.stdin.write(bytes)) await Promise.race([once(child.stdin, 'drain'), exited]);
      if (failure) throw failure;
    },
    async end() {
      child.stdin.end();
      await exited;
    },
    kill() {
      if (killed) return;
      killed = true;
      child.kill('SIGKILL');
    },
  };
}
