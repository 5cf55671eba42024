import { availableParallelism } from 'node:os';
import { AppError } from '../../../errors.js';
import type { EngineInfo, SpeechEngine, SynthesisInput, SynthesisResult } from '../../engine.js';
import { onnxRuntimeInstalled } from '../../../onnx/session.js';
import { WorkerPool } from '../../../workers/worker-pool.js';
import type { PiperRequest, PiperResult } from './synthesize.js';
import { piperIpa } from './phonemize.js';
import {
  choosePiperVoice,
  findPiperVoices,
  type PiperModel,
  piperVoiceInfo,
  resolveSpeaker,
} from './voices.js';

/**
 * Piper (VITS) voices through onnxruntime-node on the CPU. A voice is `<name>.onnx` plus
 * `<name>.onnx.json` in a `piper-<pack>` folder of a models folder (voices.ts); its config gives the
 * espeak voice, the phoneme id map, the sample rate and the default noise and length scales.
 *
 * `voice.id` is the voice name (`en_US-lessac-medium`), optionally `<name>:<speaker>`; `voice.params`:
 * - `speaker`: a multi-speaker voice's speaker, by name from `speaker_id_map` or by number (default 0).
 * `speed` divides the config's `length_scale` (clamped to 0.25–4). `variation` scales `noise_scale`
 * and `noise_w`: 0.5 keeps the voice's own values, 0 removes the noise (flat, repeatable), 1 is 1.5×.
 * `prosody` is not realized natively.
 *
 * @example
 * const engine = createPiperEngine({ modelFolders: [config.modelsDir] });
 * const { audio, words } = await engine.synthesize({ text: 'Hello there.', language: 'en-US',
 *   voice: { id: 'en_US-lessac-medium' }, speed: 1, variation: 0.5 });
 */

export const PIPER_ENGINE_ID = 'piper';

export interface PiperEngineOptions {
  /** Folders holding model packs, searched in order (`modelsSearchPath`, then `modelsDir`). */
  modelFolders: readonly string[];
  /** Worker threads, each with its own sessions. Default 1. */
  threads?: number;
}

export function createPiperEngine(options: PiperEngineOptions): SpeechEngine & { warm(): Promise<void> } {
  const workers = Math.max(1, options.threads ?? 1);
  const intraOpThreads = Math.max(1, Math.floor(availableParallelism() / workers));
  const pool = new WorkerPool<PiperRequest, PiperResult | null>({
    name: 'Piper',
    size: workers,
    script: new URL('./worker.js', import.meta.url),
  });
  let voices: PiperModel[] = findPiperVoices(options.modelFolders);
  const info: EngineInfo = {
    id: PIPER_ENGINE_ID,
    label: 'Piper',
    // NISQA on four Harvard sentences with en_US-joe-medium: 3.37 (3.11–3.60); upstream piper-tts
    // gives 3.09 on the same sentences. Between SVOX Pico (3.16) and Kokoro (~4).
    naturalness: 3.4,
    // joe-medium on 2 shared cores: 2.0–2.1× real time at 2,000 characters, 2.8–3.9× at ~100.
    realTimeFactor: 3,
    tier: 'neural',
    // Voices read espeak IPA: a lexicon's IPA entries are spoken (phonemize.ts, docs/text.md).
    phonemeInput: 'ipa',
    voices: voices.map(piperVoiceInfo),
  };
  /** Looks at the models folders again (a voice may have been pulled since start-up). */
  const rescan = () => {
    voices = findPiperVoices(options.modelFolders);
    info.voices = voices.map(piperVoiceInfo);
  };

  const engine: SpeechEngine & { warm(): Promise<void> } = {
    info,

    async isAvailable() {
      rescan();
      return voices.length > 0 && onnxRuntimeInstalled();
    },

    async warm() {
      if (await engine.isAvailable()) await pool.broadcast({ kind: 'warm' });
    },

    async synthesize(input: SynthesisInput): Promise<SynthesisResult> {
      if (voices.length === 0) rescan();
      if (voices.length === 0) throw new AppError('service_unavailable', 'No Piper voice is installed');
      let chosen: ReturnType<typeof choosePiperVoice>;
      try {
        chosen = choosePiperVoice(voices, input.voice.id, input.language);
      } catch {
        rescan();
        chosen = choosePiperVoice(voices, input.voice.id, input.language);
      }
      const { voice } = chosen;
      const { config } = voice;
      const speaker = resolveSpeaker(config, input.voice.params?.['speaker'] ?? chosen.speaker);
      const speed = Math.min(
        4,
        Math.max(0.25, Number.isFinite(input.speed) && input.speed > 0 ? input.speed : 1),
      );
      const variation = Number.isFinite(input.variation) ? Math.min(1, Math.max(0, input.variation)) : 0.5;
      const noise = variation <= 0.5 ? 2 * variation : 1 + (variation - 0.5);
      const result = await pool.run(
        {
          kind: 'synthesize',
          job: {
            text: input.text,
            ...(input.pronunciations
              ? { pronunciations: input.pronunciations.map((p) => (p === null || p === '' ? p : piperIpa(p))) }
              : {}),
            modelFile: voice.modelFile,
            config,
            speaker,
            scales: [config.noiseScale * noise, config.lengthScale / speed, config.noiseW * noise],
            threads: intraOpThreads,
          },
        },
        [],
        input.signal,
      );
      if (result === null) throw new AppError('internal_error', 'The worker returned no audio');
      return { audio: { sampleRate: result.sampleRate, samples: result.samples }, words: result.words };
    },

    close: () => pool.close(),
  };
  return engine;
}
