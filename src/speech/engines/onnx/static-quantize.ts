import { intAttribute, type NewNode, OnnxDataType, type OnnxGraph } from '../../../onnx/onnx-model.js';
import { readTensor } from '../../../onnx/onnx-tensor.js';
import { concatBytes, lengthHead, stringField, varintField } from '../../../onnx/protobuf.js';

/**
 * Static int8 quantization of chosen Conv nodes of a float32 graph, in onnxruntime's QDQ form (what
 * its Python `quantize_static` writes with per-channel int8 weights and uint8 activations):
 *
 *   x → QuantizeLinear → DequantizeLinear ─┐
 *   Wq (int8, per output channel) → DequantizeLinear(axis 0) ─┼→ Conv → QuantizeLinear → DequantizeLinear → y
 *   bq (int32, scale xs · ws) → DequantizeLinear(axis 0) ─┘
 *
 * onnxruntime fuses each such unit into one QLinearConv, whose int8 kernels (AVX2/AVX-512 VNNI)
 * cost far less than float convolutions. Activation ranges come from calibration (`ranges`: the
 * min and max each tensor took on sample inputs); weights use their own per-channel |max|.
 */

export interface TensorRange {
  min: number;
  max: number;
}

export interface QdqPlan {
  replace: Map<number, NewNode[]>;
  initializers: Uint8Array[];
  /** Float initializers no node reads any more (the quantized convolutions' weights and biases). */
  unused: Set<string>;
  convs: number;
}

// TensorProto fields.
const TENSOR_DIMS = 1;
const TENSOR_DATA_TYPE = 2;
const TENSOR_NAME = 8;
const TENSOR_RAW_DATA = 9;

function encodeTensor(name: string, dims: readonly number[], dataType: number, raw: Uint8Array): Uint8Array {
  return concatBytes([
    ...dims.map((d) => varintField(TENSOR_DIMS, d)),
    varintField(TENSOR_DATA_TYPE, dataType),
    stringField(TENSOR_NAME, name),
    lengthHead(TENSOR_RAW_DATA, raw.length),
    raw,
  ]);
}

function floats(values: ArrayLike<number>): Uint8Array {
  return new Uint8Array(Float32Array.from(values).buffer);
}

const AXIS_0 = intAttribute('axis', 0);

/**
 * uint8 scale and zero point for a range, as onnxruntime's tool computes them: the range is
 * widened to hold 0, scale = (max − min) / 255, zero point = round(−min / scale).
 */
export function activationParams({ min, max }: TensorRange): { scale: number; zeroPoint: number } {
  const low = Math.min(min, 0);
  const high = Math.max(max, 0);
  const scale = high > low ? (high - low) / 255 : 1;
  return { scale, zeroPoint: Math.min(255, Math.max(0, Math.round(-low / scale))) };
}

/**
 * The rewrite for the Conv nodes `select` picks whose input and output have a range and whose
 * weight (and bias) are float initializers; other nodes are left as they are.
 */
