import { readFile } from 'node:fs/promises';
import { editOnnxModel, OnnxDataType, readOnnxGraph } from '../../../onnx/onnx-model.js';
import { loadOrt } from '../../../onnx/session.js';
import { ANCHOR_INPUT, PITCH_INPUT, RANGE_INPUT } from './model-io.js';
import { planStaticQdq, type TensorRange } from '../onnx/static-quantize.js';

/**
 * Static int8 quantization of Kokoro's vocoder (prepare.ts runs it on the float32 graph): the
 * iSTFTNet generator's 256-channel first stage (`resblocks.0-2`, `noise_res.0`: 24 convolutions with
 * kernels 3/7/11) and the second stage's noise branch (`noise_res.1`: 6 convolutions, kernel 11, 128
 * channels) become QDQ int8 convolutions; onnxruntime runs them as QLinearConv with VNNI int8
 * kernels. The second stage's other blocks stay float32, as do the encoder and decoder.
 *
 * Chosen by measuring each second-stage block alone on top of the first stage (docs/benchmarks.md,
 * "Kokoro speed"; NISQA median of 4 voices × Harvard sentences 1–4, CPU seconds per audio second at
 * one thread): first stage 4.21 / 0.617; + `noise_res.1` 4.21 / 0.516; + `resblocks.5` 4.14 / 0.534;
 * + `resblocks.4` 3.79; + `resblocks.3` 3.91; all 48 convolutions 3.54. Float32 scores the same 4.21.
 * On 2 idle cores: 3.4–3.6× real time against 3.0–3.2× with the first stage alone.
 * On by default (`KOKORO_QUANTIZE=false` turns it off); v-studio's intonation steering happens before
 * the vocoder (pitch-graph.ts), so int8 does not weaken it.
 *
 * Activation ranges are calibrated here: the float graph runs on `CALIBRATION_IDS` (four Harvard
 * sentences not used in the naturalness check), each with another voice's style, and every
 * quantized tensor's min and max is kept.
 */

/** Bumped when the selection or the calibration changes, so older quantized files are not reused. */
export const QUANTIZE_VERSION = 2;

/** The generator convolutions quantized (torch export names): the first stage and `noise_res.1`. */
export const VOCODER_CONVS = /\/generator\/(resblocks\.[012]|noise_res\.[01])\/convs[12]\.\d+\//;

/**
 * Kokoro v1.0 phoneme ids (no pads) of Harvard sentences 5–8 ("Rice is often served in round
 * bowls.", "The juice of lemons makes fine punch.", "The box was thrown beside the parked truck.",
 * "The hogs were fed chopped corn and garbage."), as phonemize.ts makes them for American English
 * (test/speech/kokoro-prepare.test.ts checks they still are).
 */
export const CALIBRATION_IDS: readonly (readonly number[])[] = [
  [123, 156, 43, 102, 61, 16, 102, 68, 16, 156, 76, 48, 83, 56, 16, 61, 156, 87, 158, 64, 46, 16, 102, 56, 16, 123, 156, 43, 135, 56, 46, 16, 44, 156, 57, 135, 54, 68, 4],
  [81, 83, 16, 46, 147, 156, 63, 158, 61, 16, 138, 64, 16, 54, 156, 86, 55, 83, 56, 68, 16, 55, 157, 47, 102, 53, 61, 16, 48, 156, 43, 102, 56, 16, 58, 156, 138, 56, 62, 131, 4],
  [81, 83, 16, 44, 156, 69, 158, 53, 61, 16, 65, 138, 68, 16, 119, 123, 156, 57, 135, 56, 16, 44, 177, 61, 157, 43, 102, 46, 16, 81, 83, 16, 58, 156, 69, 158, 123, 53, 62, 16, 62, 123, 156, 138, 53, 4],
  [81, 83, 16, 50, 156, 69, 158, 92, 68, 16, 65, 87, 158, 16, 48, 156, 86, 46, 16, 62, 131, 156, 69, 158, 58, 62, 16, 53, 156, 76, 158, 123, 56, 16, 72, 56, 46, 16, 92, 156, 69, 158, 123, 44, 102, 46, 147, 4],
];

