import { readFile } from 'node:fs/promises';
import { AppError } from '../../../errors.js';
import { findPackFile } from '../../../onnx/model-files.js';
import { loadOrt, type OrtSession } from '../../../onnx/session.js';
import type { PcmAudio } from '../../pcm.js';
import { resample } from '../../resample.js';
import { buildGe2eModel, HOP_SAMPLES, PARTIAL_FRAMES, SAMPLE_RATE, WINDOW_SAMPLES } from './ge2e-graph.js';
import { readTorchCheckpoint } from './torch-checkpoint.js';
import { trimForEmbedding } from './voice-activity.js';

/**
 * Who is speaking, as a number: a speaker embedding (d-vector) of a recording, and the cosine of two
 * such vectors as their speaker similarity. Engine-neutral: it listens to audio only.
 *
 * The encoder is Resemblyzer's GE2E model (Apache-2.0), read from its PyTorch checkpoint
 * (`pretrained.pt`, `voicelib models pull resemblyzer`) and run by onnxruntime (ge2e-graph.ts), with
 * Resemblyzer's own preprocessing: 16 kHz, level raised to -30 dBFS, long silences cut by WebRTC's
 * voice activity detector (voice-activity.ts), 1.6 s partial windows every 0.77 s, their unit
 * embeddings averaged. Embeddings are non-negative (ReLU), so similarities lie in [0, 1]; on this
 * encoder about 0.80 and above is the same voice and below 0.70 another one.
 *
 * @example
 * const encoder = await SpeakerEncoder.find(config.modelFolders);
 * const a = await encoder?.embed(recording);
 * const b = await encoder?.embed(clone);
 * if (a && b) console.log(speakerSimilarity(a, b));
 */

/** The model pack and file the encoder is read from (`src/models/manifest.ts`). */
export const SPEAKER_ENCODER_PACK = 'resemblyzer-ge2e';
export const SPEAKER_ENCODER_FILE = 'pretrained.pt';
export const EMBEDDING_SIZE = 256;

/** Resemblyzer's partial windows: a new one every 1/1.3 s; the last kept when it is 75 % covered. */
const PARTIALS_PER_SECOND = 1.3;
const MIN_COVERAGE = 0.75;

export class SpeakerEncoder {
  private constructor(
    private readonly session: OrtSession,
    readonly file: string,
  ) {}

  /** The encoder from `<folder>/resemblyzer-ge2e/pretrained.pt` in the first folder that has it, or null. */
  static async find(folders: readonly string[], options: { threads?: number } = {}): Promise<SpeakerEncoder | null> {
    const file = findPackFile(folders, SPEAKER_ENCODER_PACK, [SPEAKER_ENCODER_FILE]);
    return file === null ? null : SpeakerEncoder.load(file, options);
  }

  /** Reads a Resemblyzer checkpoint and builds its session (about 0.2 s). */
  static async load(file: string, options: { threads?: number } = {}): Promise<SpeakerEncoder> {
    const ort = await loadOrt();
    const graph = buildGe2eModel(readTorchCheckpoint(await readFile(file)));
    try {
      const session = await ort.InferenceSession.create(graph, {
        executionProviders: ['cpu'],
        graphOptimizationLevel: 'all',
        intraOpNumThreads: Math.max(1, options.threads ?? 1),
        interOpNumThreads: 1,
        extra: { session: { intra_op: { allow_spinning: '0' } } },
        logSeverityLevel: 3,
      });
      return new SpeakerEncoder(session, file);
    } catch (error) {
      throw new AppError('provider_error', `Could not load the speaker encoder ${file}: ${String(error)}`, {
        retryable: false,
      });
    }
  }

  /**
   * The speaker embedding of `audio` (unit length, 256 values), or null when it holds no speech the
   * detector keeps. Any sample rate: it is resampled to 16 kHz first.
   */
  async embed(audio: PcmAudio): Promise<Float32Array | null> {
    const wav = await trimForEmbedding(resample(audio, SAMPLE_RATE).samples);
    return wav.length === 0 ? null : this.embedTrimmed(wav);
  }

