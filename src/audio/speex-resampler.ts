import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Speex resampler (SpeexDSP, BSD) compiled to WebAssembly with SIMD, from
 * `@echogarden/speex-resampler-wasm`, instantiated synchronously so that `resample` stays a plain
 * function. The package's own loader is asynchronous and Emscripten-generated, so this reads the
 * few names it needs (minified export letters, the two imports) out of that loader's text rather
 * than hard-coding them: a rebuilt package with different letters keeps working, and one whose
 * loader no longer matches fails to load (the TypeScript resampler then takes over).
 */

const PACKAGE = '@echogarden/speex-resampler-wasm/simd';

/** The parts of the WebAssembly API used here (the project's TypeScript libs do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
/**
 * Speex quality 0-10. 3 = 48 taps, Kaiser-8 window, about -80 dB stopband and a passband to
 * ~0.85-0.9 of the lower Nyquist frequency: the same class of filter as `resampleSinc`.
 */
const QUALITY = 3;
/** Input samples per call into the module; buffers of this size are allocated once. */
const CHUNK = 16384;

interface SpeexExports {
  init: (channels: number, inRate: number, outRate: number, quality: number, errorPointer: number) => number;
  skipZeros: (state: number) => number;
  inputLatency: (state: number) => number;
  processFloat: (
    state: number,
    channel: number,
    input: number,
    inputLengthPointer: number,
    output: number,
    outputLengthPointer: number,
  ) => number;
  destroy: (state: number) => void;
  malloc: (bytes: number) => number;
  memory: WasmMemory;
}

function exportName(glue: string, name: string): string {
  const match = new RegExp(`Module\\["_${name}"\\]=wasmExports\\["(\\w+)"\\]`).exec(glue);
  if (!match?.[1]) throw new Error(`export ${name} not found in the loader`);
  return match[1];
}

/** Instantiates the module synchronously; throws if the package is missing or unrecognisable. */
function load(): SpeexExports {
  const loaderPath = fileURLToPath(import.meta.resolve(PACKAGE));
  const glue = readFileSync(loaderPath, 'utf8');
  const module = new WebAssemblyApi.Module(readFileSync(loaderPath.replace(/\.js$/, '.wasm')));
  const memoryName = /wasmMemory=wasmExports\["(\w+)"\]/.exec(glue)?.[1];
  const constructorsName = /addOnInit\(wasmExports\["(\w+)"\]\)/.exec(glue)?.[1];
  const imports = /wasmImports=\{(\w+):__emscripten_memcpy_js,(\w+):_emscripten_resize_heap\}/.exec(glue);
  if (!memoryName || !constructorsName || !imports?.[1] || !imports[2])
    throw new Error('unrecognised loader');
  let memory: WasmMemory | undefined;
  const env = {
    [imports[1]]: (destination: number, source: number, count: number) => {
      new Uint8Array(memory!.buffer).copyWithin(destination, source, source + count);
    },
    // malloc asks for more heap: grow the memory (64 KiB pages); 0 tells it the request failed.
    [imports[2]]: (requestedBytes: number) => {
      const pages = Math.ceil(((requestedBytes >>> 0) - memory!.buffer.byteLength) / 65536);
      try {
        memory!.grow(Math.max(0, pages));
        return 1;
      } catch {
        return 0;
      }
    },
  };
  const instance = new WebAssemblyApi.Instance(module, { a: env });
  const raw = instance.exports;
  memory = raw[memoryName] as WasmMemory;
  (raw[constructorsName] as () => void)();
  const fn = <T>(name: string): T => {
    const f = raw[exportName(glue, name)];
    if (typeof f !== 'function') throw new Error(`${name} is not a function`);
    return f as T;
  };
  return {
    init: fn('speex_resampler_init'),
    skipZeros: fn('speex_resampler_skip_zeros'),
    inputLatency: fn('speex_resampler_get_input_latency'),
    processFloat: fn('speex_resampler_process_float'),
    destroy: fn('speex_resampler_destroy'),
    malloc: fn('malloc'),
    memory,
  };
}

let speex: SpeexExports | null | undefined;
/** Scratch memory inside the module, allocated once: [input chunk][output chunk][2 lengths][error]. */
let scratch = { input: 0, output: 0, outputCapacity: 0, lengths: 0, error: 0 };

/** The module, loaded on first use; null when it cannot load here (the reason is in `speexLoadError`). */
function speexModule(): SpeexExports | null {
  if (speex === undefined) {
    try {
      speex = load();
    } catch (error) {
      speexLoadError = error instanceof Error ? error : new Error(String(error));
      speex = null;
    }
  }
  return speex;
}

/** Why the module could not load, if it could not. */
export let speexLoadError: Error | undefined;

/** Whether the WebAssembly resampler is usable in this process (loads it on first call). */
export function speexAvailable(): boolean {
  return speexModule() !== null;
}

function ensureScratch(s: SpeexExports, outputCapacity: number): void {
  if (scratch.input !== 0 && scratch.outputCapacity >= outputCapacity) return;
  // Buffers are never freed: at most one set per thread, grown only for a higher ratio.
  scratch = {
    input: scratch.input || s.malloc(CHUNK * 4),
    output: s.malloc(outputCapacity * 4),
    outputCapacity,
    lengths: scratch.lengths || s.malloc(8),
    error: scratch.error || s.malloc(4),
  };
  if (!scratch.input || !scratch.output || !scratch.lengths || !scratch.error) {
    throw new Error('speex resampler: out of memory');
  }
}

/**
 * Resamples with Speex (quality 3) into exactly `outLength` samples aligned like `resampleSinc`
 * (output k at input time k / outRate): the filter's leading zeros are skipped and its tail is
 * flushed with zeros. Returns null when the module is not available.
 */
export function resampleSpeex(
  input: Float32Array,
  inRate: number,
  outRate: number,
  outLength: number,
): Float32Array | null {
  const s = speexModule();
  if (!s) return null;
  ensureScratch(s, Math.ceil((CHUNK * outRate) / inRate) + 64);
  const state = s.init(1, inRate, outRate, QUALITY, scratch.error);
  if (state === 0) throw new Error(`speex resampler: cannot convert ${inRate} Hz to ${outRate} Hz`);
  try {
    s.skipZeros(state);
    const tail = s.inputLatency(state) + 2;
    const out = new Float32Array(outLength);
    let written = 0;
    let read = 0;
    const total = input.length + tail;
    while (written < outLength && read < total) {
      const count = Math.min(CHUNK, total - read);
      const heap = s.memory.buffer;
      const chunk = new Float32Array(heap, scratch.input, count);
      const real = Math.max(0, Math.min(count, input.length - read));
      chunk.set(input.subarray(read, read + real));
      chunk.fill(0, real);
      const lengths = new Uint32Array(heap, scratch.lengths, 2);
      lengths[0] = count;
      lengths[1] = scratch.outputCapacity;
      s.processFloat(state, 0, scratch.input, scratch.lengths, scratch.output, scratch.lengths + 4);
      // The module may have grown its memory: take fresh views.
      const [consumed, produced] = new Uint32Array(s.memory.buffer, scratch.lengths, 2);
      const take = Math.min(produced!, outLength - written);
      out.set(new Float32Array(s.memory.buffer, scratch.output, take), written);
      written += take;
      read += consumed!;
      if (consumed === 0 && produced === 0) break;
    }
    return out;
  } finally {
    s.destroy(state);
  }
}
