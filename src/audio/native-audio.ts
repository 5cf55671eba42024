import { createRequire } from 'node:module';

/**
 * libsoxr (resampling) and libmp3lame (MP3), the two libraries ffmpeg itself links for these jobs,
 * called in-process through koffi, a maintained FFI library whose npm package carries its prebuilt
 * binaries. They are present wherever ffmpeg is installed from Debian (libsoxr0, libmp3lame0).
 *
 * Both are optional: each loads on first use, synchronously (so `resample` stays a plain function),
 * and when koffi or a library cannot load the WebAssembly builds take over (Speex, LAME from
 * `wasm-media-encoders`). Measured on the reference machine (docs/audio.md): soxr resamples
 * 22.05 → 24 kHz 3.5× faster than Speex in WebAssembly; native LAME encodes the same bytes as the
 * WebAssembly LAME with ~40 % less CPU, and where the bitrate leaves room, about a third less again
 * with a faster quality setting (`mp3-native.ts`).
 */

type NativeFunction = (...args: unknown[]) => unknown;
/** What is used of koffi, declared here: it is optional, so the build must not need its types. */
interface KoffiLibrary {
  func(signature: string): NativeFunction;
  func(name: string, result: unknown, parameters: unknown[]): NativeFunction;
}
interface Koffi {
  load(path: string): KoffiLibrary;
  struct(name: string, members: Record<string, string>): unknown;
}

/** File names tried in order; a bare name goes through the system's library search. */
const LIBRARIES: Record<'soxr' | 'lame', Partial<Record<NodeJS.Platform, string[]>>> = {
  soxr: {
    linux: ['libsoxr.so.0'],
    darwin: ['libsoxr.0.dylib', '/opt/homebrew/lib/libsoxr.0.dylib', '/usr/local/lib/libsoxr.0.dylib'],
  },
  lame: {
    linux: ['libmp3lame.so.0'],
    darwin: ['libmp3lame.0.dylib', '/opt/homebrew/lib/libmp3lame.0.dylib', '/usr/local/lib/libmp3lame.0.dylib'],
  },
};

let koffi: Koffi | null | undefined;
let koffiError: Error | undefined;

