import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { liveSet, planDequantize } from '../onnx/dequantize.js';
import { editOnnxModel, type NewNode, OnnxDataType, type OnnxGraph, readOnnxGraph } from '../../../onnx/onnx-model.js';
import { ANCHOR_INPUT, DURATIONS_OUTPUT, PITCH_INPUT, RANGE_INPUT } from './model-io.js';
import { findPitchTensor, steerPitch } from './pitch-graph.js';
import { QUANTIZE_VERSION, quantizeKokoroVocoder } from './quantize.js';

/**
 * The one-time "prepare" step for a Kokoro ONNX export, two rewrites:
 *
 * - durations: kokoro-onnx's and onnx-community's exports only output `audio`/`waveform`, yet the
 *   graph computes each token's duration in frames (the duration projection, summed, divided by
 *   `speed`, rounded, clipped to ≥ 1, cast to int64) to expand the tokens before the decoder. That
 *   tensor becomes a `durations` output (int64 [1, N], one value per input id, pads included;
 *   audio samples = Σ durations × 600), so word timings come from the model, not a guess;
 * - float32: a dynamic-quantized (int8) graph is dequantized (onnx/dequantize.ts): with
 *   onnxruntime-node 1.30 it then needs ~30% less CPU per audio second (docs/engines.md). Weights
 *   get ~3.5× larger (92 → 325 MB on disk and in memory). Re-measure on onnxruntime upgrades:
 *   Python onnxruntime 1.32's ConvInteger made the int8 graph the faster one;
 * - pitch and intonation range: the F0 curve the prosody predictor makes is moved by a new input
 *   `voicelib_pitch` and widened or narrowed by `voicelib_range` (float32 [1] each, 1 = as predicted)
 *   before the vocoder reads it (pitch-graph.ts), so a voice's melody changes inside the model: the
 *   vocoder renders it with the voice's own timbre instead of a signal-processing change afterwards;
 * - then, unless turned off (`KOKORO_QUANTIZE=false`), the vocoder's first stage is statically quantized to int8
 *   (quantize.ts): ~20 % less CPU per audio second at the same NISQA naturalness.
 *
 * The result is cached as `<cache folder>/<sha256 of the source>-f32-v<PREPARE_VERSION>.onnx`, written
 * under a temporary name and renamed, so a present file is always complete.
 */

/** Bumped when the rewrite changes, so older prepared files are not reused. */
export const PREPARE_VERSION = 4;

export interface PreparedModel {
  /** The file to load: the prepared model, or the source when preparation was not possible. */
  file: string;
  source: string;
  prepared: boolean;
  /** Why the source is used as it is (nothing to expose, unwritable cache, unreadable graph). */
  reason?: string;
}

/**
 * The int64 tensor holding per-token durations: the output of `Cast(to=int64)` of `Clip`/`Max` of
 * `Round`, the length regulator's input. Null unless exactly one tensor matches.
 */
export function findDurationTensor(graph: OnnxGraph): string | null {
  const producer = new Map<string, (typeof graph.nodes)[number]>();
  for (const node of graph.nodes) for (const output of node.outputs) producer.set(output, node);
  const matches = graph.nodes.filter((node) => {
    if (node.opType !== 'Cast' || node.ints.get('to') !== OnnxDataType.int64) return false;
    const clip = producer.get(node.inputs[0] ?? '');
    if (!clip || (clip.opType !== 'Clip' && clip.opType !== 'Max')) return false;
    return producer.get(clip.inputs[0] ?? '')?.opType === 'Round';
  });
  return matches.length === 1 ? (matches[0]!.outputs[0] ?? null) : null;
}

export interface PrepareOptions {
  /** Dequantize an int8 graph to float32. Default true. */
  float?: boolean;
  /**
   * Then quantize the vocoder's first stage statically (quantize.ts), calibrated with these voice
   * packs (Float32 [rows, 1, 256]). Needs onnxruntime-node; runs the model for a few seconds.
   */
  quantize?: { styles: readonly Float32Array[] };
}

/**
 * The prepared model as byte chunks to write in order, or the reason it would not differ from the
 * source (durations already exposed or not found, and nothing to dequantize).
 */
