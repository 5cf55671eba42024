import type { NewNode, OnnxGraph, OnnxNode } from '../../../onnx/onnx-model.js';
import { encodeFloatTensor, type NumericTensor, readTensor } from '../../../onnx/onnx-tensor.js';

/**
 * Undoes onnxruntime's dynamic quantization (quantize_dynamic), turning a graph back into float32:
 *
 *   DynamicQuantizeLinear(x) → MatMulInteger(xq, Wq, xzp, wzp) → Cast → Mul(xs · ws)        ⇒ MatMul(x, W)
 *   DynamicQuantizeLinear(x) → ConvInteger(xq, Wq, xzp, wzp) [→ Add(round(b / (xs · ws)))]
 *                              → Cast → Mul(xs · ws)                                     ⇒ Conv(x, W[, b])
 *   DynamicQuantizeLSTM(x, Wq, Rq, B, …, ws, wzp, rs, rzp)                                  ⇒ LSTM(x, W, R, B, …)
 *
 * with W = (Wq − wzp) · ws per tensor or per output channel (LSTM weights also transposed from
 * [dirs, in, 4H] to ONNX's [dirs, 4H, in]). The float ops compute what the quantized ones
 * approximate: the result differs from the int8 graph only by the activations' 8-bit rounding.
 * Why: onnxruntime-node 1.30's CPU ConvInteger is slow (Kokoro: ~0.95 CPU s per audio s as int8,
 * ~0.68 as float32, docs/engines.md). Any node that does not match a pattern is left as it is.
 */

export interface DequantizePlan {
  /** Replacement for node index i (file order): the float op, put where the final Mul was. */
  replace: Map<number, NewNode[]>;
  /** Encoded float32 initializers to add. */
  initializers: Uint8Array[];
  /** Nodes rewritten. */
  matmuls: number;
  convs: number;
  lstms: number;
}

type Producers = Map<string, { node: OnnxNode; index: number }>;

function consumersOf(graph: OnnxGraph): Map<string, number[]> {
  const out = new Map<string, number[]>();
  graph.nodes.forEach((node, index) => {
    for (const input of node.inputs) {
      const list = out.get(input);
      if (list) list.push(index);
      else out.set(input, [index]);
    }
  });
  return out;
}

/** Per-channel or per-tensor parameter p for channel c. */
function at(p: NumericTensor, c: number): number {
  return p.values.length === 1 ? p.values[0]! : p.values[c]!;
}

/**
 * Float weights W[o, …] = (q − zp[o]) · s[o], channel o along `axis` (0: Conv's output channels;
 * last: MatMul's columns).
 */
function dequantizeWeight(q: NumericTensor, zp: NumericTensor | null, s: NumericTensor, axis: 'first' | 'last') {
  const out = new Float32Array(q.values.length);
  const channels = axis === 'first' ? q.dims[0]! : q.dims[q.dims.length - 1]!;
  const inner = axis === 'first' ? q.values.length / channels : 1;
  for (let i = 0; i < out.length; i += 1) {
    const c = axis === 'first' ? Math.floor(i / inner) : i % channels;
    out[i] = (q.values[i]! - (zp ? at(zp, c) : 0)) * at(s, c);
  }
  return out;
}

/** [dirs, in, 4H] quantized → [dirs, 4H, in] float, per-direction scale and zero point. */
function dequantizeLstmWeight(q: NumericTensor, zp: NumericTensor, s: NumericTensor): Float32Array {
  const [dirs, rows, cols] = q.dims as [number, number, number];
  const out = new Float32Array(q.values.length);
  for (let d = 0; d < dirs; d += 1) {
    const base = d * rows * cols;
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        out[base + c * rows + r] = (q.values[base + r * cols + c]! - at(zp, d)) * at(s, d);
      }
    }
  }
  return out;
}