function loadKoffi(): Koffi | null {
  if (koffi === undefined) {
    try {
      koffi = createRequire(import.meta.url)('koffi') as Koffi;
    } catch (error) {
      koffiError = asError(error);
      koffi = null;
    }
  }
  return koffi;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Opens the first of the library's names that loads, or throws naming what was tried. */
function openLibrary(k: Koffi, name: keyof typeof LIBRARIES): KoffiLibrary {
  const candidates = LIBRARIES[name][process.platform] ?? [];
  const failures: string[] = [];
  for (const file of candidates) {
    try {
      return k.load(file);
    } catch (error) {
      failures.push(`${file}: ${asError(error).message}`);
    }
  }
  throw new Error(`lib${name} not found (${failures.join('; ') || `no known name on ${process.platform}`})`);
}

/** The libsoxr calls used (soxr.h); the spec structs are passed by pointer. */
export interface SoxrLibrary {
  /** soxr_oneshot: resamples one buffer whole; returns null or an error text. */
  oneshot: NativeFunction;
  /** Float32 in and out (SOXR_FLOAT32_I = 0). */
  ioSpec: unknown;
  /** SOXR_HQ (20-bit precision, linear phase): flat to ~0.91 of the lower Nyquist frequency. */
  qualitySpec: unknown;
  /** One thread: callers already run on their own worker threads. */
  runtimeSpec: unknown;
}

/** The libmp3lame calls used (lame.h). */
export interface LameLibrary {
  init: () => unknown;
  setInSamplerate: (handle: unknown, hz: number) => number;
  setOutSamplerate: (handle: unknown, hz: number) => number;
  setNumChannels: (handle: unknown, channels: number) => number;
  setMode: (handle: unknown, mode: number) => number;
  setBrate: (handle: unknown, kbps: number) => number;
  setWriteVbrTag: (handle: unknown, write: number) => number;
  setQuality: (handle: unknown, quality: number) => number;
  initParams: (handle: unknown) => number;
  encodeFloat: (handle: unknown, left: Float32Array, right: Float32Array | null, samples: number, out: Uint8Array, size: number) => number;
  flush: (handle: unknown, out: Uint8Array, size: number) => number;
  close: (handle: unknown) => number;
}

const SOXR_FLOAT32_I = 0;
const SOXR_HQ = 4;

function bindSoxr(k: Koffi): SoxrLibrary {
  const lib = openLibrary(k, 'soxr');
  // Layouts from soxr.h (0.1.x); `void * e` is reserved, `flags` an unsigned long.
  const io = k.struct('voicelib_soxr_io_spec', { itype: 'int', otype: 'int', scale: 'double', e: 'void *', flags: 'unsigned long' });
  const quality = k.struct('voicelib_soxr_quality_spec', {
    precision: 'double',
    phase_response: 'double',
    passband_end: 'double',
    stopband_begin: 'double',
    e: 'void *',
    flags: 'unsigned long',
  });
  const runtime = k.struct('voicelib_soxr_runtime_spec', {
    log2_min_dft_size: 'unsigned int',
    log2_large_dft_size: 'unsigned int',
    coef_size_kbytes: 'unsigned int',
    num_threads: 'unsigned int',
    e: 'void *',
    flags: 'unsigned long',
  });
  const ioSpec = lib.func('soxr_io_spec', io, ['int', 'int']);
  const qualitySpec = lib.func('soxr_quality_spec', quality, ['unsigned long', 'unsigned long']);
  const runtimeSpec = lib.func('soxr_runtime_spec', runtime, ['unsigned int']);
  // Typed arrays go in as pointers to their own memory (no copy); the two lengths come back in [n].
  const oneshot = lib.func(
    'const char *soxr_oneshot(double, double, unsigned int, const float *, size_t, _Out_ size_t *, float *, ' +
      'size_t, _Out_ size_t *, const voicelib_soxr_io_spec *, const voicelib_soxr_quality_spec *, ' +
      'const voicelib_soxr_runtime_spec *)',
  );
  return {
    oneshot: oneshot as NativeFunction,
    ioSpec: ioSpec(SOXR_FLOAT32_I, SOXR_FLOAT32_I),
    qualitySpec: qualitySpec(SOXR_HQ, 0),
    runtimeSpec: runtimeSpec(1),
  };
}

function bindLame(k: Koffi): LameLibrary {
  const lib = openLibrary(k, 'lame');
  const f = (signature: string) => lib.func(signature) as never;
  return {
    init: f('void *lame_init()'),
    setInSamplerate: f('int lame_set_in_samplerate(void *, int)'),
    setOutSamplerate: f('int lame_set_out_samplerate(void *, int)'),
    setNumChannels: f('int lame_set_num_channels(void *, int)'),
    setMode: f('int lame_set_mode(void *, int)'),
    setBrate: f('int lame_set_brate(void *, int)'),
    setWriteVbrTag: f('int lame_set_bWriteVbrTag(void *, int)'),
    setQuality: f('int lame_set_quality(void *, int)'),
    initParams: f('int lame_init_params(void *)'),
    encodeFloat: f('int lame_encode_buffer_ieee_float(void *, const float *, const float *, int, _Out_ uint8_t *, int)'),
    flush: f('int lame_encode_flush(void *, _Out_ uint8_t *, int)'),
    close: f('int lame_close(void *)'),
  };
}

/** One library's loading state: bound on first use, or the reason it could not be. */
function lazyLibrary<T>(bind: (k: Koffi) => T): { get(): T | null; error(): Error | undefined } {
  let value: T | null | undefined;
  let failure: Error | undefined;
  return {
    get() {
      if (value === undefined) {
        const k = loadKoffi();
        if (k === null) {
          failure = koffiError;
          value = null;
        } else {
          try {
            value = bind(k);
          } catch (error) {
            failure = asError(error);
            value = null;
          }
        }
      }
      return value;
    },
    error: () => failure,
  };
}

const soxr = lazyLibrary(bindSoxr);
const lame = lazyLibrary(bindLame);

/** libsoxr, bound on first call in this thread; null when it cannot load (see `nativeSoxrError`). */
export const nativeSoxr = (): SoxrLibrary | null => soxr.get();
/** Why libsoxr could not load, once `nativeSoxr` returned null. */
export const nativeSoxrError = (): Error | undefined => soxr.error();
/** libmp3lame, bound on first call in this thread; null when it cannot load (see `nativeLameError`). */
export const nativeLame = (): LameLibrary | null => lame.get();
/** Why libmp3lame could not load, once `nativeLame` returned null. */
export const nativeLameError = (): Error | undefined => lame.error();
