import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Mp3Job, Mp3SessionMessage, Mp3WorkerMessage } from './mp3-worker.js';
import type { PcmAudio } from './pcm.js';

/**
 * MP3 encoding in-process with LAME, in a small pool of worker threads so the event loop never
 * waits on it. Each worker runs libmp3lame where it loads, else LAME compiled to WebAssembly
 * (`mp3-worker.ts`); both write the same kind of file (`mp3-native.ts` says where the bytes
 * differ). Each worker owns one encoder and
 * takes one job at a time; a job goes to the worker with the fewest jobs queued. Workers start on
 * first use and are unref'd while idle, so they never keep the process alive.
 *
 * Compared with spawning ffmpeg (0.3-0.4 s of CPU per call before any audio on the reference
 * machine) this costs only the encoding itself; the file is the same kind: CBR, mono, with an
 * Info/LAME frame so decoders return exactly the input samples.
 */

/** The encoder could not be loaded at all (as opposed to failing on one file): use another one. */
export class Mp3EncoderUnavailableError extends Error {
  constructor(message: string) {
    super(`The in-process MP3 encoder could not be loaded: ${message}`);
    this.name = 'Mp3EncoderUnavailableError';
  }
}

/** Layer III bitrates (kbit/s) LAME chooses from: MPEG-1 (32-48 kHz) and MPEG-2/2.5 (8-24 kHz). */
const MPEG1_KBPS = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/**
 * The bitrate LAME uses for a requested one (its FindNearestBitrate): the nearest legal value for
 * the rate's MPEG version, the lower one on a tie. Requests are clamped before (see `encode.ts`).
 */
export function nearestMp3Kbps(bitRate: number, sampleRate: number): number {
  const table = sampleRate >= 32000 ? MPEG1_KBPS : MPEG2_KBPS;
  const kbps = bitRate / 1000;
  let best = table[0]!;
  for (const candidate of table) if (Math.abs(candidate - kbps) < Math.abs(best - kbps)) best = candidate;
  return best;
}

interface Pending {
  resolve: (data: Buffer, samples?: number) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Resolves when the encoder inside has loaded; rejects with `Mp3EncoderUnavailableError` if it cannot. */
  ready: Promise<void>;
  pending: Map<number, Pending>;
}

const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));
const slots: Slot[] = [];
let nextId = 1;
/** Set once a worker reports that the encoder cannot load; every later call fails fast with it. */
let unavailable: Mp3EncoderUnavailableError | undefined;

function startSlot(): Slot {
  const worker = new Worker(new URL('./mp3-worker.js', import.meta.url));
  worker.unref();
  const pending = new Map<number, Pending>();
  let markReady: () => void = () => {};
  let markUnavailable: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markUnavailable = reject;
  });
  // Rejections are handled by whoever awaits `ready`; none must surface as unhandled.
  ready.catch(() => undefined);
  const slot: Slot = { worker, ready, pending };
  let loaded = false;

  worker.on('message', (message: Mp3WorkerMessage) => {
    if (message.kind === 'ready') {
      loaded = true;
      markReady();
      return;
    }
    if (message.kind === 'unavailable') {
      unavailable ??= new Mp3EncoderUnavailableError(message.message);
      markUnavailable(unavailable);
      return;
    }
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (!job) return;
    if (message.kind === 'done')
      job.resolve(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength), message.samples);
    else job.reject(new Error(message.message));
  });
  const lost = (reason: string): void => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    // A worker that dies before its encoder loads means the module cannot run here.
    if (!loaded) {
      unavailable ??= new Mp3EncoderUnavailableError(reason);
      markUnavailable(unavailable);
    }
    for (const job of pending.values()) job.reject(new Error(`MP3 encoder worker stopped: ${reason}`));
    pending.clear();
  };
  worker.on('error', (error: Error) => lost(error.message));
  worker.on('exit', (code: number) => lost(`exit code ${code}`));
  return slot;
}

function pickSlot(): Slot {
  if (slots.length < POOL_SIZE && slots.every((slot) => slot.pending.size > 0)) slots.push(startSlot());
  return slots.reduce((best, slot) => (slot.pending.size < best.pending.size ? slot : best));
}