export function prepareModelBytes(model: Uint8Array, options: PrepareOptions = {}): Uint8Array[] | string {
  const graph = readOnnxGraph(model);
  const plan = options.float === false ? null : planDequantize(graph);
  const exposed = graph.outputs.some((name) => /dur/i.test(name));
  const tensor = exposed ? null : findDurationTensor(graph);
  const append: NewNode[] =
    tensor === null
      ? []
      : [{ opType: 'Identity', name: 'voicelib_durations', inputs: [tensor], outputs: [DURATIONS_OUTPUT] }];
  const replace = new Map<number, readonly NewNode[]>(plan?.replace ?? []);
  const pitch = graph.inputs.includes(PITCH_INPUT) ? null : findPitchTensor(graph);
  const steer = pitch !== null && !replace.has(pitch.producer) ? steerPitch(graph, pitch) : null;
  if (steer !== null) replace.set(pitch!.producer, steer.nodes);
  if (append.length === 0 && replace.size === 0) {
    return exposed ? 'the model already outputs durations' : 'no duration tensor and nothing to dequantize';
  }
  const live = liveSet(graph, replace, append);
  const inputs = new Set(graph.inputs);
  return editOnnxModel(model, {
    node: (i) => (live.nodes.has(i) ? replace.get(i) : null),
    keepInitializer: (name) => live.tensors.has(name) || inputs.has(name),
    initializers: [...(plan?.initializers ?? []), ...(steer?.initializers ?? [])],
    appendNodes: append,
    inputs:
      steer === null
        ? []
        : [
            { name: PITCH_INPUT, elemType: OnnxDataType.float },
            { name: RANGE_INPUT, elemType: OnnxDataType.float },
            { name: ANCHOR_INPUT, elemType: OnnxDataType.float },
          ],
    outputs: append.length > 0 ? [{ name: DURATIONS_OUTPUT, elemType: OnnxDataType.int64 }] : [],
  });
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  // Streamed, so hashing 90 MB does not hold the event loop for its whole length.
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Writes `parts` to `target` under a temporary name and renames it, so a present file is complete. */
async function writeParts(target: string, parts: readonly Uint8Array[]): Promise<void> {
  const partial = `${target}.${process.pid}-${threadId}.partial`;
  try {
    const handle = await open(partial, 'w');
    try {
      for (const part of parts) {
        for (let offset = 0; offset < part.length; ) {
          offset += (await handle.write(part, offset)).bytesWritten;
        }
      }
    } finally {
      await handle.close();
    }
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}

/** The cached file name of a source's prepared model of this version (float32, int8 or quantized). */
function preparedFileName(digest: string, kind: 'f32' | 'int8' | 'qdq'): string {
  return kind === 'qdq'
    ? `${digest}-qdq-v${PREPARE_VERSION}.${QUANTIZE_VERSION}.onnx`
    : `${digest}-${kind}-v${PREPARE_VERSION}.onnx`;
}

/**
 * Removes the files earlier versions of the rewrite made from the same source (`<sha256>-f32-v2.onnx`
 * and the like, ~300 MB each), so upgrading does not leave them behind. Best effort.
 */
async function removeStale(cacheDir: string, digest: string): Promise<void> {
  const keep = (['f32', 'int8', 'qdq'] as const).map((kind) => preparedFileName(digest, kind));
  const ours = new RegExp(`^${digest}-(f32|int8|qdq)-v[\\d.]+\\.onnx$`);
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    if (ours.test(name) && !keep.includes(name)) await rm(path.join(cacheDir, name), { force: true }).catch(() => undefined);
  }
}

/**
 * The prepared model for `source` in `cacheDir`: reused when present, otherwise made now. Never
 * throws: on any failure the source is returned with the reason. With `quantize`, the float32
 * graph's vocoder is then quantized (quantize.ts) into `<sha256>-qdq-v<PREPARE_VERSION>.<QUANTIZE_VERSION>.onnx`;
 * if that fails the float32 file is returned with the reason.
 */
export async function prepareKokoroModel(
  source: string,
  cacheDir: string,
  options: PrepareOptions = {},
): Promise<PreparedModel> {
  const asIs = (reason: string): PreparedModel => ({ file: source, source, prepared: false, reason });
  let float: PreparedModel;
  let digest: string;
  try {
    digest = await sha256File(source);
    const kind = options.float === false ? 'int8' : 'f32';
    const target = path.join(cacheDir, preparedFileName(digest, kind));
    float = { file: target, source, prepared: true };
    if (!(await exists(target))) {
      // Before the rewrite (seconds of CPU, ~0.5 GB): an unwritable cache fails fast.
      await mkdir(cacheDir, { recursive: true });
      const parts = prepareModelBytes(await readFile(source), options);
      if (typeof parts === 'string') return asIs(parts);
      await writeParts(target, parts);
      await removeStale(cacheDir, digest);
    }
  } catch (error) {
    return asIs(error instanceof Error ? error.message : String(error));
  }
  if (options.quantize === undefined || options.float === false) return float;
  try {
    const target = path.join(cacheDir, preparedFileName(digest, 'qdq'));
    if (await exists(target)) return { ...float, file: target };
    const parts = await quantizeKokoroVocoder(await readFile(float.file), options.quantize.styles);
    if (typeof parts === 'string') return { ...float, reason: parts };
    await writeParts(target, parts);
    await removeStale(cacheDir, digest);
    return { ...float, file: target };
  } catch (error) {
    return { ...float, reason: `not quantized: ${error instanceof Error ? error.message : String(error)}` };
  }
}
