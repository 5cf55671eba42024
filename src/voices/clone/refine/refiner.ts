import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../../config.js';
import type { PcmAudio } from '../../../audio/pcm.js';
import type { ChildMessage, ChildStart } from './child.js';
import type { RefineCheckpoint, RefineJob } from './refine.js';

/** One refinement to run: its job, the recording, where it stopped last time. */
export interface RefinementRun {
  job: RefineJob & { engine: string; pitchHz: number; heard?: number[] };
  recording: PcmAudio;
  checkpoint?: RefineCheckpoint;
  /** Saves a step; false stops the refinement (its voice is gone). */
  onCheckpoint: (checkpoint: RefineCheckpoint) => Promise<boolean>;
  /** Aborting kills the child at once (shutdown, deletion). */
  signal?: AbortSignal;
}

/**
 * Runs clone refinements in child processes (child.ts), one per refinement, each with its own engine
 * session, at the lowest scheduling priority (`REFINE_NICENESS`, 19 by default): on a busy machine
 * the kernel gives speech requests the CPU first, and a refinement takes what is left. A process of
 * its own rather than a worker thread, because a thread cannot be given a lower priority than the
 * server's own, and because a refinement's ~500 MB (an engine session of its own) is returned to
 * the system when it ends.
 */
export class CloneRefiner {
  private readonly children = new Set<ChildProcess>();

  constructor(private readonly config: Readonly<Config>) {}

  run(run: RefinementRun): Promise<RefineCheckpoint> {
    return new Promise<RefineCheckpoint>((resolve, reject) => {
      if (run.signal?.aborted) {
        reject(run.signal.reason);
        return;
      }
      const child = fork(fileURLToPath(new URL('./child.js', import.meta.url)), [], {
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      this.children.add(child);
      try {
        if (child.pid !== undefined) setPriority(child.pid, this.config.refine.niceness);
      } catch {
        // Lowering a process's priority is always allowed; a platform without it runs at normal priority.
      }
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        run.signal?.removeEventListener('abort', abort);
        this.children.delete(child);
        outcome();
      };
      const abort = () => {
        child.kill('SIGKILL');
        finish(() => reject(run.signal?.reason ?? new Error('refinement aborted')));
      };
      run.signal?.addEventListener('abort', abort, { once: true });
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'checkpoint') {
          run
            .onCheckpoint(message.checkpoint)
            .then((go) => {
              if (child.connected) child.send({ type: 'answer', go });
            })
            .catch((error: unknown) => {
              child.kill('SIGKILL');
              finish(() => reject(error));
            });
        } else if (message.type === 'done') {
          finish(() => resolve(message.checkpoint));
        } else {
          finish(() => reject(new Error(message.message)));
        }
      });
      child.on('error', (error) => finish(() => reject(error)));
      child.on('exit', (code, signal) => {
        const why = `the refinement process ended (${signal ?? `exit code ${code}`}) before it finished`;
        finish(() => reject(new Error(why)));
      });
      const start: ChildStart = {
        type: 'start',
        config: this.config as Config,
        job: run.job,
        recording: run.recording,
        ...(run.checkpoint ? { checkpoint: run.checkpoint } : {}),
      };
      child.send(start);
    });
  }

  /** Kills every running child (shutdown: their refinements resume from their last step). */
  close(): void {
    for (const child of this.children) child.kill('SIGKILL');
    this.children.clear();
  }
}