const STYLE_SIZE = 256;

/**
 * The quantized model as byte chunks to write in order, or why there is nothing to quantize.
 * `styles` are voice packs (Float32 [rows, 1, 256]); sample i uses pack i mod their count.
 */
export async function quantizeKokoroVocoder(
  floatModel: Uint8Array,
  styles: readonly Float32Array[],
  /** Which Conv nodes (by name) to quantize; `VOCODER_CONVS` unless told otherwise (benchmarks). */
  select: RegExp = VOCODER_CONVS,
): Promise<Uint8Array[] | string> {
  if (styles.length === 0) return 'no voice pack to calibrate with';
  const graph = readOnnxGraph(floatModel);
  const selected = graph.nodes.filter((node) => node.opType === 'Conv' && select.test(node.name));
  if (selected.length === 0) return 'no vocoder convolutions to quantize';
  const tensors = [...new Set(selected.flatMap((node) => [node.inputs[0]!, node.outputs[0]!]))];
  const ranges = await calibrate(floatModel, tensors, graph.inputs, styles);
  const plan = planStaticQdq(graph, (name) => select.test(name), ranges);
  if (plan.convs === 0) return 'no vocoder convolution could be quantized';
  return editOnnxModel(floatModel, {
    node: (index) => plan.replace.get(index),
    keepInitializer: (name) => !plan.unused.has(name),
    initializers: plan.initializers,
  });
}

/** Min and max of each tensor over the calibration sentences, the tensors exposed as extra outputs. */
async function calibrate(
  floatModel: Uint8Array,
  tensors: readonly string[],
  inputs: readonly string[],
  styles: readonly Float32Array[],
): Promise<Map<string, TensorRange>> {
  const ort = await loadOrt();
  const exposed = editOnnxModel(floatModel, {
    outputs: tensors.map((name) => ({ name, elemType: OnnxDataType.float })),
  });
  const session = await ort.InferenceSession.create(Buffer.concat(exposed), {
    executionProviders: ['cpu'],
    // Basic rewrites only: the exposed tensors must stay as they are in the graph being quantized.
    graphOptimizationLevel: 'basic',
    intraOpNumThreads: 1,
    logSeverityLevel: 3,
  });
  const ranges = new Map<string, TensorRange>();
  try {
    const idsName = inputs.includes('input_ids') ? 'input_ids' : 'tokens';
    for (const [i, sentence] of CALIBRATION_IDS.entries()) {
      const ids = [0, ...sentence, 0];
      const pack = styles[i % styles.length]!;
      const row = Math.min(sentence.length, pack.length / STYLE_SIZE - 1);
      const feeds: Record<string, import('onnxruntime-node').Tensor> = {
        [idsName]: new ort.Tensor('int64', BigInt64Array.from(ids, (v) => BigInt(v)), [1, ids.length]),
        style: new ort.Tensor('float32', pack.slice(row * STYLE_SIZE, (row + 1) * STYLE_SIZE), [1, STYLE_SIZE]),
      };
      if (inputs.includes('speed')) feeds['speed'] = new ort.Tensor('float32', Float32Array.of(1), [1]);
      for (const name of [PITCH_INPUT, RANGE_INPUT]) {
        if (inputs.includes(name)) feeds[name] = new ort.Tensor('float32', Float32Array.of(1), [1]);
      }
      if (inputs.includes(ANCHOR_INPUT)) feeds[ANCHOR_INPUT] = new ort.Tensor('float32', Float32Array.of(0), [1]);
      const outputs = await session.run(feeds, [...tensors]);
      for (const name of tensors) {
        const data = outputs[name]?.data as Float32Array | undefined;
        if (data === undefined) continue;
        const range = ranges.get(name) ?? { min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
        for (let k = 0; k < data.length; k += 1) {
          const v = data[k]!;
          if (v < range.min) range.min = v;
          if (v > range.max) range.max = v;
        }
        ranges.set(name, range);
      }
    }
  } finally {
    await session.release();
  }
  return ranges;
}
