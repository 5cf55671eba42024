import { model, type NodeSpec, tensor, valueInfo } from '../../../onnx/onnx-build.js';
import { AppError } from '../../../errors.js';
import type { CheckpointTensor } from './torch-checkpoint.js';

/**
 * Resemblyzer's GE2E speaker encoder (Apache-2.0; Wan et al. 2018) as one small ONNX graph, built
 * from its checkpoint's weights so onnxruntime runs it (its LSTM and matrix products are ~50 times
 * faster than the same loops in JavaScript). From raw frames to partial embeddings:
 *
 *   frames [T, 400] (16 kHz samples, hop 160, already centred and zero-padded)
 *   → power spectrum of the Hann-windowed 400-point DFT (one matrix product) → 40 Slaney mel bands
 *     (librosa.feature.melspectrogram's defaults, as Resemblyzer calls it: no log)
 *   → the 160-frame windows named by `partials` [B, 160] (frame indices)
 *   → 3-layer LSTM (256) → last hidden state → linear 256 → ReLU → `embeds` [B, 256].
 *
 * The caller normalizes each partial, averages and normalizes again (speaker-encoder.ts).
 */

export const SAMPLE_RATE = 16_000;
export const WINDOW_SAMPLES = 400;
export const HOP_SAMPLES = 160;
export const MEL_BANDS = 40;
export const PARTIAL_FRAMES = 160;
const HIDDEN = 256;
const BINS = WINDOW_SAMPLES / 2 + 1;

/** Slaney's mel scale (librosa `hz_to_mel`, htk=False): linear to 1 kHz, logarithmic above. */
function hzToMel(hz: number): number {
  const linear = hz / (200 / 3);
  return hz >= 1000 ? 15 + Math.log(hz / 1000) / (Math.log(6.4) / 27) : linear;
}

function melToHz(mel: number): number {
  return mel >= 15 ? 1000 * Math.exp((Math.log(6.4) / 27) * (mel - 15)) : (200 / 3) * mel;
}

/** librosa.filters.mel(sr=16000, n_fft=400, n_mels=40): Slaney-normalized triangles, [40, 201]. */
export function melFilters(): Float64Array {
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    melToHz((hzToMel(SAMPLE_RATE / 2) * i) / (MEL_BANDS + 1)),
  );
  const out = new Float64Array(MEL_BANDS * BINS);
  for (let m = 0; m < MEL_BANDS; m += 1) {
    const [low, centre, high] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const norm = 2 / (high - low);
    for (let k = 0; k < BINS; k += 1) {
      const hz = (k * SAMPLE_RATE) / WINDOW_SAMPLES;
      const rising = (hz - low) / (centre - low);
      const falling = (high - hz) / (high - centre);
      out[m * BINS + k] = Math.fround(Math.max(0, Math.min(rising, falling)) * norm);
    }
  }
  return out;
}

/** [400, 402]: the periodic Hann window times cos and sin of each bin, side by side. */
function dftMatrix(): Float32Array {
  const out = new Float32Array(WINDOW_SAMPLES * 2 * BINS);
  for (let n = 0; n < WINDOW_SAMPLES; n += 1) {
    const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / WINDOW_SAMPLES);
    for (let k = 0; k < BINS; k += 1) {
      const angle = (2 * Math.PI * ((k * n) % WINDOW_SAMPLES)) / WINDOW_SAMPLES;
      out[n * 2 * BINS + k] = window * Math.cos(angle);
      out[n * 2 * BINS + BINS + k] = window * Math.sin(angle);
    }
  }
  return out;
}

/** [402, 40]: the mel filters transposed, twice (real and imaginary powers add up under them). */
function melMatrix(): Float32Array {
  const filters = melFilters();
  const out = new Float32Array(2 * BINS * MEL_BANDS);
  for (let k = 0; k < BINS; k += 1) {
    for (let m = 0; m < MEL_BANDS; m += 1) {
      const w = filters[m * BINS + k]!;
      out[k * MEL_BANDS + m] = w;
      out[(BINS + k) * MEL_BANDS + m] = w;
    }
  }
  return out;
}

/** PyTorch's LSTM gate rows (input, forget, cell, output) in ONNX's order (input, output, forget, cell). */
function onnxGates(values: Float32Array): Float32Array {
  const rows = values.length / 4;
  const out = new Float32Array(values.length);
  [0, 3, 1, 2].forEach((from, to) => out.set(values.subarray(from * rows, (from + 1) * rows), to * rows));
  return out;
}

