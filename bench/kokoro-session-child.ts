import { readFileSync } from 'node:fs';
import { styleRow } from '../src/speech/engines/kokoro/synthesize.js';
import { loadOrt } from '../src/onnx/session.js';

export interface SessionConfig {
  name: string;
  /** `f32` = the prepared float32 graph, `int8` = the source, or a file path. */
  model: string;
  intra: number;
  spinning: boolean;
  level?: 'disabled' | 'basic' | 'extended' | 'all';
  arena?: boolean;
  parallel?: boolean;
  denormalAsZero?: boolean;
  /** Sessions in the process; with 2, alternate chunks run at once on single-threaded sessions. */
  sessions?: number;
  /**
   * `sentence`: one inference per sentence; `merged` (default): sentences merged up to 510 ids;
   * `halves`: the text in two sentence groups, one per session, each merged (the engine's split).
   */
  split?: 'sentence' | 'merged' | 'halves';
}

interface ChildInput {
  sentences: number[][];
  merged: number[][];
  halves: number[][][];
  pack: string;
  f32: string;
  int8: string;
}

/**
 * One configuration of kokoro-session.ts, in its own process: load the session(s), run one warm-up
 * inference, then the whole text; CPU time (user + system, all threads) and wall time of that run.
 */
export async function runChild(
  config: SessionConfig,
  inputFile: string,
): Promise<{ cpu: number; wall: number; audio: number }> {
  const input = JSON.parse(readFileSync(inputFile, 'utf8')) as ChildInput;
  const ort = await loadOrt();
  const file = config.model === 'f32' ? input.f32 : config.model === 'int8' ? input.int8 : config.model;
  const session: Record<string, string> = { 'intra_op.allow_spinning': config.spinning ? '1' : '0' };
  if (config.denormalAsZero) session['set_denormal_as_zero'] = '1';
  const options: import('onnxruntime-node').InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    graphOptimizationLevel: config.level ?? 'all',
    intraOpNumThreads: config.intra,
    interOpNumThreads: 1,
    enableCpuMemArena: config.arena ?? true,
    executionMode: config.parallel ? 'parallel' : 'sequential',
    extra: { session },
    logSeverityLevel: 3,
  };
  const sessions = await Promise.all(
    Array.from({ length: config.sessions ?? 1 }, () => ort.InferenceSession.create(file, options)),
  );
  const buffer = readFileSync(input.pack);
  const pack = new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
  const run = async (s: (typeof sessions)[number], ids: number[]): Promise<number> => {
    const feeds = {
      [s.inputNames.includes('tokens') ? 'tokens' : 'input_ids']: new ort.Tensor('int64', BigInt64Array.from(ids, (v) => BigInt(v)), [1, ids.length]),
      style: new ort.Tensor('float32', Float32Array.from(styleRow(pack, ids.length - 2)), [1, 256]),
      speed: new ort.Tensor('float32', Float32Array.from([1]), [1]),
    };
    const out = await s.run(feeds);
    return (out['waveform'] ?? out['audio'])!.data.length / 24_000;
  };
  await Promise.all(sessions.map((s) => run(s, input.sentences[0]!)));
  const chunks = config.split === 'sentence' ? input.sentences : input.merged;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let audio = 0;
  // Each session takes the next chunk when it is free (two sessions: alternate chunks at once), or
  // with `halves` its own half.
  let next = 0;
  if (config.split === 'halves') {
    await Promise.all(
      sessions.map(async (s, k) => {
        for (const ids of input.halves[k] ?? []) {
          const seconds = await run(s, ids);
          audio += seconds;
        }
      }),
    );
  } else await Promise.all(
    sessions.map(async (s) => {
      while (next < chunks.length) {
        const seconds = await run(s, chunks[next++]!);
        audio += seconds;
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu0);
  return { cpu: (used.user + used.system) / 1e6, wall, audio };
}
