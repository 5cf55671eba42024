import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extendOnnxGraph, OnnxDataType, type OnnxGraph, readOnnxGraph } from '../onnx/onnx-model.js';

/**
 * The one-time "prepare" step for a Kokoro ONNX export: kokoro-onnx's and onnx-community's exports
 * only output `audio`/`waveform`, yet the graph computes each token's duration in frames (the
 * duration projection, summed, divided by `speed`, rounded, clipped to ≥ 1 and cast to int64) to
 * expand the tokens before the decoder. The prepared model adds that tensor as a `durations` output
 * (int64 [1, N], one value per input id, pads included; audio samples = Σ durations × 600), so word
 * timings come from the model instead of being guessed. Audio is bit-for-bit the same.
 *
 * Dequantizing the int8 graph to float32 was measured and rejected: on this AVX-512 VNNI CPU the
 * u8u8 ConvInteger kernels (most of the time: the generator's 128/256-channel convolutions) are
 * faster than float Conv, and the float graph took ~25% more CPU per audio second (docs/engines.md).
 *
 * The result is cached as `<cache folder>/<sha256 of the source>-v<PREPARE_VERSION>.onnx`, written
 * under a temporary name and renamed, so a present file is always complete.
 */

/** Bumped when the rewrite changes, so older prepared files are not reused. */
export const PREPARE_VERSION = 1;
export const DURATIONS_OUTPUT = 'durations';

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

/** The source model with its durations exposed, or a reason why it cannot be. */
export function addDurationsOutput(model: Uint8Array): Uint8Array | string {
  const graph = readOnnxGraph(model);
  if (graph.outputs.some((name) => /dur/i.test(name))) return 'the model already outputs durations';
  const tensor = findDurationTensor(graph);
  if (tensor === null) return 'no duration tensor (Round → Clip → Cast to int64) found in the graph';
  return extendOnnxGraph(
    model,
    [{ opType: 'Identity', name: 'voicelib_durations', inputs: [tensor], outputs: [DURATIONS_OUTPUT] }],
    [{ name: DURATIONS_OUTPUT, elemType: OnnxDataType.int64 }],
  );
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

/**
 * The prepared model for `source` in `cacheDir`: reused when present, otherwise made now. Never
 * throws: on any failure the source is returned with the reason.
 */
export async function prepareKokoroModel(source: string, cacheDir: string): Promise<PreparedModel> {
  const asIs = (reason: string): PreparedModel => ({ file: source, source, prepared: false, reason });
  try {
    const digest = await sha256File(source);
    const target = path.join(cacheDir, `${digest}-v${PREPARE_VERSION}.onnx`);
    if (await exists(target)) return { file: target, source, prepared: true };
    const rewritten = addDurationsOutput(await readFile(source));
    if (typeof rewritten === 'string') return asIs(rewritten);
    await mkdir(cacheDir, { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    try {
      await writeFile(partial, rewritten);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
    return { file: target, source, prepared: true };
  } catch (error) {
    return asIs(error instanceof Error ? error.message : String(error));
  }
}
