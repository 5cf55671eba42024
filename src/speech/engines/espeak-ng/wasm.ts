import { AppError } from '../../../errors.js';

/**
 * One espeak-ng instance from `@echogarden/espeak-ng-emscripten` (espeak-ng compiled to
 * JavaScript with wasm2js). Synchronous and single-threaded: each worker thread owns one.
 *
 * Determinism: espeak-ng keeps internal state between syntheses (a random generator among
 * others), so the same text comes out a few samples different depending on what was said before.
 * The instance therefore snapshots its linear memory once after start-up and restores it before
 * every synthesis: each call starts from the same state and identical inputs give identical audio,
 * whatever other requests the worker served. Restoring 17 MB costs about 2 ms, so it is done as soon
 * as the thread is idle after a synthesis (the result already sent), and the next call pays for it
 * only when it comes before that.
 */

export const ESPEAK_SAMPLE_RATE = 22_050;
/**
 * Bytes the glue's string buffer is grown to before the snapshot. The glue copies every string
 * argument into one malloc'd buffer and reallocates it when a string does not fit; a reallocation
 * after the snapshot would be undone by the next restore, so longer texts are refused instead.
 */
export const STRING_CAPACITY_BYTES = 256 * 1024;

// A variable specifier keeps TypeScript from looking for type declarations the package lacks.
const PACKAGE: string = '@echogarden/espeak-ng-emscripten';

interface GlueEvent {
  type: string;
  text_position: number;
  audio_position: number;
}

interface GlueInstance {
  set_voice(name: string): number;
  rate: number;
  pitch: number;
  range: number;
  readonly samplerate: number;
  synthesize(text: string, callback: (samples: Int16Array | undefined, events: GlueEvent[]) => unknown): void;
  list_voices(): Array<{
    name: string;
    identifier: string;
    languages: Array<{ priority: number; name: string }>;
  }>;
}

interface GlueModule {
  eSpeakNGWorker: new () => GlueInstance;
  HEAPU8: Uint8Array;
}

/** A word event: 1-based code point position in the synthesized text, and time in the audio. */
export interface EspeakWordEvent {
  textPosition: number;
  audioPositionMs: number;
}

export interface EspeakSettings {
  /** `set_voice` name: an identifier, optionally with `+variant` (`gmw/en-US+f3`). */
  voice: string;
  /** Words per minute, 80-450. */
  rate: number;
  /** 0-99. */
  pitch: number;
  /** 0-99. */
  range: number;
}

export class EspeakWasm {
  private constructor(
    private readonly module: GlueModule,
    private readonly instance: GlueInstance,
    private readonly snapshot: Uint8Array,
  ) {}

  /** Set from a synthesis until the restore of the snapshot that undoes it. */
  private idleRestore: NodeJS.Immediate | undefined;

  static async load(): Promise<EspeakWasm> {
    const { default: factory } = (await import(PACKAGE)) as { default: () => Promise<GlueModule> };
    const module = await factory();
    const instance = new module.eSpeakNGWorker();
    if (instance.samplerate !== ESPEAK_SAMPLE_RATE) {
      throw new AppError(
        'provider_error',
        `espeak-ng reports ${instance.samplerate} Hz, expected ${ESPEAK_SAMPLE_RATE}`,
      );
    }
    // An oversized (and invalid) voice name makes the glue reserve the capacity on the next call.
    instance.set_voice('x'.repeat(STRING_CAPACITY_BYTES - 1024));
    if (instance.set_voice('gmw/en-US') !== 0)
      throw new AppError('provider_error', 'espeak-ng failed to start');
    return new EspeakWasm(module, instance, module.HEAPU8.slice());
  }

  listVoices(): ReturnType<GlueInstance['list_voices']> {
    return this.instance.list_voices();
  }

  /** Synthesizes SSML-escaped text; returns 22,050 Hz samples and the word events. */
  synthesize(text: string, settings: EspeakSettings): { samples: Float32Array; words: EspeakWordEvent[] } {
    if (Buffer.byteLength(text, 'utf8') + 1024 > STRING_CAPACITY_BYTES) {
      throw new AppError('text_too_long', 'Text is too long for one espeak-ng synthesis');
    }
    if (this.idleRestore) this.restore();
    this.idleRestore = setImmediate(() => this.restore());
    const { instance } = this;
    if (instance.set_voice(settings.voice) !== 0) {
      throw new AppError('provider_error', `espeak-ng could not load voice "${settings.voice}"`, {
        retryable: false,
      });
    }
    instance.rate = settings.rate;
    instance.pitch = settings.pitch;
    instance.range = settings.range;

    const chunks: Int16Array[] = [];
    const words: EspeakWordEvent[] = [];
    instance.synthesize(text, (samples, events) => {
      if (samples !== undefined && samples.length > 0) chunks.push(samples);
      for (const event of events) {
        if (event.type === 'word') {
          words.push({ textPosition: event.text_position, audioPositionMs: event.audio_position });
        }
      }
      return false; // false = keep going
    });

    let length = 0;
    for (const chunk of chunks) length += chunk.length;
    const samples = new Float32Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i += 1) samples[offset + i] = (chunk[i] ?? 0) / 32768;
      offset += chunk.length;
    }
    return { samples, words };
  }

  private restore(): void {
    clearImmediate(this.idleRestore);
    this.idleRestore = undefined;
    this.module.HEAPU8.set(this.snapshot);
  }
}
