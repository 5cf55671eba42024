import { PICO_INTELLIGIBILITY } from './intelligibility.js';
import { availableParallelism } from 'node:os';
import { AppError } from '../../../errors.js';
import type { SpeechEngine, SynthesisInput, SynthesisResult } from '../../engine.js';
import { numberParam } from '../shared/params.js';
import { tokenizeWhitespace } from '../shared/tokens.js';
import { WorkerPool } from '../../../workers/worker-pool.js';
import {
  choosePicoLanguage,
  findLingware,
  type LingwareLocations,
  PICO_LANGUAGES,
  PICO_PACK,
  type PicoLanguage,
  picoVoiceInfos,
} from './lingware.js';
import { PICO_SAMPLE_RATE } from './pico-wasm.js';
import type { PicoJob, PicoRequest, PicoWorkerResult } from './worker.js';

/**
 * SVOX Pico through `@echogarden/svoxpico-wasm`: one female voice each for en-US, en-GB, de-DE,
 * es-ES, fr-FR and it-IT, 16 kHz. Needs the `svox-pico` lingware pack (`voicelib models pull
 * svox-pico`); `isAvailable()` is false until at least one language's two files are found in
 * `modelsSearchPath` or `<modelsDir>/svox-pico/`.
 *
 * Pico reports no word timings, so the same text is also rendered by espeak-ng (which does) and
 * Pico's audio is aligned to it with DTW on MFCC frames (`align.ts`).
 *
 * `voice.id` is the language (`de-DE`); otherwise `language` picks it. `speed` (times
 * `voice.params.rate`, the voice's own pace, default 1) becomes Pico's `<speed level>`
 * (100 = normal, 20-500), and pitch (`voice.params.pitchSemitones` plus
 * `prosody.pitchSemitones`) its `<pitch level>` (50-200). Pico has no control over intonation
 * range, so `variation` and `prosody.rangeScale` are left to the pipeline's transform stage.
 *
 * @example
 * const engine = createSvoxPicoEngine({ modelsDir: config.modelsDir, modelsSearchPath: config.modelsSearchPath });
 * const { audio, words } = await engine.synthesize({ text: 'Guten Tag.', language: 'de-DE',
 *   voice: { id: 'de-DE' }, speed: 1, variation: 0.5 });
 */

export interface SvoxPicoEngineOptions extends LingwareLocations {
  /** Worker threads, each with its own Pico module (~20 MB with all six languages). Default 1. */
  threads?: number;
  /**
   * Renders the alignment reference; must report word timings per whitespace token (espeak-ng).
   * Default: an espeak-ng engine with one thread of its own, started on first use.
   */
  reference?: SpeechEngine;
}

export const SVOX_PICO_ENGINE_ID = 'svox-pico';
const MIN_SPEED_LEVEL = 20;
const MAX_SPEED_LEVEL = 500;
const MIN_PITCH_LEVEL = 50;
const MAX_PITCH_LEVEL = 200;

