import { AppError } from '../../../errors.js';

/**
 * SVOX Pico compiled to WebAssembly by `@echogarden/svoxpico-wasm` (Emscripten): the raw C API of
 * picoapi.h, driven here. One module per worker thread; inside it one Pico "system" per language,
 * because a system holds exactly one engine and its lingware lives inside the system's memory area.
 *
 * Synthesis: the UTF-8 text plus a terminating NUL (which flushes the last sentence) is fed with
 * `pico_putTextUtf8` in pieces of at most 32,767 bytes (its size argument is 16-bit), and after
 * every piece `pico_getData` is called until it reports idle, collecting 16-bit 16 kHz samples.
 */

export const PICO_SAMPLE_RATE = 16000;

const PACKAGE: string = '@echogarden/svoxpico-wasm';
const STEP_IDLE = 200;
const STEP_BUSY = 201;
const RESET_SOFT = 16;
const MAX_PUT_BYTES = 32767;
const OUT_BUFFER_BYTES = 4096;
/** Working memory of a system on top of its two lingware files (en-US needs 1.43 MB of files). */
const WORKING_BYTES = 1_200_000;
const MIN_SYSTEM_BYTES = 2_500_000;

type PicoFunction = (...args: number[]) => number;

interface EmscriptenFs {
  writeFile(path: string, data: Uint8Array): void;
  unlink(path: string): void;
}

interface PicoModule {
  HEAPU8: Uint8Array;
  HEAP16: Int16Array;
  HEAP32: Int32Array;
  FS: EmscriptenFs;
  _malloc(size: number): number;
  _free(pointer: number): void;
  _pico_initialize: PicoFunction;
  _pico_loadResource: PicoFunction;
  _pico_getResourceName: PicoFunction;
  _pico_createVoiceDefinition: PicoFunction;
  _pico_addResourceToVoiceDefinition: PicoFunction;
  _pico_newEngine: PicoFunction;
  _pico_putTextUtf8: PicoFunction;
  _pico_getData: PicoFunction;
  _pico_resetEngine: PicoFunction;
  _pico_getSystemStatusMessage: PicoFunction;
}

interface PicoVoice {
  system: number;
  engine: number;
}

export class PicoWasm {
  private readonly voices = new Map<string, PicoVoice>();
  /** Scratch cells reused by every call: out buffer, three 16-bit counters, one pointer cell. */
  private readonly scratch: { out: number; count: number; type: number; put: number; pointer: number };

  private constructor(private readonly module: PicoModule) {
    this.scratch = {
      out: module._malloc(OUT_BUFFER_BYTES),
      count: module._malloc(2),
      type: module._malloc(2),
      put: module._malloc(2),
      pointer: module._malloc(4),
    };
  }

  static async load(): Promise<PicoWasm> {
    const { default: factory } = (await import(PACKAGE)) as { default: () => Promise<PicoModule> };
    return new PicoWasm(await factory());
  }

  hasVoice(key: string): boolean {
    return this.voices.has(key);
  }

  /** Starts a system and engine for one language from its text-analysis and speaker files. */
  loadVoice(key: string, textAnalysis: Uint8Array, speaker: Uint8Array): void {
    const m = this.module;
    const size = Math.max(MIN_SYSTEM_BYTES, textAnalysis.length + speaker.length + WORKING_BYTES);
    const area = m._malloc(size);
    this.check(0, m._pico_initialize(area, size, this.scratch.pointer), `start Pico for ${key}`);
    const system = this.readPointer();
    const resourceNames = [textAnalysis, speaker].map((bytes, index) => {
      // Pico reads resources from Emscripten's in-memory file system; the file is gone once loaded.
      const file = `/lingware-${this.voices.size}-${index}.bin`;
      m.FS.writeFile(file, bytes);
      const code = this.withString(file, (name) => m._pico_loadResource(system, name, this.scratch.pointer));
      m.FS.unlink(file);
      this.check(system, code, `load the ${key} lingware`);
      const resource = this.readPointer();
      const nameBuffer = m._malloc(64);
      this.check(system, m._pico_getResourceName(system, resource, nameBuffer), 'read a resource name');
      const name = this.readString(nameBuffer);
      m._free(nameBuffer);
      return name;
    });
    this.withString(`voice-${this.voices.size}`, (voiceName) => {
      this.check(system, m._pico_createVoiceDefinition(system, voiceName), 'define the voice');
      for (const resourceName of resourceNames) {
        const code = this.withString(resourceName, (name) =>
          m._pico_addResourceToVoiceDefinition(system, voiceName, name),
        );
        this.check(system, code, 'add lingware to the voice');
      }
      this.check(system, m._pico_newEngine(system, voiceName, this.scratch.pointer), 'start the engine');
      return 0;
    });
    this.voices.set(key, { system, engine: this.readPointer() });
  }