/**
 * Encodes mono PCM to a CBR MP3 file at `sampleRate` (resampled in the worker) and `kbps` (a legal
 * bitrate for that rate, see `nearestMp3Kbps`), with an Info/LAME frame in front. Rejects with
 * `Mp3EncoderUnavailableError` when the encoder cannot load here (callers fall back to ffmpeg), and
 * with a plain `Error` when encoding one file fails (callers turn it into their own error).
 */
export async function encodeMp3InProcess(pcm: PcmAudio, sampleRate: number, kbps: number): Promise<Buffer> {
  if (unavailable) throw unavailable;
  const slot = pickSlot();
  const id = nextId++;
  // The worker gets its own copy; the caller keeps its samples.
  const job: Mp3Job = { id, samples: pcm.samples.slice(), inputRate: pcm.sampleRate, sampleRate, kbps };
  const result = new Promise<Buffer>((resolve, reject) => {
    slot.pending.set(id, { resolve, reject });
  });
  slot.worker.ref();
  slot.worker.postMessage(job, [job.samples.buffer as ArrayBuffer]);
  try {
    // Waiting on both attaches a handler to each, whichever settles first.
    const [, data] = await Promise.all([slot.ready, result]);
    return data;
  } catch (error) {
    slot.pending.delete(id);
    throw error;
  } finally {
    if (slot.pending.size === 0) slot.worker.unref();
  }
}

/** Encodes one stream of PCM chunk by chunk on one worker (see `Mp3SessionMessage`). */
export interface Mp3Session {
  /** The frames ready after this chunk, and how many output samples it became. */
  write(pcm: PcmAudio): Promise<{ data: Buffer; samples: number }>;
  /** The last frames (LAME's flush). The session is closed afterwards. */
  finish(): Promise<Buffer>;
  /** Frees the encoder without flushing. */
  discard(): void;
}

let nextSession = 1;

/**
 * Opens a streaming MP3 encoder at `sampleRate` and `kbps` (see `nearestMp3Kbps`). Frames come out
 * without an Info frame (a stream cannot seek back to write one). Rejects with
 * `Mp3EncoderUnavailableError` when the encoder cannot load here.
 */
export async function openMp3Session(sampleRate: number, kbps: number): Promise<Mp3Session> {
  if (unavailable) throw unavailable;
  const slot = pickSlot();
  await slot.ready;
  const session = nextSession++;
  const post = (message: Mp3SessionMessage, transfer: ArrayBuffer[] = []) => slot.worker.postMessage(message, transfer);
  const request = (make: (id: number) => Mp3SessionMessage, transfer: ArrayBuffer[] = []) =>
    new Promise<{ data: Buffer; samples: number }>((resolve, reject) => {
      const id = nextId++;
      slot.pending.set(id, { resolve: (data, samples) => resolve({ data, samples: samples ?? 0 }), reject });
      slot.worker.ref();
      post(make(id), transfer);
    }).finally(() => {
      if (slot.pending.size === 0) slot.worker.unref();
    });
  let open = true;
  post({ kind: 'open', session, sampleRate, kbps });
  return {
    write: (pcm) => {
      // The worker gets its own copy; the caller keeps its samples.
      const samples = pcm.samples.slice();
      return request((id) => ({ kind: 'chunk', session, id, samples, inputRate: pcm.sampleRate }), [
        samples.buffer as ArrayBuffer,
      ]);
    },
    finish: async () => {
      open = false;
      return (await request((id) => ({ kind: 'finish', session, id }))).data;
    },
    discard: () => {
      if (open && slots.includes(slot)) post({ kind: 'discard', session });
      open = false;
    },
  };
}

/**
 * Starts one worker and waits until its encoder has loaded (~0.2-0.3 s of CPU when it compiles the
 * WebAssembly LAME, paid by the first MP3 otherwise). Rejects with `Mp3EncoderUnavailableError` if it cannot load.
 */
export async function warmMp3(): Promise<void> {
  if (unavailable) throw unavailable;
  if (slots.length === 0) slots.push(startSlot());
  await slots[0]!.ready;
}

/** Stops the pool's workers (tests and shutdown); the next encode starts new ones. */
export async function closeMp3Pool(): Promise<void> {
  const stopping = slots.splice(0);
  await Promise.all(stopping.map((slot) => slot.worker.terminate()));
}
