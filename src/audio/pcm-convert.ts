import { availableParallelism } from 'node:os';
import { WorkerPool } from '../workers/worker-pool.js';
import type { PcmConvertTask } from './pcm-convert-worker.js';
import type { PcmAudio } from './pcm.js';
import { resample } from './resample.js';
import { type WavEncoding, wavPayload } from './wav.js';

/**
 * The in-process formats' per-chunk work (resampling to the output rate, then 16-bit or G.711
 * samples) on worker threads, so it runs beside synthesis instead of on the event loop: resampling
 * 2 minutes of espeak-ng's 22,050 Hz to 24 kHz takes ~105 ms of CPU, and on the event loop it
 * held every other request up and stretched the request it belonged to (bench:http, the
 * 1,982-character WAV row). Small chunks (a pause, a short word) are converted in place: a thread
 * hop costs more than they do.
 */

/** Below this many samples a chunk is converted on the calling thread. */
const INLINE_SAMPLES = 8192;

let pool: WorkerPool<PcmConvertTask, Uint8Array> | null = null;

function converters(): WorkerPool<PcmConvertTask, Uint8Array> {
  pool ??= new WorkerPool({
    name: 'PCM conversion',
    script: new URL('./pcm-convert-worker.js', import.meta.url),
    // One thread stays (with its WebAssembly resampler loaded); a second joins under load and ends
    // after a minute idle. Idle threads are unref'd by piscina: they never hold the process open.
    minSize: 1,
    size: Math.max(1, Math.min(2, availableParallelism())),
    idleTimeoutMs: 60_000,
  });
  return pool;
}

/**
 * `pcm` at `sampleRate` in `encoding` (`wavPayload`'s bytes), converted on a worker thread. The
 * caller keeps its samples (the worker gets a copy of the chunk's own range).
 */
export async function convertPcm(pcm: PcmAudio, sampleRate: number, encoding: WavEncoding): Promise<Buffer> {
  if (pcm.samples.length < INLINE_SAMPLES) return wavPayload(resample(pcm, sampleRate).samples, encoding);
  const samples = pcm.samples.slice();
  const task: PcmConvertTask = { samples, inputRate: pcm.sampleRate, sampleRate, encoding };
  const bytes = await converters().run(task, [samples.buffer as ArrayBuffer]);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
