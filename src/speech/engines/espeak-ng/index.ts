import { ESPEAK_INTELLIGIBILITY } from './intelligibility.js';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../../errors.js';
import type { SpeechEngine, SynthesisInput, SynthesisResult } from '../../engine.js';
import {
  baseLanguage,
  type EspeakLanguageEntry,
  espeakVoiceInfos,
  resolveEspeakLanguage,
  resolveEspeakVoiceId,
} from './languages.js';
import { finiteOr, numberParam } from '../shared/params.js';
import { needsPreparation, prepareText, spokenText } from '../../text/prepare.js';
import { WorkerPool } from '../../../workers/worker-pool.js';
import type { EspeakJob, WorkerRequest, WorkerResult } from './worker.js';
import { ESPEAK_VARIANTS } from './voices.js';
import { ESPEAK_SAMPLE_RATE, type EspeakSettings } from './wasm.js';

/**
 * espeak-ng through `@echogarden/espeak-ng-emscripten`: ~130 languages, formant voices, word
 * timings from the engine's own word events. Synthesis runs in worker threads.
 *
 * `voice.params` it honours:
 * - `pitch` 0-99 (default 50) and `range` 0-99 (default 50): base pitch and intonation width;
 * - `rate`: words per minute at speed 1 (default 175); `speed` multiplies it, within 80-450;
 * - `variant`: an espeak variant such as `f3`, `m2`, `croak`, `whisper` (see `ESPEAK_VARIANTS`);
 *   `voice.id` may also carry it as `en-US+f3`;
 * - `wordGap`: extra pause between words in 10 ms units (default 0).
 * `variation` 0..1 scales the range: 0.5 keeps it, 0 flattens it to a quarter, 1 widens it 1.75x.
 * `prosody` is realized natively: its semitones move the pitch parameter, its range scale the range.
 *
 * @example
 * const engine = createEspeakEngine({ threads: 2 });
 * await engine.warm();
 * const { audio, words } = await engine.synthesize({ text: 'Hello there.', language: 'en-US',
 *   voice: { id: 'en-US', params: { variant: 'f3' } }, speed: 1, variation: 0.5 });
 */

export interface EspeakEngineOptions {
  /** Worker threads, each with its own espeak instance (~60 MB). Default: 2, or 1 on one core. */
  threads?: number;
}

export const ESPEAK_ENGINE_ID = 'espeak-ng';
const PACKAGE = '@echogarden/espeak-ng-emscripten';
const DEFAULT_RATE_WPM = 175;
const MIN_RATE_WPM = 80;
const MAX_RATE_WPM = 450;
/**
 * espeak's pitch parameter is close to exponential in Hz: 0 → 99 spans ~18.8 semitones
 * (en-US 53 → 158 Hz median F0 with a flat range, measured), so ~0.19 semitones per unit.
 */
const SEMITONES_PER_PITCH_UNIT = 0.19;

export function createEspeakEngine(
  options: EspeakEngineOptions = {},
): SpeechEngine & { warm(): Promise<void> } {
  const threads = options.threads ?? Math.min(2, availableParallelism());
  const pool = new WorkerPool<WorkerRequest, WorkerResult>({
    name: 'espeak-ng',
    size: threads,
    script: new URL('./worker.js', import.meta.url),
  });

  return {
    info: {
      id: ESPEAK_ENGINE_ID,
      label: 'eSpeak NG',
      naturalness: 1.3,
      // Measured here: ~95x warm (2,000 characters, ~120 s of audio, in ~1.25 s).
      realTimeFactor: 95,
      tier: 'basic',
      intelligibility: ESPEAK_INTELLIGIBILITY,
      prosody: 'full',
      // Each call sets its voice up again (~25 ms): a 1,982-character text took ~850 ms of worker
      // time said sentence by sentence against ~250 ms in one call. Its own pause between
      // sentences inside a call is the pipeline's gap (0.30-0.31 s, pipeline-pieces.ts).
      sentenceBatchCharacters: 400,
      // One call per worker at a time: a long answer wanted whole is said in that many pieces at once.
      concurrentCalls: threads,
      voices: espeakVoiceInfos(),
    },

    async isAvailable() {
      try {
        const entry = fileURLToPath(import.meta.resolve(PACKAGE));
        return existsSync(entry.replace(/espeak-ng\.js$/, 'espeak-ng.data'));
      } catch {
        return false;
      }
    },

    async warm() {
      await pool.broadcast({ kind: 'warm' });
    },

    async synthesize(input: SynthesisInput): Promise<SynthesisResult> {
      const { settings, wordGapSeconds, language } = espeakSettings(input);
      if (input.text.trim() === '') {
        return { audio: { sampleRate: ESPEAK_SAMPLE_RATE, samples: new Float32Array(0) }, words: [] };
      }
      const job: EspeakJob = { ...(await spokenInput(input.text, language)), settings, wordGapSeconds };
      const result = await pool.run({ kind: 'synthesize', job });
      return { audio: { sampleRate: result.sampleRate, samples: result.samples }, words: result.words };
    },

    close: () => pool.close(),
  };
}