  /** Resemblyzer's `embed_utterance` on 16 kHz audio already through `trimForEmbedding`. */
  async embedTrimmed(wav: Float32Array): Promise<Float32Array> {
    const starts = partialStarts(wav.length);
    const need = (starts[starts.length - 1]! + PARTIAL_FRAMES) * HOP_SAMPLES;
    const padded = new Float32Array(Math.max(wav.length, need));
    padded.set(wav);
    const frames = centredFrames(padded);
    const partials = new BigInt64Array(starts.length * PARTIAL_FRAMES);
    starts.forEach((start, p) => {
      for (let i = 0; i < PARTIAL_FRAMES; i += 1) partials[p * PARTIAL_FRAMES + i] = BigInt(start + i);
    });
    const ort = await loadOrt();
    const out = await this.session.run({
      frames: new ort.Tensor('float32', frames, [frames.length / WINDOW_SAMPLES, WINDOW_SAMPLES]),
      partials: new ort.Tensor('int64', partials, [starts.length, PARTIAL_FRAMES]),
    });
    const embeds = out['embeds']!.data as Float32Array;
    const mean = new Float64Array(256);
    for (let p = 0; p < starts.length; p += 1) {
      const row = embeds.subarray(p * 256, (p + 1) * 256);
      const norm = Math.hypot(...row) || 1;
      for (let i = 0; i < 256; i += 1) mean[i]! += row[i]! / norm;
    }
    return unit(mean);
  }

  close(): Promise<void> {
    return this.session.release();
  }
}

/** First frame of each partial window (Resemblyzer `compute_partial_slices`). */
function partialStarts(samples: number): number[] {
  const frames = Math.ceil((samples + 1) / HOP_SAMPLES);
  const step = Math.round(SAMPLE_RATE / PARTIALS_PER_SECOND / HOP_SAMPLES);
  const starts: number[] = [];
  for (let i = 0; i < Math.max(1, frames - PARTIAL_FRAMES + step + 1); i += step) starts.push(i);
  const last = starts[starts.length - 1]!;
  const coverage = (samples - last * HOP_SAMPLES) / (PARTIAL_FRAMES * HOP_SAMPLES);
  if (coverage < MIN_COVERAGE && starts.length > 1) starts.pop();
  return starts;
}

/** librosa's centred frames: `1 + n / 160` windows of 400 samples over the signal zero-padded by 200 each side. */
function centredFrames(wav: Float32Array): Float32Array {
  const count = 1 + Math.floor(wav.length / HOP_SAMPLES);
  const out = new Float32Array(count * WINDOW_SAMPLES);
  const half = WINDOW_SAMPLES / 2;
  for (let f = 0; f < count; f += 1) {
    const from = f * HOP_SAMPLES - half;
    const lo = Math.max(0, from);
    const hi = Math.min(wav.length, from + WINDOW_SAMPLES);
    if (hi > lo) out.set(wav.subarray(lo, hi), f * WINDOW_SAMPLES + (lo - from));
  }
  return out;
}

function unit(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i]! ** 2;
  const norm = Math.sqrt(sum) || 1;
  return Float32Array.from(values, (v) => v / norm);
}

/** Cosine similarity of two speaker embeddings (unit vectors: their dot product). */
export function speakerSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / (Math.sqrt(na * nb) || 1);
}

/** The unit mean of several embeddings: one voice heard in several clips. */
export function meanEmbedding(embeddings: readonly ArrayLike<number>[]): Float32Array {
  const sum = new Float64Array(EMBEDDING_SIZE);
  for (const e of embeddings) for (let i = 0; i < EMBEDDING_SIZE; i += 1) sum[i]! += e[i]!;
  return unit(sum);
}
