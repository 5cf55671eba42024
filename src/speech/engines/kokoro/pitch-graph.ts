import type { NewNode, OnnxGraph } from '../../../onnx/onnx-model.js';
import { encodeFloatTensor } from '../../../onnx/onnx-tensor.js';
import { PITCH_INPUT, RANGE_INPUT } from './model-io.js';

/**
 * The prepared graph's steering of the predicted F0 curve (prepare.ts), before the vocoder reads it
 * (the decoder's F0 convolution and the generator's harmonic source), so the vocoder renders the
 * changed melody in the voice's own timbre instead of a signal-processing change afterwards:
 *
 *   F0' = F0 · exp(w · (range − 1) · (ln F0 − c)) · pitch
 *
 * - `pitch` (`PITCH_INPUT`, float32 [1]) moves the whole melody;
 * - `range` (`RANGE_INPUT`, float32 [1]) widens (> 1) or narrows (< 1) every rise and fall around
 *   the chunk's centre in log frequency: a voiced frame at F0 goes to c · (F0 / c)^range, the same
 *   intonation width PSOLA's `rangeScale` asks for (audio/psola.ts), without resynthesis;
 * - c = ln of the mean F0 weighted by w, and w = clip((F0 − 50 Hz) / 20 Hz, 0, 1) is how voiced a
 *   frame is: the predictor's unvoiced frames (near 0 Hz) stay as they are, and the ramp keeps the
 *   curve continuous where speech starts and stops. The median moves a little with the width
 *   (measured: range 1.2 raised it 1–2 %, 1.6 by 4–8 %, 0.7 lowered it 1–3 %; docs/engines.md): the
 *   predicted curve is weighted towards its low frames. The arithmetic mean moved it least of the
 *   centres tried (the mean of ln F0 moved it up to 9 %).
 *
 * Range 1 and pitch 1 give back the predicted curve bit for bit (the exponent is exactly 0).
 */

const VOICED_FROM_HZ = 50;
const VOICED_RAMP_HZ = 20;

/**
 * The F0 curve: the input of the generator's F0 upsampling (`…/f0_upsamp/Resize`), which the
 * decoder's F0 convolution reads too, and the index of the node that makes it. Null unless exactly
 * one such Resize reads a tensor some node produces.
 */
export function findPitchTensor(graph: OnnxGraph): { tensor: string; producer: number } | null {
  const resizes = graph.nodes.filter((node) => node.opType === 'Resize' && /f0_upsamp/i.test(node.name));
  const tensor = resizes.length === 1 ? resizes[0]!.inputs[0] : undefined;
  if (tensor === undefined) return null;
  const producer = graph.nodes.findIndex((node) => node.outputs.includes(tensor));
  return producer < 0 ? null : { tensor, producer };
}

/**
 * What replaces the F0 curve's producer: the producer with its output renamed, then the steering
 * above under the old name; and the scalar constants it reads, as initializers.
 */
export function steerPitch(
  graph: OnnxGraph,
  found: { tensor: string; producer: number },
): { nodes: NewNode[]; initializers: Uint8Array[] } {
  const node = graph.nodes[found.producer]!;
  const t = (name: string) => `voicelib_f0_${name}`;
  const constants: Record<string, number> = {
    one: 1,
    zero: 0,
    from: VOICED_FROM_HZ,
    per_hz: 1 / VOICED_RAMP_HZ,
    tiny: 1e-6,
  };
  const op = (opType: string, inputs: string[], output: string): NewNode => ({
    opType,
    name: output,
    inputs,
    outputs: [output],
  });
  const f0 = t('predicted');
  const nodes: NewNode[] = [
    {
      opType: node.opType,
      name: node.name,
      domain: node.domain,
      inputs: node.inputs,
      outputs: node.outputs.map((output) => (output === found.tensor ? f0 : output)),
      attributes: node.attributes,
    },
    // How voiced each frame is (0..1).
    op('Sub', [f0, t('from')], t('above')),
    op('Mul', [t('above'), t('per_hz')], t('ramp')),
    op('Clip', [t('ramp'), t('zero'), t('one')], t('voiced')),
    // ln F0 (F0 floored at 1 Hz) and the centre: ln of the voiced-weighted mean F0 of the chunk.
    op('Max', [f0, t('one')], t('floored')),
    op('Log', [t('floored')], t('log')),
    op('Mul', [t('voiced'), f0], t('weighted_hz')),
    op('ReduceSum', [t('weighted_hz')], t('hz_sum')),
    op('ReduceSum', [t('voiced')], t('voiced_sum')),
    op('Add', [t('voiced_sum'), t('tiny')], t('voiced_count')),
    op('Div', [t('hz_sum'), t('voiced_count')], t('mean_hz')),
    op('Max', [t('mean_hz'), t('one')], t('mean_floored')),
    op('Log', [t('mean_floored')], t('centre')),
    // exp(w · (range − 1) · (ln F0 − c)): 1 exactly when range is 1.
    op('Sub', [t('log'), t('centre')], t('deviation')),
    op('Sub', [RANGE_INPUT, t('one')], t('widen')),
    op('Mul', [t('voiced'), t('deviation')], t('voiced_deviation')),
    op('Mul', [t('voiced_deviation'), t('widen')], t('exponent')),
    op('Exp', [t('exponent')], t('range_factor')),
    op('Mul', [f0, t('range_factor')], t('ranged')),
    { opType: 'Mul', name: 'voicelib_pitch_scale', inputs: [t('ranged'), PITCH_INPUT], outputs: [found.tensor] },
  ];
  const initializers = Object.entries(constants).map(([name, value]) =>
    encodeFloatTensor(t(name), [], Float32Array.of(value)),
  );
  return { nodes, initializers };
}
