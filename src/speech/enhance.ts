import type { PcmAudio } from '../audio/pcm.js';
import { resample } from '../audio/resample.js';

/** RNNoise works on 48 kHz frames of 480 samples scaled like 16-bit integers. */
const RNNOISE_RATE = 48_000;
const INT16_SCALE = 32_768;

interface RnnoiseModule {
  _rnnoise_create(model: number): number;
  _rnnoise_destroy(state: number): void;
  _rnnoise_get_frame_size(): number;
  _rnnoise_process_frame(state: number, out: number, input: number): number;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  HEAPF32: Float32Array;
}

let modulePromise: Promise<RnnoiseModule> | null = null;

function loadRnnoise(): Promise<RnnoiseModule> {
  modulePromise ??= import('@echogarden/rnnoise-wasm').then(
    (mod) => (mod as unknown as { default: () => Promise<RnnoiseModule> }).default(),
  );
  return modulePromise;
}

/**
 * `enhance_generation`: RNNoise (a recurrent network trained to suppress noise in speech)
 * through `@echogarden/rnnoise-wasm`, then a gentle loudness normalisation. Each call uses its
 * own RNNoise state, so concurrent requests never share filter memory. Returns audio at the
 * input's sample rate and length.
 */
export async function enhanceSpeech(audio: PcmAudio): Promise<PcmAudio> {
  if (audio.samples.length === 0) return audio;
  const rnnoise = await loadRnnoise();
  const input = resample(audio, RNNOISE_RATE);
  const frame = rnnoise._rnnoise_get_frame_size();
  const state = rnnoise._rnnoise_create(0);
  const inPtr = rnnoise._malloc(frame * 4);
  const outPtr = rnnoise._malloc(frame * 4);
  const out = new Float32Array(input.samples.length);
  try {
    for (let offset = 0; offset < input.samples.length; offset += frame) {
      const length = Math.min(frame, input.samples.length - offset);
      // HEAPF32 may be replaced when WASM memory grows: look it up per frame.
      const heapIn = rnnoise.HEAPF32.subarray(inPtr >> 2, (inPtr >> 2) + frame);
      heapIn.fill(0);
      for (let i = 0; i < length; i++) heapIn[i] = input.samples[offset + i]! * INT16_SCALE;
      rnnoise._rnnoise_process_frame(state, outPtr, inPtr);
      const heapOut = rnnoise.HEAPF32.subarray(outPtr >> 2, (outPtr >> 2) + frame);
      for (let i = 0; i < length; i++) out[offset + i] = heapOut[i]! / INT16_SCALE;
    }
  } finally {
    rnnoise._free(inPtr);
    rnnoise._free(outPtr);
    rnnoise._rnnoise_destroy(state);
  }
  normalizePeak(out, 0.89); // about -1 dBFS
  const cleaned = resample({ sampleRate: RNNOISE_RATE, samples: out }, audio.sampleRate);
  // Resampling twice can change the length by a sample or two: keep the input's length exactly.
  const samples = new Float32Array(audio.samples.length);
  samples.set(cleaned.samples.subarray(0, samples.length));
  return { sampleRate: audio.sampleRate, samples };
}

function normalizePeak(samples: Float32Array, target: number): void {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  if (peak < 1e-4) return;
  const gain = Math.min(4, target / peak);
  for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! * gain;
}
