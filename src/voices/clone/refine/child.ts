import type { Config } from '../../../config.js';
import type { PcmAudio } from '../../../audio/pcm.js';
import { SpeakerEncoder } from '../../../audio/analysis/speaker/speaker-encoder.js';
import { NaturalnessJudge } from '../../../audio/analysis/naturalness/naturalness-judge.js';
import { EngineRegistry } from '../../../speech/engine-registry.js';
import { voiceTarget } from './fit-score.js';
import { type RefineCheckpoint, type RefineJob, refineClone } from './refine.js';

/**
 * The child process a refinement runs in (refiner.ts forks it, at the lowest CPU priority): its own
 * engine, speaker encoder and naturalness judge (when installed), the search, and a message to the parent after every step. The parent
 * answers each with whether to go on. It exits when the parent goes away (its IPC channel closes),
 * so a killed server never leaves a refinement running on its own.
 */

export interface ChildStart {
  type: 'start';
  config: Config;
  job: RefineJob & { engine: string; pitchHz: number; heard?: number[] };
  recording: PcmAudio;
  checkpoint?: RefineCheckpoint;
}

export type ChildMessage =
  | { type: 'checkpoint'; checkpoint: RefineCheckpoint }
  | { type: 'done'; checkpoint: RefineCheckpoint }
  | { type: 'error'; message: string };

const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    process.send?.(message, undefined, {}, () => resolve());
  });

let answer: ((go: boolean) => void) | null = null;

async function run(start: ChildStart): Promise<void> {
  const { config, job, recording } = start;
  const engines = new EngineRegistry(config);
  try {
    const engine = await engines.get(job.engine);
    const space = (await engine.voiceSpace?.()) ?? null;
    if (space === null) throw new Error(`The ${job.engine} engine has no voice space to search`);
    const folders = [...config.modelsSearchPath, config.modelsDir];
    const encoder = await SpeakerEncoder.find(folders);
    if (encoder === null) throw new Error('The speaker encoder is not installed (voicelib models pull resemblyzer)');
    const target = await voiceTarget(encoder, recording, job.pitchHz, job.heard ? Float32Array.from(job.heard) : undefined);
    if (target === null) throw new Error('The recording holds no speech the speaker encoder hears');
    const checkpoint = await refineClone({
      engine,
      space,
      encoder,
      judge: await NaturalnessJudge.find(folders),
      target,
      job,
      ...(start.checkpoint ? { checkpoint: start.checkpoint } : {}),
      cpuSeconds: () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1e6;
      },
      onCheckpoint: async (step) => {
        const reply = new Promise<boolean>((resolve) => {
          answer = resolve;
        });
        await send({ type: 'checkpoint', checkpoint: step });
        return reply;
      },
    });
    await send({ type: 'done', checkpoint });
  } catch (error) {
    await send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  } finally {
    await engines.close();
    process.disconnect?.();
  }
}

process.on('message', (message: ChildStart | { type: 'answer'; go: boolean }) => {
  if (message.type === 'start') void run(message);
  else if (message.type === 'answer') {
    const settle = answer;
    answer = null;
    settle?.(message.go);
  }
});
process.on('disconnect', () => process.exit(0));