/** Resolves voice, language and parameters; throws `unsupported_language` / `validation_error`. */
export function espeakSettings(input: SynthesisInput): {
  settings: EspeakSettings;
  wordGapSeconds: number;
  /** Primary language of the chosen voice (`ja`), which decides the text preparation. */
  language: string;
} {
  const params = input.voice.params ?? {};
  const [voiceName = '', voiceVariant] = input.voice.id.split('+');
  const voice = chooseVoice(voiceName, input.language);
  const variant = resolveVariant(params['variant'] ?? voiceVariant);
  const speed = Number.isFinite(input.speed) && input.speed > 0 ? input.speed : 1;
  const variation = Number.isFinite(input.variation) ? Math.min(1, Math.max(0, input.variation)) : 0.5;
  const baseRate = numberParam('espeak-ng', params, 'rate', DEFAULT_RATE_WPM, MIN_RATE_WPM, MAX_RATE_WPM);
  const basePitch = numberParam('espeak-ng', params, 'pitch', 50, 0, 99);
  const baseRange = numberParam('espeak-ng', params, 'range', 50, 0, 99);
  const semitones = finiteOr(input.prosody?.pitchSemitones, 0);
  const rangeScale = Math.max(0, finiteOr(input.prosody?.rangeScale, 1));
  return {
    settings: {
      voice: variant === null ? voice.identifier : `${voice.identifier}+${variant}`,
      rate: clampRound(baseRate * speed, MIN_RATE_WPM, MAX_RATE_WPM),
      pitch: clampRound(basePitch + semitones / SEMITONES_PER_PITCH_UNIT, 0, 99),
      range: clampRound(baseRange * (0.25 + 1.5 * variation) * rangeScale, 0, 99),
    },
    wordGapSeconds: numberParam('espeak-ng', params, 'wordGap', 0, 0, 100) / 100,
    language: baseLanguage(voice),
  };
}

/**
 * What the worker reads: the text itself, or for Japanese its kana reading (the `ja` voice reads
 * kana but says "Chinese letter" for every kanji) with the caption words' offsets in that reading.
 */
async function spokenInput(text: string, language: string): Promise<Pick<EspeakJob, 'text' | 'tokens'>> {
  if (!needsPreparation(text, language)) return { text };
  return spokenText(await prepareText(text, language));
}

/**
 * The voice id wins when it speaks the requested language (an `en-GB-x-rp` voice asked for `en-US`
 * keeps its accent); otherwise the language decides, so a voice can speak any language.
 */
function chooseVoice(voiceName: string, language: string): EspeakLanguageEntry {
  const byId = resolveEspeakVoiceId(voiceName);
  const byLanguage = resolveEspeakLanguage(language);
  if (byId !== null && (byLanguage === null || baseLanguage(byId) === baseLanguage(byLanguage))) return byId;
  if (byLanguage !== null) return byLanguage;
  throw new AppError('unsupported_language', `espeak-ng has no voice for language "${language}"`);
}

const VARIANTS_BY_KEY = new Map(ESPEAK_VARIANTS.map((name) => [name.toLowerCase(), name]));

function resolveVariant(value: string | number | boolean | undefined): string | null {
  if (value === undefined || value === '' || value === false) return null;
  const variant = VARIANTS_BY_KEY.get(String(value).trim().toLowerCase());
  if (variant === undefined) {
    throw new AppError('validation_error', `espeak-ng has no voice variant "${String(value)}"`);
  }
  return variant;
}



function clampRound(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}
