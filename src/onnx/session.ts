import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { AppError } from '../errors.js';

/**
 * onnxruntime-node sessions for one worker thread: loaded on first use (CPU execution provider),
 * cached per model file (and reloaded when the file changes), plus tensor helpers. Sessions are only
 * used from the worker that created them, one `run` at a time.
 */

type Ort = typeof import('onnxruntime-node');
export type OrtSession = import('onnxruntime-node').InferenceSession;
export type OrtTensor = import('onnxruntime-node').Tensor;

let ortModule: Promise<Ort> | null = null;

/** onnxruntime-node, imported on first use so a machine without it can still load the engine module. */
export function loadOrt(): Promise<Ort> {
  ortModule ??= import('onnxruntime-node').then((m) => ((m as { default?: Ort }).default ?? m) as Ort);
  return ortModule;
}

/** Whether onnxruntime-node is installed (resolvable), without loading its native library. */
export function onnxRuntimeInstalled(): boolean {
  try {
    import.meta.resolve('onnxruntime-node');
    return true;
  } catch {
    return false;
  }
}

const sessions = new Map<string, { mtimeMs: number; session: Promise<OrtSession> }>();

export interface SessionOptions {
  /** Threads onnxruntime uses inside one inference (intra-op). */
  threads: number;
  /**
   * Rewrites the model's bytes before they are loaded (Piper: expose the durations tensor as an
   * output); the file itself is not changed. Sessions are cached per file, so a caller passes the
   * same `prepare` for a file every time.
   */
  prepare?: (model: Uint8Array) => Uint8Array;
}

/** The session for `file`, created on first use. Fails with `provider_error` when it cannot load. */
export async function getSession(file: string, options: SessionOptions): Promise<OrtSession> {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    throw new AppError('service_unavailable', `Model file ${file} is not installed`);
  }
  const known = sessions.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.session;
  const session = (async () => {
    const ort = await loadOrt();
    try {
      const sessionOptions: import('onnxruntime-node').InferenceSession.SessionOptions = {
        executionProviders: ['cpu'],
        graphOptimizationLevel: 'all',
        intraOpNumThreads: Math.max(1, options.threads),
        interOpNumThreads: 1,
        // Idle intra-op threads sleep instead of spinning: on a shared 2-core machine spinning cost
        // Kokoro ~25% more CPU per audio second and made it slower, not faster (docs/engines.md).
        extra: { session: { intra_op: { allow_spinning: '0' } } },
        // 3 = errors only: real exports log harmless warnings about unused initializers.
        logSeverityLevel: 3,
      };
      if (options.prepare === undefined) return await ort.InferenceSession.create(file, sessionOptions);
      const model = options.prepare(await readFile(file));
      return await ort.InferenceSession.create(model, sessionOptions);
    } catch (error) {
      throw new AppError(
        'provider_error',
        `Could not load ${file}: ${error instanceof Error ? error.message : String(error)}`,
        { retryable: false },
      );
    }
  })();
  session.catch(() => sessions.delete(file));
  sessions.set(file, { mtimeMs, session });
  if (known) void known.session.then((s) => s.release()).catch(() => undefined);
  return session;
}

/** The first of `names` the session has as an input (or output), or null. */
export function pickName(available: readonly string[], names: readonly string[]): string | null {
  return names.find((n) => available.includes(n)) ?? null;
}

export async function int64Tensor(values: readonly number[], dims: readonly number[]): Promise<OrtTensor> {
  const ort = await loadOrt();
  return new ort.Tensor(
    'int64',
    BigInt64Array.from(values, (v) => BigInt(v)),
    dims,
  );
}

export async function float32Tensor(values: ArrayLike<number>, dims: readonly number[]): Promise<OrtTensor> {
  const ort = await loadOrt();
  return new ort.Tensor('float32', Float32Array.from(values as ArrayLike<number>), dims);
}

/** A numeric tensor's values as numbers (int64 → number). */
export function tensorNumbers(tensor: OrtTensor): number[] {
  const data = tensor.data as ArrayLike<number | bigint>;
  return Array.from(data, (v) => Number(v));
}

/** A float tensor's values as a fresh Float32Array (flattened). */
export function tensorFloat32(tensor: OrtTensor): Float32Array {
  const data = tensor.data;
  if (data instanceof Float32Array) return data.slice();
  return Float32Array.from(data as ArrayLike<number>);
}