  /** Synthesizes Pico text (plain text or Pico's own markup); returns 16 kHz samples. */
  synthesize(key: string, text: string): Float32Array {
    const voice = this.voices.get(key);
    if (voice === undefined) throw new AppError('internal_error', `Pico voice ${key} is not loaded`);
    const m = this.module;
    const bytes = Buffer.from(`${text}\0`, 'utf8');
    const pointer = m._malloc(bytes.length);
    m.HEAPU8.set(bytes, pointer);
    const chunks: Int16Array[] = [];
    try {
      m._pico_resetEngine(voice.engine, RESET_SOFT);
      let offset = 0;
      let stalls = 0;
      while (offset < bytes.length) {
        const length = Math.min(MAX_PUT_BYTES, bytes.length - offset);
        const code = m._pico_putTextUtf8(voice.engine, pointer + offset, length, this.scratch.put);
        this.check(voice.system, code, 'take the text');
        const consumed = m.HEAP16[this.scratch.put >> 1] ?? 0;
        offset += Math.max(0, consumed);
        this.drain(voice, chunks);
        // Pico takes no text only while its buffer is full, and draining empties it.
        stalls = consumed > 0 ? 0 : stalls + 1;
        if (stalls > 2)
          throw new AppError('provider_error', 'SVOX Pico stopped taking text', { retryable: false });
      }
    } finally {
      m._free(pointer);
    }
    let total = 0;
    for (const chunk of chunks) total += chunk.length;
    const samples = new Float32Array(total);
    let position = 0;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i += 1) samples[position + i] = (chunk[i] ?? 0) / 32768;
      position += chunk.length;
    }
    return samples;
  }

  /** Pulls audio until the engine is idle. */
  private drain(voice: PicoVoice, chunks: Int16Array[]): void {
    const m = this.module;
    const { out, count, type } = this.scratch;
    for (;;) {
      const status = m._pico_getData(voice.engine, out, OUT_BUFFER_BYTES, count, type);
      const received = m.HEAP16[count >> 1] ?? 0;
      if (received > 0) {
        const copy = m.HEAPU8.slice(out, out + received);
        chunks.push(new Int16Array(copy.buffer, 0, received >> 1));
      }
      if (status === STEP_IDLE) return;
      if (status !== STEP_BUSY) this.check(voice.system, status, 'synthesize');
    }
  }

  private readPointer(): number {
    return this.module.HEAP32[this.scratch.pointer >> 2] ?? 0;
  }

  private readString(pointer: number): string {
    const heap = this.module.HEAPU8;
    let end = pointer;
    while (heap[end] !== 0 && end < heap.length) end += 1;
    return Buffer.from(heap.subarray(pointer, end)).toString('utf8');
  }

  private withString<T>(value: string, use: (pointer: number) => T): T {
    const bytes = Buffer.from(`${value}\0`, 'utf8');
    const pointer = this.module._malloc(bytes.length);
    this.module.HEAPU8.set(bytes, pointer);
    try {
      return use(pointer);
    } finally {
      this.module._free(pointer);
    }
  }

  /** Throws a provider error with Pico's own message for a non-zero status. */
  private check(system: number, code: number, action: string): void {
    if (code === 0) return;
    let detail = '';
    if (system !== 0) {
      const buffer = this.module._malloc(256);
      this.module._pico_getSystemStatusMessage(system, code, buffer);
      detail = this.readString(buffer);
      this.module._free(buffer);
    }
    throw new AppError(
      'provider_error',
      `SVOX Pico could not ${action} (${code}${detail ? `: ${detail}` : ''})`,
      {
        retryable: false,
      },
    );
  }
}
