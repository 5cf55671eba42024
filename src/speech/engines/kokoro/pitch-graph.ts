import { intAttribute, type NewNode, OnnxDataType, type OnnxGraph } from '../../../onnx/onnx-model.js';
import { encodeFloatTensor, encodeInt64Tensor } from '../../../onnx/onnx-tensor.js';
import { ANCHOR_INPUT, PITCH_INPUT, RANGE_INPUT } from './model-io.js';

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
 * - `anchor` (`ANCHOR_INPUT`, float32 [1], Hz), when above 0, first moves the chunk's level to that
 *   value (F0 · anchor / level, within an octave), so `pitch` then applies to a level that does not
 *   depend on the text. Kokoro reads a short sentence several percent higher than a long one, and a
 *   400-character group lower still in Italian and Spanish (docs/voices.md), so a voice fitted to a
 *   speaker's pitch on sentences said one at a time missed it on a paragraph by up to 8 %. The level
 *   is the median of the voiced frames above `KEPT_OF_MEDIAN` of their median, taken before the range
 *   changes the curve, as the centre is. Measured on the audio, with the anchor at 200 Hz, from
 *   8-character sentences to 900-character texts: 189-205 Hz on three English packs, 189-199 Hz on
 *   Italian, 180-192 Hz on Spanish; without it the same packs spread 16-18 %. Tried first and not
 *   kept: the voiced-weighted mean (short sentences still 13-18 % over long ones: their curves have
 *   more low frames where voicing fades) and the plain median of the voiced frames (12 %).
 *
 * Range 1, pitch 1 and anchor 0 give back the predicted curve bit for bit (the exponent is exactly 0,
 * the factors exactly 1).
 */

const VOICED_FROM_HZ = 50;
/**
 * The anchor's level is the median of the voiced frames above this share of their first median: a
 * short sentence's final fall and the frames where voicing fades (124-141 Hz in a 220 Hz sentence)
 * are a large part of its curve but hardly heard as pitch.
 */
const KEPT_OF_MEDIAN = 0.85;
/** Largest factor the anchor moves a chunk's melody by, either way (an octave). */
const MAX_ANCHOR_MOVE = 2;
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
    anchor_low: 1 / MAX_ANCHOR_MOVE,
    anchor_high: MAX_ANCHOR_MOVE,
    kept_of_median: KEPT_OF_MEDIAN,
    half: 0.5,
  };
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
    // The anchor: the chunk's level (the median of the voiced frames, then of those above
    // KEPT_OF_MEDIAN of it, read from the curve sorted high to low), then anchor / level when the
    // anchor is set and the chunk is voiced (within MAX_ANCHOR_MOVE either way), else 1.
    op('Flatten', [f0], t('row')),
    op('Shape', [t('row')], t('row_shape')),
    op('Gather', [t('row_shape'), t('index_one')], t('frames'), [intAttribute('axis', 0)]),
    { ...op('TopK', [t('row'), t('frames')], t('sorted')), outputs: [t('sorted'), t('sorted_index')] },
    ...middleOf(t('row'), t('sorted'), t('from'), t('first_median'), t),
    op('Mul', [t('first_median'), t('kept_of_median')], t('kept_from')),
    ...middleOf(t('row'), t('sorted'), t('kept_from'), t('median_hz'), t),
    op('Div', [ANCHOR_INPUT, t('median_hz')], t('anchor_ratio')),
    op('Clip', [t('anchor_ratio'), t('anchor_low'), t('anchor_high')], t('anchor_move')),
    op('Greater', [ANCHOR_INPUT, t('zero')], t('anchor_set')),
    op('Greater', [t('median_hz'), t('from')], t('chunk_voiced')),
    op('And', [t('anchor_set'), t('chunk_voiced')], t('anchored')),
    op('Where', [t('anchored'), t('anchor_move'), t('one')], t('anchor_factor')),
    op('Mul', [t('anchor_factor'), PITCH_INPUT], t('pitch_factor')),
    { opType: 'Mul', name: 'voicelib_pitch_scale', inputs: [t('ranged'), t('pitch_factor')], outputs: [found.tensor] },
  ];
  const initializers = [
    ...Object.entries(constants).map(([name, value]) => encodeFloatTensor(t(name), [], Float32Array.of(value))),
    encodeInt64Tensor(t('index_one'), [1], [1]),
  ];
  return { nodes, initializers };
}

/**
 * Nodes making `output` (a scalar): the median of the frames of `row` ([1, T]) above `threshold`,
 * read from `sorted` (the row sorted high to low): with n such frames, the one at index ⌊n / 2⌋.
 * `t` names the steering's tensors (its constant `half` among them).
 */
function middleOf(row: string, sorted: string, threshold: string, output: string, t: (name: string) => string): NewNode[] {
  const n = (name: string) => `${output}_${name}`;
  return [
    op('Greater', [row, threshold], n('above')),
    op('Cast', [n('above')], n('flags'), [intAttribute('to', OnnxDataType.float)]),
    op('ReduceSum', [n('flags')], n('count')),
    op('Mul', [n('count'), t('half')], n('half_count')),
    op('Floor', [n('half_count')], n('floor')),
    op('Cast', [n('floor')], n('index'), [intAttribute('to', OnnxDataType.int64)]),
    op('Gather', [sorted, n('index')], n('cell'), [intAttribute('axis', 1)]),
    op('ReduceMax', [n('cell')], output, [intAttribute('keepdims', 0)]),
  ];
}

/** One node named after its single output. */
function op(opType: string, inputs: string[], output: string, attributes: Uint8Array[] = []): NewNode {
  return { opType, name: output, inputs, outputs: [output], attributes };
}
