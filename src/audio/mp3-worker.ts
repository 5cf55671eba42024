import { parentPort } from 'node:worker_threads';
import { withInfoFrame } from './mp3-info-frame.js';
import { createNativeMp3Encoder, type Mp3Encoder } from './mp3-native.js';
import { createWasmMp3Encoder } from './mp3-wasm-encoder.js';
import { resample } from './resample.js';

/**
 * Worker thread owning one LAME encoder: libmp3lame itself where it loads (`mp3-native.ts`), else
 * LAME compiled to WebAssembly (`mp3-wasm-encoder.ts`); both write files of the same length (the
 * same bytes unless libmp3lame takes its faster quality setting, `lameQuality`). Jobs are
 * handled one at a time in arrival order: resample to the output rate, encode CBR mono, and
 * prepend the Info/LAME frame so decoders drop the encoder delay and padding.
 */

/** One file to encode. `samples` (mono, at `inputRate`) are transferred to the worker. */
export interface Mp3Job {
  id: number;
  samples: Float32Array;
  inputRate: number;
  /** Output rate, Hz: one of the MPEG rates (8000 ... 48000). */
  sampleRate: number;
  /** A bitrate legal for the rate's MPEG version, kbit/s. */
  kbps: number;
}

/**
 * A streaming session: `open` gives it its own encoder, each `chunk` (samples transferred) answers
 * with the frames ready so far and how many output samples the chunk became, `finish` answers with
 * the last frames, `discard` frees it. Chunks are resampled one by one (the pipeline cuts them at
 * sentence and pause edges, which are silent, so the cut is inaudible).
 */
export type Mp3SessionMessage =
  | { kind: 'open'; session: number; sampleRate: number; kbps: number }
  | { kind: 'chunk'; session: number; id: number; samples: Float32Array; inputRate: number }
  | { kind: 'finish'; session: number; id: number }
  | { kind: 'discard'; session: number };

export type Mp3WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'done'; id: number; data: Uint8Array; samples?: number }
  | { kind: 'failed'; id: number; message: string };

/** Shorter output is padded to one MPEG-1 frame (1152 samples), keeping the LAME padding field (12 bits) in range. */
const MIN_OUTPUT_SAMPLES = 1152;

const port = parentPort;
if (port === null) throw new Error('mp3-worker.js must run in a worker thread');

function encode(encoder: Mp3Encoder, job: Mp3Job): Uint8Array {
  let samples = resample({ sampleRate: job.inputRate, samples: job.samples }, job.sampleRate).samples;
  const outputSamples = samples.length;
  if (samples.length < MIN_OUTPUT_SAMPLES) {
    // Silence costs nothing here: the LAME tag records the true length and decoders drop the rest.
    const padded = new Float32Array(MIN_OUTPUT_SAMPLES);
    padded.set(samples);
    samples = padded;
  }
  encoder.configure({ channels: 1, sampleRate: job.sampleRate, bitrate: job.kbps, outputSampleRate: job.sampleRate });
  // The encoder owns the bytes it returns until its next call: copy each piece out.
  const body = Buffer.from(encoder.encode([samples]));
  const tail = Buffer.from(encoder.finalize());
  // A fresh copy: small Buffers share Node's pool, whose memory must not be transferred.
  return new Uint8Array(withInfoFrame(Buffer.concat([body, tail]), outputSamples));
}

interface Session {
  encoder: Promise<Mp3Encoder>;
  sampleRate: number;
}

const sessions = new Map<number, Session>();

/** libmp3lame where it loads (the WebAssembly module is then never compiled), else LAME in WebAssembly. */
async function newEncoder(): Promise<Mp3Encoder> {
  return createNativeMp3Encoder() ?? createWasmMp3Encoder();
}

/** One session message → the reply (none for `open` and `discard`). */
async function onSession(message: Mp3SessionMessage): Promise<Mp3WorkerMessage | null> {
  if (message.kind === 'open') {
    const encoder = newEncoder().then((e) => {
      e.configure({ channels: 1, sampleRate: message.sampleRate, bitrate: message.kbps, outputSampleRate: message.sampleRate });
      return e;
    });
    encoder.catch(() => undefined); // reported on the session's first chunk
    sessions.set(message.session, { encoder, sampleRate: message.sampleRate });
    return null;
  }
  const session = sessions.get(message.session);
  if (message.kind === 'discard' || !session) {
    sessions.delete(message.session);
    if (session) (await session.encoder.catch(() => null))?.dispose?.();
    return message.kind === 'discard' ? null : { kind: 'failed', id: message.id, message: 'no such MP3 session' };
  }
  const encoder = await session.encoder;
  if (message.kind === 'finish') {
    sessions.delete(message.session);
    return { kind: 'done', id: message.id, data: new Uint8Array(encoder.finalize()) };
  }
  const samples = resample({ sampleRate: message.inputRate, samples: message.samples }, session.sampleRate).samples;
  // A fresh copy: the encoder owns the bytes it returns until its next call.
  return { kind: 'done', id: message.id, data: new Uint8Array(encoder.encode([samples])), samples: samples.length };
}

try {
  const encoder = await newEncoder();
  // Session messages are answered in arrival order: each waits for the one before it.
  let sessionQueue = Promise.resolve();
  port.on('message', (job: Mp3Job | Mp3SessionMessage) => {
    if ('session' in job) {
      sessionQueue = sessionQueue.then(async () => {
        let reply: Mp3WorkerMessage | null;
        try {
          reply = await onSession(job);
        } catch (error) {
          reply = 'id' in job ? { kind: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) } : null;
        }
        if (reply) port.postMessage(reply, reply.kind === 'done' ? [reply.data.buffer as ArrayBuffer] : []);
      });
      return;
    }
    let reply: Mp3WorkerMessage;
    try {
      reply = { kind: 'done', id: job.id, data: encode(encoder, job) };
    } catch (error) {
      reply = { kind: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply, reply.kind === 'done' ? [reply.data.buffer as ArrayBuffer] : []);
  });
  port.postMessage({ kind: 'ready' } satisfies Mp3WorkerMessage);
} catch (error) {
  port.postMessage({
    kind: 'unavailable',
    message: error instanceof Error ? error.message : String(error),
  } satisfies Mp3WorkerMessage);
}
