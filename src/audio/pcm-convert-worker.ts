import { serveWorkerRequests } from '../workers/worker-serve.js';
import { resample } from './resample.js';
import { type WavEncoding, wavPayload } from './wav.js';

/**
 * Worker-thread side of `pcm-convert.ts`: one chunk resampled to the output rate and converted to
 * its sample encoding, the bytes moved back (not copied).
 */

export interface PcmConvertTask {
  /** Mono samples at `inputRate`, moved here by the caller. */
  samples: Float32Array;
  inputRate: number;
  sampleRate: number;
  encoding: WavEncoding;
}

export default serveWorkerRequests<PcmConvertTask, Uint8Array>('PCM conversion', (task) => {
  const { samples } = resample({ sampleRate: task.inputRate, samples: task.samples }, task.sampleRate);
  const payload = wavPayload(samples, task.encoding);
  // A small Buffer can be a slice of Node's shared pool, which must not be moved: copy it out.
  const bytes =
    payload.byteOffset === 0 && payload.byteLength === payload.buffer.byteLength
      ? new Uint8Array(payload.buffer, 0, payload.byteLength)
      : new Uint8Array(payload);
  return { result: bytes, transfer: [bytes.buffer as ArrayBuffer] };
});