export function createSvoxPicoEngine(
  options: SvoxPicoEngineOptions,
): SpeechEngine & { warm(): Promise<void> } {
  const locations: LingwareLocations = {
    modelsDir: options.modelsDir,
    modelsSearchPath: [...options.modelsSearchPath],
  };
  const threads = Math.max(1, Math.min(options.threads ?? 1, availableParallelism()));
  const pool = new WorkerPool<PicoRequest, PicoWorkerResult>({
    name: 'SVOX Pico',
    size: threads,
    script: new URL('./worker.js', import.meta.url),
  });
  let ownReference: Promise<SpeechEngine> | null = null;
  const referenceEngine = (): Promise<SpeechEngine> => {
    if (options.reference) return Promise.resolve(options.reference);
    ownReference ??= import('../espeak-ng/index.js').then(({ createEspeakEngine }) =>
      createEspeakEngine({ threads: 1 }),
    );
    return ownReference;
  };

  const lingwareFor = async (entry: PicoLanguage) => {
    const files = await findLingware(entry, locations);
    if (files === null) {
      throw new AppError(
        'service_unavailable',
        `SVOX Pico lingware for ${entry.language} is not installed: run "voicelib models pull ${PICO_PACK}" ` +
          `or copy ${entry.textAnalysisFile} and ${entry.speakerFile} into ${locations.modelsDir}/${PICO_PACK}/`,
      );
    }
    return files;
  };

  return {
    info: {
      id: SVOX_PICO_ENGINE_ID,
      label: 'SVOX Pico',
      // NISQA-TTS from ../shared/quality (en-US).
      naturalness: 3.16,
      // Synthesis plus espeak-ng rendering and alignment, 939 characters, warm: 3.4x measured on a loaded
      // machine where espeak-ng ran at 17.8x instead of its 95x; scaled by that ratio (Pico alone ~48x).
      realTimeFactor: 18,
      tier: 'basic',
      intelligibility: PICO_INTELLIGIBILITY,
      prosody: 'pitch',
      voices: picoVoiceInfos(),
    },

    async isAvailable() {
      for (const entry of PICO_LANGUAGES) {
        if ((await findLingware(entry, locations)) !== null) return true;
      }
      return false;
    },

    async warm() {
      let job: PicoJob | null = null;
      for (const entry of PICO_LANGUAGES) {
        const files = await findLingware(entry, locations);
        if (files === null) continue;
        const text = 'Hello there, this is a warm-up.';
        job = {
          textAnalysisPath: files.textAnalysis,
          speakerPath: files.speaker,
          picoText: text,
          tokens: tokenizeWhitespace(text).map((token) => token.text),
          reference: null,
        };
        break;
      }
      const reference = await referenceEngine();
      await Promise.all([pool.broadcast({ kind: 'warm', job }), reference.warm?.()]);
    },

    async synthesize(input: SynthesisInput): Promise<SynthesisResult> {
      const entry = choosePicoLanguage(input.voice.id, input.language);
      if (entry === undefined) {
        throw new AppError('unsupported_language', `SVOX Pico has no voice for language "${input.language}"`);
      }
      const files = await lingwareFor(entry);
      const picoText = picoMarkup(input);
      if (input.text.trim() === '') {
        return { audio: { sampleRate: PICO_SAMPLE_RATE, samples: new Float32Array(0) }, words: [] };
      }
      const tokens = tokenizeWhitespace(input.text).map((token) => token.text);
      const reference = await renderReference(await referenceEngine(), input, entry);
      const job: PicoJob = {
        textAnalysisPath: files.textAnalysis,
        speakerPath: files.speaker,
        picoText,
        tokens,
        reference,
      };
      const transfer = reference ? [reference.samples.buffer as ArrayBuffer] : [];
      const result = await pool.run({ kind: 'synthesize', job }, transfer);
      return { audio: { sampleRate: PICO_SAMPLE_RATE, samples: result.samples }, words: result.words };
    },

    async close() {
      await pool.close();
      if (ownReference !== null) await (await ownReference).close();
    },
  };
}

/** The reference rendering, or null when it fails (timings then fall back to letter counts). */
async function renderReference(
  engine: SpeechEngine,
  input: SynthesisInput,
  entry: PicoLanguage,
): Promise<PicoJob['reference']> {
  try {
    const { audio, words } = await engine.synthesize({
      text: input.text,
      language: entry.referenceLanguage,
      voice: { id: entry.referenceLanguage },
      speed: input.speed,
      variation: 0.5,
    });
    return { samples: audio.samples, sampleRate: audio.sampleRate, words };
  } catch {
    return null;
  }
}

/**
 * The text as Pico reads it. Pico treats `<name ...>` as its own markup when it knows the name,
 * so a `<` before a letter, `/`, `!` or `?` gets a space after it and is read as plain text;
 * control characters become spaces. Speed and pitch wrap the text in `<speed>`/`<pitch>`.
 */
export function picoMarkup(input: SynthesisInput): string {
  const text = input.text
    .replace(/\p{Cc}/gu, (character) => (/\s/.test(character) ? character : ' '))
    .replace(/<(?=[\p{L}/!?])/gu, '< ');
  const rate = numberParam('SVOX Pico', input.voice.params, 'rate', 1, 0.2, 5);
  const speed = (Number.isFinite(input.speed) && input.speed > 0 ? input.speed : 1) * rate;
  const raw = input.voice.params?.['pitchSemitones'];
  const paramSemitones = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : 0;
  if (!Number.isFinite(paramSemitones) || Math.abs(paramSemitones) > 12) {
    throw new AppError(
      'validation_error',
      'SVOX Pico parameter "pitchSemitones" must be a number from -12 to 12',
    );
  }
  const semitones = paramSemitones + (input.prosody?.pitchSemitones ?? 0);
  const speedLevel = clampRound(100 * speed, MIN_SPEED_LEVEL, MAX_SPEED_LEVEL);
  const pitchLevel = clampRound(100 * 2 ** (semitones / 12), MIN_PITCH_LEVEL, MAX_PITCH_LEVEL);
  let marked = text;
  if (pitchLevel !== 100) marked = `<pitch level="${pitchLevel}">${marked}</pitch>`;
  if (speedLevel !== 100) marked = `<speed level="${speedLevel}">${marked}</speed>`;
  return marked;
}


function clampRound(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}