function weight(weights: ReadonlyMap<string, CheckpointTensor>, name: string, size: number): Float32Array {
  const t = weights.get(name);
  if (t === undefined || t.values.length !== size) {
    throw new AppError('provider_error', `The speaker encoder's checkpoint has no ${name} of ${size} values`, {
      retryable: false,
    });
  }
  return t.values;
}

/** The serialized ONNX model for Resemblyzer's checkpoint weights (`readTorchCheckpoint`). */
export function buildGe2eModel(weights: ReadonlyMap<string, CheckpointTensor>): Uint8Array {
  const nodes: NodeSpec[] = [
    { op: 'MatMul', inputs: ['frames', 'dft'], outputs: ['spectrum'] },
    { op: 'Mul', inputs: ['spectrum', 'spectrum'], outputs: ['power'] },
    { op: 'MatMul', inputs: ['power', 'mel'], outputs: ['mels'] },
    { op: 'Gather', inputs: ['mels', 'partials'], outputs: ['windows'], attributes: { axis: 0 } },
    { op: 'Transpose', inputs: ['windows'], outputs: ['sequence'], attributes: { perm: [1, 0, 2] } },
  ];
  const initializers = [
    tensor('dft', 'float', [WINDOW_SAMPLES, 2 * BINS], dftMatrix()),
    tensor('mel', 'float', [2 * BINS, MEL_BANDS], melMatrix()),
    tensor('axis_1', 'int64', [1], [1]),
    tensor('axis_0', 'int64', [1], [0]),
  ];
  let input = 'sequence';
  for (let layer = 0; layer < 3; layer += 1) {
    const inputSize = layer === 0 ? MEL_BANDS : HIDDEN;
    const ih = onnxGates(weight(weights, `lstm.weight_ih_l${layer}`, 4 * HIDDEN * inputSize));
    const hh = onnxGates(weight(weights, `lstm.weight_hh_l${layer}`, 4 * HIDDEN * HIDDEN));
    const bias = new Float32Array(8 * HIDDEN);
    bias.set(onnxGates(weight(weights, `lstm.bias_ih_l${layer}`, 4 * HIDDEN)), 0);
    bias.set(onnxGates(weight(weights, `lstm.bias_hh_l${layer}`, 4 * HIDDEN)), 4 * HIDDEN);
    initializers.push(
      tensor(`w${layer}`, 'float', [1, 4 * HIDDEN, inputSize], ih),
      tensor(`r${layer}`, 'float', [1, 4 * HIDDEN, HIDDEN], hh),
      tensor(`b${layer}`, 'float', [1, 8 * HIDDEN], bias),
    );
    const last = layer === 2;
    nodes.push({
      op: 'LSTM',
      inputs: [input, `w${layer}`, `r${layer}`, `b${layer}`],
      outputs: last ? ['', 'final'] : [`y${layer}`],
      attributes: { hidden_size: HIDDEN },
    });
    if (!last) nodes.push({ op: 'Squeeze', inputs: [`y${layer}`, 'axis_1'], outputs: [`h${layer}`] });
    input = `h${layer}`;
  }
  const linear = weight(weights, 'linear.weight', HIDDEN * HIDDEN);
  const transposed = new Float32Array(HIDDEN * HIDDEN);
  for (let i = 0; i < HIDDEN; i += 1) for (let j = 0; j < HIDDEN; j += 1) transposed[j * HIDDEN + i] = linear[i * HIDDEN + j]!;
  initializers.push(
    tensor('linear_t', 'float', [HIDDEN, HIDDEN], transposed),
    tensor('linear_b', 'float', [HIDDEN], weight(weights, 'linear.bias', HIDDEN)),
  );
  nodes.push(
    { op: 'Squeeze', inputs: ['final', 'axis_0'], outputs: ['hidden'] },
    { op: 'MatMul', inputs: ['hidden', 'linear_t'], outputs: ['projected'] },
    { op: 'Add', inputs: ['projected', 'linear_b'], outputs: ['biased'] },
    { op: 'Relu', inputs: ['biased'], outputs: ['embeds'] },
  );
  return model(
    {
      name: 'resemblyzer-ge2e',
      nodes,
      initializers,
      inputs: [valueInfo('frames', 'float', ['t', WINDOW_SAMPLES]), valueInfo('partials', 'int64', ['b', PARTIAL_FRAMES])],
      outputs: [valueInfo('embeds', 'float', ['b', HIDDEN])],
    },
    17,
  );
}
