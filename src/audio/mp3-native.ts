import { type LameLibrary, nativeLame } from './native-audio.js';

/**
 * LAME itself (libmp3lame, through `native-audio.ts`) behind the three calls the MP3 worker makes of
 * `wasm-media-encoders`' encoder: `configure`, `encode`, `finalize`. Both are LAME 3.100 with the
 * same settings (CBR, mono, default quality, no tag of its own: the worker writes the Info frame),
 * so they write the same bytes (test/audio/native-audio.test.ts); this one takes ~40 % less CPU.
 */

/** What the MP3 worker uses of an encoder; `wasm-media-encoders`' encoder has the same shape. */
export interface Mp3Encoder {
  /** Starts a new stream (any previous one is dropped). */
  configure(params: { channels: 1; sampleRate: number; bitrate: number; outputSampleRate: number }): void;
  /** Encodes mono samples; returns the frames completed so far (the encoder's memory until its next call). */
  encode(channels: Float32Array[]): Uint8Array;
  /** Flushes the last frames and ends the stream. */
  finalize(): Uint8Array;
  /** Frees a stream that will not be finished (native memory; the WebAssembly one has none to free). */
  dispose?(): void;
}

/** lame.h: MPEG_mode MONO. */
const MONO = 3;
/** lame.h: a flush writes at most 7,200 bytes. */
const FLUSH_BYTES = 7200;

class NativeLameEncoder implements Mp3Encoder {
  private handle: unknown = null;
  private buffer = new Uint8Array(0);

  constructor(private readonly lame: LameLibrary) {}

  configure(params: { sampleRate: number; bitrate: number; outputSampleRate: number }): void {
    this.close();
    const { lame } = this;
    const handle = lame.init();
    if (!handle) throw new Error('lame_init failed');
    this.handle = handle;
    lame.setInSamplerate(handle, params.sampleRate);
    lame.setOutSamplerate(handle, params.outputSampleRate);
    lame.setNumChannels(handle, 1);
    lame.setMode(handle, MONO);
    lame.setBrate(handle, params.bitrate);
    lame.setWriteVbrTag(handle, 0);
    const status = lame.initParams(handle);
    if (status < 0) {
      this.close();
      throw new Error(`LAME rejected ${params.outputSampleRate} Hz at ${params.bitrate} kbit/s (${status})`);
    }
  }

  encode([samples]: Float32Array[]): Uint8Array {
    const handle = this.open();
    // lame.h's bound for one call: 1.25 × samples + 7,200 bytes.
    const out = this.room(Math.ceil(1.25 * samples!.length) + FLUSH_BYTES);
    const written = this.lame.encodeFloat(handle, samples!, null, samples!.length, out, out.length);
    if (written < 0) throw new Error(`LAME failed to encode (${written})`);
    return out.subarray(0, written);
  }

  finalize(): Uint8Array {
    const handle = this.open();
    const out = this.room(FLUSH_BYTES);
    const written = this.lame.flush(handle, out, out.length);
    this.close();
    if (written < 0) throw new Error(`LAME failed to flush (${written})`);
    return out.subarray(0, written);
  }

  dispose(): void {
    this.close();
  }

  private open(): unknown {
    if (!this.handle) throw new Error('the MP3 encoder is not configured');
    return this.handle;
  }

  /** The output buffer, grown when a call needs more; reused like the WebAssembly encoder's memory. */
  private room(bytes: number): Uint8Array {
    if (this.buffer.length < bytes) this.buffer = new Uint8Array(bytes);
    return this.buffer;
  }

  private close(): void {
    if (this.handle) this.lame.close(this.handle);
    this.handle = null;
  }
}

/** A native LAME encoder, or null when libmp3lame cannot load here (see `nativeLameError`). */
export function createNativeMp3Encoder(): Mp3Encoder | null {
  const lame = nativeLame();
  return lame ? new NativeLameEncoder(lame) : null;
}
