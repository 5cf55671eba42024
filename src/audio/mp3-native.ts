import { type LameLibrary, nativeLame } from './native-audio.js';

/**
 * LAME itself (libmp3lame, through `native-audio.ts`) behind the three calls the MP3 worker makes of
 * `wasm-media-encoders`' encoder: `configure`, `encode`, `finalize`. Both are LAME 3.100 with the
 * same settings (CBR, mono, no tag of its own: the worker writes the Info frame). Below
 * `FAST_QUALITY_MIN_BITS_PER_SAMPLE` both use LAME's default quality and write the same bytes
 * (test/audio/native-audio.test.ts); this one takes ~40 % less CPU. At and above it this one uses
 * `FAST_QUALITY`, which the WebAssembly build cannot set (it stays at the default there).
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

/**
 * LAME's quality setting (lame.h: 0 best and slowest … 9; its default 3; "7: ok quality, really
 * fast") picks how hard it searches for where to spend a frame's bits (noise shaping), not how many
 * bits it spends (CBR). When the bitrate leaves at least `FAST_QUALITY_MIN_BITS_PER_SAMPLE` bits per
 * output sample (the API's default, 128 kbit/s at 24 kHz, leaves 5.3) the search has nothing left
 * to hide: encoded at 24 kHz and decoded back, NISQA scored 7 as it scored 3 (means at 128 and 96
 * kbit/s: the quality kit's ten natural recordings 4.09 / 4.04 against 4.08 / 4.06; sixteen Kokoro
 * and Piper sentences 3.92 / 3.92 against 3.92 / 3.92), and encoding took 1.6 instead of 2.6 ms of
 * CPU per second of espeak-ng speech (alternated runs, reference machine). With scarcer bits the
 * search matters and the default stays: at 32 kbit/s quality 7 lost 0.5 (4.09 → 3.55) on the
 * recordings. `npm run bench` prints both settings side by side (docs/benchmarks.md, section 3).
 */
export const FAST_QUALITY = 7;
export const FAST_QUALITY_MIN_BITS_PER_SAMPLE = 4;

/** The quality setting for a stream, or null for LAME's default. */
export function lameQuality(kbps: number, outputSampleRate: number): number | null {
  return kbps * 1000 >= FAST_QUALITY_MIN_BITS_PER_SAMPLE * outputSampleRate ? FAST_QUALITY : null;
}

class NativeLameEncoder implements Mp3Encoder {
  private handle: unknown = null;
  private buffer = new Uint8Array(0);

  constructor(
    private readonly lame: LameLibrary,
    private readonly quality: typeof lameQuality,
  ) {}

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
    const quality = this.quality(params.bitrate, params.outputSampleRate);
    if (quality !== null) lame.setQuality(handle, quality);
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

/**
 * A native LAME encoder, or null when libmp3lame cannot load here (see `nativeLameError`).
 * `quality` picks the setting per stream; the benchmark passes `() => null` for LAME's default.
 */
export function createNativeMp3Encoder(quality = lameQuality): Mp3Encoder | null {
  const lame = nativeLame();
  return lame ? new NativeLameEncoder(lame, quality) : null;
}