export function planStaticQdq(
  graph: OnnxGraph,
  select: (name: string) => boolean,
  ranges: ReadonlyMap<string, TensorRange>,
): QdqPlan {
  const plan: QdqPlan = { replace: new Map(), initializers: [], unused: new Set(), convs: 0 };
  const readers = new Map<string, number>();
  for (const node of graph.nodes) for (const input of node.inputs) readers.set(input, (readers.get(input) ?? 0) + 1);
  const quantized = new Map<string, { name: string; scale: number }>();
  graph.nodes.forEach((node, index) => {
    if (node.opType !== 'Conv' || !select(node.name)) return;
    const [x, w, b] = node.inputs;
    const [y] = node.outputs;
    const xRange = x === undefined ? undefined : ranges.get(x);
    const yRange = y === undefined ? undefined : ranges.get(y);
    const weight = w === undefined ? undefined : graph.initializers.get(w);
    const bias = b === undefined || b === '' ? undefined : graph.initializers.get(b);
    if (!x || !y || !w || !xRange || !yRange || !weight || (b && !bias)) return;
    const wt = readTensor(weight);
    if (wt.dataType !== OnnxDataType.float) return;
    const nodes: NewNode[] = [];
    const tag = `${node.name}_voicelib_qdq`;
    // The input, quantized once even when several selected convolutions read it.
    let input = quantized.get(x);
    if (input === undefined) {
      const { scale, zeroPoint } = activationParams(xRange);
      input = { name: `${x}_voicelib_dq`, scale };
      plan.initializers.push(
        encodeTensor(`${x}_voicelib_scale`, [], OnnxDataType.float, floats([scale])),
        encodeTensor(`${x}_voicelib_zp`, [], OnnxDataType.uint8, Uint8Array.of(zeroPoint)),
      );
      const args = [`${x}_voicelib_scale`, `${x}_voicelib_zp`];
      nodes.push(
        { opType: 'QuantizeLinear', name: `${x}_voicelib_q`, inputs: [x, ...args], outputs: [`${x}_voicelib_q`] },
        { opType: 'DequantizeLinear', name: input.name, inputs: [`${x}_voicelib_q`, ...args], outputs: [input.name] },
      );
      quantized.set(x, input);
    }
    // Weights: symmetric int8 per output channel, scale = |max| / 127.
    const channels = wt.dims[0]!;
    const inner = wt.values.length / channels;
    const wScale = new Float32Array(channels);
    const wq = new Int8Array(wt.values.length);
    for (let c = 0; c < channels; c += 1) {
      let absMax = 0;
      for (let i = c * inner; i < (c + 1) * inner; i += 1) absMax = Math.max(absMax, Math.abs(wt.values[i]!));
      const scale = absMax > 0 ? absMax / 127 : 1;
      wScale[c] = scale;
      for (let i = c * inner; i < (c + 1) * inner; i += 1) wq[i] = Math.round(wt.values[i]! / scale);
    }
    plan.initializers.push(
      encodeTensor(`${tag}_w`, wt.dims, OnnxDataType.int8, new Uint8Array(wq.buffer)),
      encodeTensor(`${tag}_w_scale`, [channels], OnnxDataType.float, floats(wScale)),
      encodeTensor(`${tag}_w_zp`, [channels], OnnxDataType.int8, new Uint8Array(channels)),
    );
    const wArgs = [`${tag}_w`, `${tag}_w_scale`, `${tag}_w_zp`];
    nodes.push({ opType: 'DequantizeLinear', name: `${tag}_w_dq`, inputs: wArgs, outputs: [`${tag}_w_dq`], attributes: [AXIS_0] });
    const convInputs = [input.name, `${tag}_w_dq`];
    if (bias) {
      // Bias: int32 at the scale of input × weight, as the int8 kernels add it.
      const bt = readTensor(bias);
      const bScale = Float32Array.from(wScale, (s) => s * input.scale);
      const bq = Int32Array.from(bt.values, (v, c) => Math.round(v / bScale[c]!));
      plan.initializers.push(
        encodeTensor(`${tag}_b`, [channels], OnnxDataType.int32, new Uint8Array(bq.buffer)),
        encodeTensor(`${tag}_b_scale`, [channels], OnnxDataType.float, floats(bScale)),
        encodeTensor(`${tag}_b_zp`, [channels], OnnxDataType.int32, new Uint8Array(channels * 4)),
      );
      nodes.push({
        opType: 'DequantizeLinear',
        name: `${tag}_b_dq`,
        inputs: [`${tag}_b`, `${tag}_b_scale`, `${tag}_b_zp`],
        outputs: [`${tag}_b_dq`],
        attributes: [AXIS_0],
      });
      convInputs.push(`${tag}_b_dq`);
    }
    const out = activationParams(yRange);
    plan.initializers.push(
      encodeTensor(`${tag}_y_scale`, [], OnnxDataType.float, floats([out.scale])),
      encodeTensor(`${tag}_y_zp`, [], OnnxDataType.uint8, Uint8Array.of(out.zeroPoint)),
    );
    const yArgs = [`${tag}_y_scale`, `${tag}_y_zp`];
    nodes.push(
      { opType: 'Conv', name: tag, inputs: convInputs, outputs: [`${tag}_y`], attributes: node.attributes },
      { opType: 'QuantizeLinear', name: `${tag}_y_q`, inputs: [`${tag}_y`, ...yArgs], outputs: [`${tag}_y_q`] },
      // The original output name, so the nodes reading it are unchanged.
      { opType: 'DequantizeLinear', name: `${tag}_y_dq`, inputs: [`${tag}_y_q`, ...yArgs], outputs: [y] },
    );
    plan.replace.set(index, nodes);
    plan.convs += 1;
    for (const name of [w, b]) if (name && readers.get(name) === 1) plan.unused.add(name);
  });
  return plan;
}