/** The rewrite for `graph`; patterns that do not match exactly are skipped, never guessed. */
export function planDequantize(graph: OnnxGraph): DequantizePlan {
  const producers: Producers = new Map();
  graph.nodes.forEach((node, index) => {
    for (const output of node.outputs) producers.set(output, { node, index });
  });
  const consumers = consumersOf(graph);
  const plan: DequantizePlan = { replace: new Map(), initializers: [], matmuls: 0, convs: 0, lstms: 0 };
  const made = new Set<string>();
  const tensor = (name: string | undefined): NumericTensor | null => {
    const bytes = name === undefined ? undefined : graph.initializers.get(name);
    return bytes ? readTensor(bytes) : null;
  };
  const addWeight = (name: string, dims: readonly number[], values: () => Float32Array) => {
    if (made.has(name)) return;
    made.add(name);
    plan.initializers.push(encodeFloatTensor(name, dims, values()));
  };
  const only = (name: string | undefined): { node: OnnxNode; index: number } | null => {
    const list = name === undefined ? undefined : consumers.get(name);
    if (!list || list.length !== 1) return null;
    return { node: graph.nodes[list[0]!]!, index: list[0]! };
  };

  graph.nodes.forEach((node) => {
    if (node.domain !== '' || (node.opType !== 'MatMulInteger' && node.opType !== 'ConvInteger')) return;
    const dql = producers.get(node.inputs[0] ?? '')?.node;
    if (!dql || dql.opType !== 'DynamicQuantizeLinear' || node.inputs[2] !== dql.outputs[2]) return;
    const weightName = node.inputs[1] ?? '';
    let next = only(node.outputs[0]);
    let bias: string | null = null;
    if (node.opType === 'ConvInteger' && next?.node.opType === 'Add') {
      // Add(conv, Reshape(Cast(Floor|Round(Div(b, scale))))): the float bias b.
      const other = next.node.inputs.find((i) => i !== node.outputs[0]);
      const reshape = producers.get(other ?? '')?.node;
      const cast = producers.get(reshape?.inputs[0] ?? '')?.node;
      const round = producers.get(cast?.inputs[0] ?? '')?.node;
      const div = producers.get(round?.inputs[0] ?? '')?.node;
      if (reshape?.opType !== 'Reshape' || cast?.opType !== 'Cast' || div?.opType !== 'Div') return;
      bias = div.inputs[0] ?? null;
      if (bias === null || !graph.initializers.has(bias)) return;
      next = only(next.node.outputs[0]);
    }
    if (next?.node.opType !== 'Cast') return;
    const mul = only(next.node.outputs[0]);
    if (mul?.node.opType !== 'Mul') return;
    const scaleName = mul.node.inputs.find((i) => i !== next.node.outputs[0]);
    const scaleMul = producers.get(scaleName ?? '')?.node;
    if (scaleMul?.opType !== 'Mul' || !scaleMul.inputs.includes(dql.outputs[1] ?? '')) return;
    const q = tensor(weightName);
    const s = tensor(scaleMul.inputs.find((i) => i !== dql.outputs[1]));
    const zp = node.inputs[3] ? tensor(node.inputs[3]) : null;
    if (!q || !s || (node.inputs[3] && !zp)) return;
    const floatName = `${weightName}_voicelib_f32`;
    const conv = node.opType === 'ConvInteger';
    addWeight(floatName, q.dims, () => dequantizeWeight(q, zp, s, conv ? 'first' : 'last'));
    plan.replace.set(mul.index, [
      {
        opType: conv ? 'Conv' : 'MatMul',
        name: `${node.name}_voicelib_f32`,
        inputs: [dql.inputs[0]!, floatName, ...(bias ? [bias] : [])],
        outputs: [mul.node.outputs[0]!],
        attributes: conv ? node.attributes : [],
      },
    ]);
    if (conv) plan.convs += 1;
    else plan.matmuls += 1;
  });

  graph.nodes.forEach((node, index) => {
    if (node.opType !== 'DynamicQuantizeLSTM' || node.inputs.length < 12) return;
    const [w, r, ws, wzp, rs, rzp] = [1, 2, 8, 9, 10, 11].map((i) => tensor(node.inputs[i]));
    if (!w || !r || !ws || !wzp || !rs || !rzp || w.dims.length !== 3 || r.dims.length !== 3) return;
    const names = [`${node.inputs[1]}_voicelib_f32`, `${node.inputs[2]}_voicelib_f32`] as const;
    const transposed = (t: NumericTensor) => [t.dims[0]!, t.dims[2]!, t.dims[1]!];
    addWeight(names[0], transposed(w), () => dequantizeLstmWeight(w, wzp, ws));
    addWeight(names[1], transposed(r), () => dequantizeLstmWeight(r, rzp, rs));
    const inputs = [node.inputs[0]!, ...names, ...node.inputs.slice(3, 8)];
    while (inputs[inputs.length - 1] === '') inputs.pop();
    plan.replace.set(index, [
      { opType: 'LSTM', name: `${node.name}_voicelib_f32`, inputs, outputs: node.outputs, attributes: node.attributes },
    ]);
    plan.lstms += 1;
  });
  return plan;
}

/**
 * Which nodes and initializers the graph still needs once `replace` is applied and `extraNodes`
 * appended: everything that feeds a graph output, walking back from the outputs.
 */
export function liveSet(
  graph: OnnxGraph,
  replace: ReadonlyMap<number, readonly NewNode[]>,
  extraNodes: readonly NewNode[],
): { nodes: Set<number>; tensors: Set<string> } {
  const needed = new Set<string>(graph.outputs);
  const live = new Set<number>();
  for (const node of extraNodes) for (const input of node.inputs) needed.add(input);
  for (let i = graph.nodes.length - 1; i >= 0; i -= 1) {
    const versions = replace.get(i) ?? [graph.nodes[i]!];
    if (!versions.some((n) => n.outputs.some((o) => o !== '' && needed.has(o)))) continue;
    live.add(i);
    for (const n of versions) for (const input of n.inputs) if (input !== '') needed.add(input);
  }
  return { nodes: live, tensors: needed };
}
