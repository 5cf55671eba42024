import { AppError } from '../../../errors.js';
import { resolveEspeakLanguage, resolveEspeakVoiceId } from './languages.js';
import { escapeForEspeak } from './timings.js';
import { STRING_CAPACITY_BYTES } from './wasm.js';

/**
 * espeak-ng as a phonemizer: text → IPA, for the neural engines (Kokoro, Piper) that were trained on
 * espeak-ng's IPA. A separate instance from the synthesizing `EspeakWasm` (same package, its own
 * memory), meant to be owned by one worker thread.
 *
 * It calls the glue's `text_to_phonemes` (espeak's `espeak_TextToPhonemes` with IPA output), which
 * is ~5× faster than `synthesize_ipa` because it does not render audio. The glue separates the
 * phonemes of a word with `_` and clauses with ` | `; both are removed here, leaving words separated
 * by single spaces, e.g. `Hello world` → `həlˈoʊ wˈɜːld`. Clause punctuation is not in the output:
 * callers split text at punctuation themselves and keep it.
 *
 * Determinism: like `EspeakWasm`, the instance snapshots its linear memory after start-up and restores
 * it at the start of every `phonemize` call, so identical calls give identical IPA whatever was
 * phonemized before (and the strings the glue allocates per call are released with the restore).
 */

// A variable specifier keeps TypeScript from looking for type declarations the package lacks.
const PACKAGE: string = '@echogarden/espeak-ng-emscripten';

interface GlueInstance {
  set_voice(name: string): number;
  convert_to_phonemes(text: string, useIpa: boolean): { ptr: number };
}

interface GlueModule {
  eSpeakNGWorker: new () => GlueInstance;
  HEAPU8: Uint8Array;
}

const decoder = new TextDecoder();

export class EspeakIpa {
  private constructor(
    private readonly module: GlueModule,
    private readonly instance: GlueInstance,
    private readonly snapshot: Uint8Array,
  ) {}

  static async load(): Promise<EspeakIpa> {
    const { default: factory } = (await import(PACKAGE)) as { default: () => Promise<GlueModule> };
    const module = await factory();
    const instance = new module.eSpeakNGWorker();
    // Grow the glue's string buffer before the snapshot (see STRING_CAPACITY_BYTES in wasm.ts).
    instance.set_voice('x'.repeat(STRING_CAPACITY_BYTES - 1024));
    if (instance.set_voice('gmw/en-US') !== 0) {
      throw new AppError('provider_error', 'espeak-ng (phonemizer) failed to start');
    }
    // The first conversion loads the dictionary; snapshot after it so calls start warm.
    instance.convert_to_phonemes('warm', true);
    return new EspeakIpa(module, instance, module.HEAPU8.slice());
  }

  /**
   * IPA for each text, in one espeak `voice` (an espeak identifier such as `gmw/en-US`, or a
   * language name espeak or `resolveEspeakLanguage` knows: `en-us`, `fr`, `pt-BR`). Each result
   * holds the words espeak spoke, in order; numbers and abbreviations may become several words.
   */
  phonemize(texts: readonly string[], voice: string): string[][] {
    const identifier = resolveIpaVoice(voice);
    this.module.HEAPU8.set(this.snapshot);
    if (this.instance.set_voice(identifier) !== 0) {
      throw new AppError('unsupported_language', `espeak-ng has no voice "${voice}" to phonemize with`, {
        retryable: false,
      });
    }
    return texts.map((text) => this.convert(text));
  }

  private convert(text: string): string[] {
    if (text.trim() === '') return [];
    const { escaped } = escapeForEspeak(text);
    if (Buffer.byteLength(escaped, 'utf8') + 1024 > STRING_CAPACITY_BYTES) {
      throw new AppError('text_too_long', 'Text is too long for one espeak-ng phonemization');
    }
    const { ptr } = this.instance.convert_to_phonemes(escaped, true);
    const heap = this.module.HEAPU8;
    let end = ptr;
    while (end < heap.length && heap[end] !== 0) end += 1;
    return cleanIpa(decoder.decode(heap.subarray(ptr, end)));
  }
}

/**
 * Glue output → words: drops `_` phoneme separators, `|` clause marks and language-switch flags
 * (`(en)…(fr)` around a word espeak reads in another language, as Piper does), splits on whitespace.
 */
export function cleanIpa(raw: string): string[] {
  return raw
    .replaceAll('_', '')
    .replace(/\([a-z]{2,3}(?:-[a-z0-9]+)*\)/giu, '')
    .replaceAll('|', ' ')
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/** An espeak voice identifier for a voice id or language name, or the name itself. */
export function resolveIpaVoice(voice: string): string {
  return (resolveEspeakVoiceId(voice) ?? resolveEspeakLanguage(voice))?.identifier ?? voice;
}
