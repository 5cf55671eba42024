import { KOKORO_INTELLIGIBILITY } from './intelligibility.js';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { AppError } from '../../../errors.js';
import type { SpeechEngine, SynthesisInput, SynthesisResult, VoiceSpace } from '../../engine.js';
import { findPackFile, isFile } from '../../../onnx/model-files.js';
import { onnxRuntimeInstalled } from '../../../onnx/session.js';
import { finiteOr, numberParam } from '../shared/params.js';
import { WorkerPool } from '../../../workers/worker-pool.js';
import { needsPreparation, prepareText } from '../../text/prepare.js';
import type { PreparedModel } from './prepare.js';
import { kokoroIpa } from './ipa-input.js';
import type { KokoroRequest } from './synthesize.js';
import { joinParts, splitForWorkers } from './split.js';
import type { KokoroReply } from './worker.js';
import { parseBlend, parseStyleOffset } from './blend.js';
import { KOKORO_VOICE_IDS, kokoroVoiceInfos, resolveKokoroVoice } from './voices.js';
import { kokoroVoiceSpace } from './voice-space.js';

/**
 * Kokoro-82M v1.0 (StyleTTS 2 + iSTFTNet, 24 kHz) through onnxruntime-node on the CPU.
 *
 * Files: the ONNX export in `<models folder>/kokoro-82m/` (the first of `KOKORO_MODEL_FILES` found,
 * searching `modelsSearchPath` then `modelsDir`), and the 54 voice packs in `kokoro-82m/voices/`
 * (`<voice>.bin`, Float32 [510, 1, 256]; `voicelib models pull kokoro` fetches both).
 *
 * Phonemization: espeak-ng IPA with kokoro-js's normalization and fixes (phonemize.ts); Japanese
 * text is read by the Japanese front end (src/speech/text/ja.ts) and its kana turned into the
 * symbols Kokoro was trained on (japanese.ts). Inputs:
 * `input_ids` int64 [1, N] (phoneme ids padded with 0 at both ends), `style` float32 [1, 256] (the
 * voice pack's row at N − 2, as kokoro-js picks it), `speed` float32 [1]; output `waveform`.
 * Word timings come from a `duration`/`durations`/`pred_dur` output: exports without one are
 * prepared once (prepare.ts: the graph's own duration tensor becomes a `durations` output, cached
 * beside the models); if that fails, timings are proportional within the speech regions (timings.ts).
 *
 * `speed` is passed to the model (clamped to 0.5–2). A prepared model multiplies its predicted F0
 * curve by a pitch factor: the realization's `pitch` times `prosody.pitchSemitones` (v-studio's
 * steering), clamped to 0.67–1.5, after moving each chunk's level to the realization's `pitchHz`
 * when it has one (a clone's: its speaker's median F0, held on any length of text);
 * `prosody.rangeScale` (v-studio's intonation width) widens or narrows the predicted melody around
 * its centre (prepare.ts, pitch-graph.ts). `variation` is not
 * realized (Kokoro has no sampling noise to scale).
 *
 * @example
 * const engine = createKokoroEngine({ modelFolders: [config.modelsDir] });
 * if (await engine.isAvailable()) {
 *   const { audio, words } = await engine.synthesize({ text: 'Hello there.', language: 'en-US',
 *     voice: { id: 'af_heart' }, speed: 1, variation: 0.5 });
 * }
 */

export const KOKORO_ENGINE_ID = 'kokoro';
export const KOKORO_PACK = 'kokoro-82m';
/**
 * File names tried in the pack folder, best first: the onnx-community export's fp32 and quantized
 * models (`model.onnx`, `model_quantized.onnx`, ...), then kokoro-onnx's release names.
 */
export const KOKORO_MODEL_FILES: readonly string[] = [
  'model.onnx',
  'model_quantized.onnx',
  'model_fp16.onnx',
  'model_q8f16.onnx',
  'model_uint8.onnx',
  'model_uint8f16.onnx',
  'model_q4.onnx',
  'model_q4f16.onnx',
  'kokoro-v1.0.onnx',
  'kokoro-v1.0.fp16.onnx',
  'kokoro-v1.0.int8.onnx',
].flatMap((name) => [name, `onnx/${name}`]);

/** Voice packs whose styles calibrate the quantized vocoder (one per calibration sentence). */
const CALIBRATION_VOICES = ['af_heart', 'am_michael', 'bf_emma', 'af_bella'];

const MIN_SPEED = 0.5;
const MAX_SPEED = 2;
/** The realization's `pitch` factor on the predicted F0: about ±7 semitones. */
const MIN_PITCH = 0.67;
const MAX_PITCH = 1.5;
/** Highest `pitchHz` a realization may ask for. */
const MAX_PITCH_HZ = 600;
/**
 * The median F0 of the audio (as audio/analysis/voice measures it) per the level the graph sets
 * (pitch-graph.ts): measured 0.95-1.0 on English, Italian and Spanish packs saying 8- to
 * 900-character texts (docs/voices.md).
 */
const AUDIO_PER_LEVEL = 0.96;
/** Intonation width: 0 (monotone) to 3, as the transform stage allows (audio/transform.ts). */
const MAX_RANGE = 3;

export interface KokoroEngineOptions {
  /** Folders holding model packs, searched in order (`modelsSearchPath`, then `modelsDir`). */
  modelFolders: readonly string[];
  /**
   * Worker threads, each with its own session (~300 MB) and cores / workers intra-op threads; a long
   * text is split among them (split.ts). Default 1; the service passes `KOKORO_WORKERS`.
   */
  threads?: number;
  /** Folder of `<voice>.bin` packs, looked in first; then `kokoro-82m/voices/` in the model folders. */
  voicesDir?: string;
  /**
   * Where prepared models (prepare.ts) are cached; default `<last model folder>/kokoro-82m/.prepared`
   * (the last folder is `modelsDir`, the writable one: search path folders may be read-only).
   */
  preparedDir?: string;
  /**
   * Quantize the prepared float32 graph's vocoder first stage to int8 (quantize.ts): ~20 % less CPU
   * per audio second at the same NISQA naturalness (docs/benchmarks.md, "Kokoro speed"). Default
   * true (`KOKORO_QUANTIZE`); false keeps the float32 graph.
   */
  quantize?: boolean;
}

export type KokoroEngine = SpeechEngine & {
  warm(): Promise<void>;
  /** The model file synthesis uses (prepared once per source file), or null when none is installed. */
  model(): Promise<PreparedModel | null>;
};

export function createKokoroEngine(options: KokoroEngineOptions): KokoroEngine {
  const workers = Math.max(1, options.threads ?? 1);
  // onnxruntime's own threads share the cores among the workers.
  const intraOpThreads = Math.max(1, Math.floor(availableParallelism() / workers));
  const pool = new WorkerPool<KokoroRequest, KokoroReply>({
    name: 'Kokoro',
    size: workers,
    script: new URL('./worker.js', import.meta.url),
  });
  const modelFile = () => findPackFile(options.modelFolders, KOKORO_PACK, KOKORO_MODEL_FILES);
  const preparedDir =
    options.preparedDir ??
    (options.modelFolders.length > 0
      ? path.join(options.modelFolders[options.modelFolders.length - 1]!, KOKORO_PACK, '.prepared')
      : null);
  // One preparation per source file (and version of it), shared by every request.
  const prepared = new Map<string, Promise<PreparedModel>>();
  const prepare = (source: string): Promise<PreparedModel> => {
    const key = `${source}\0${fileVersion(source)}`;
    let model = prepared.get(key);
    if (!model) {
      // In a worker: quantizing runs the model to calibrate it (seconds of CPU).
      const voices = CALIBRATION_VOICES.map(voiceFile).filter((file): file is string => file !== null);
      model =
        preparedDir === null
          ? Promise.resolve({ file: source, source, prepared: false, reason: 'no cache folder' })
          : pool
              .run({ kind: 'prepare', source, cacheDir: preparedDir, voices: options.quantize === false ? [] : voices })
              .then((reply) => reply as PreparedModel);
      prepared.set(key, model);
      model.catch(() => prepared.delete(key));
    }
    return model;
  };
  const voiceFile = (voice: string): string | null => {
    const candidates = [
      options.voicesDir === undefined ? null : path.join(options.voicesDir, `${voice}.bin`),
      findPackFile(options.modelFolders, KOKORO_PACK, [`voices/${voice}.bin`]),
    ];
    return candidates.find((file): file is string => file !== null && isFile(file)) ?? null;
  };

  let space: Promise<VoiceSpace | null> | null = null;
  const engine: KokoroEngine = {
    info: {
      id: KOKORO_ENGINE_ID,
      label: 'Kokoro-82M',
      // NISQA median of the 20 American packs on the probe text (data/voice-traits.ts): 3.98.
      naturalness: 3.98,
      // Measured with the prepared graph and its int8 vocoder blocks (quantize.ts): 0.48-0.51 CPU
      // seconds per audio second on 2 threads, 3.3x real time on 2 idle cores (bench:neural).
      realTimeFactor: 3.3,
      tier: 'neural',
      intelligibility: KOKORO_INTELLIGIBILITY,
      // Its input is IPA: a lexicon's IPA entries are spoken as given (ipa-input.ts, docs/text.md).
      phonemeInput: 'ipa',
      // Said sentence by sentence, a 2,000-character text took 1.48 x the time of one whole-text
      // call (bench:http, neural row); after the first sentence, sentences go in groups.
      sentenceBatchCharacters: 400,
      // Base pitch and intonation range inside the model (the prepared graph's F0 steering).
      prosody: 'full',
      voices: kokoroVoiceInfos(),
    },

    async isAvailable() {
      return modelFile() !== null && voiceFile('af_heart') !== null && onnxRuntimeInstalled();
    },

    async model() {
      const source = modelFile();
      return source === null ? null : prepare(source);
    },

    async warm() {
      if (!(await engine.isAvailable())) return;
      await Promise.all([pool.broadcast({ kind: 'warm' }), engine.model()]);
      await engine.synthesize({
        text: 'Hello.',
        language: 'en-US',
        voice: { id: 'af_heart' },
        speed: 1,
        variation: 0.5,
      });
    },

    async synthesize(input: SynthesisInput): Promise<SynthesisResult> {
      // A realization may name the accent to phonemize with (a British blend asked for en-AU).
      const params = input.voice.params ?? {};
      const accent = typeof params['language'] === 'string' ? params['language'] : input.language;
      const { voice, language } = resolveKokoroVoice(input.voice.id, accent);
      const model = modelFile();
      if (model === null) {
        throw new AppError(
          'service_unavailable',
          `Kokoro is not installed: no ${KOKORO_PACK} model in the models folders`,
        );
      }
      // A blend names its parts; the resolved voice (language and accent) is then its first part's.
      const blend = params['blend'];
      const parts = typeof blend === 'string' ? parseBlend(blend) : [{ voice, weight: 1 }];
      const voices = parts.map((part) => {
        const file = voiceFile(part.voice);
        if (file === null)
          throw new AppError('service_unavailable', `Kokoro voice pack "${part.voice}" is not installed`);
        return { file, weight: part.weight };
      });
      const style = typeof params['style'] === 'string' ? params['style'] : undefined;
      if (style !== undefined) parseStyleOffset(style);
      // `pace` is the realization's own tempo (voice-fit.ts), on top of the request's speed.
      const pace = numberParam('Kokoro', params, 'pace', 1, 0.5, 2);
      const speed = (Number.isFinite(input.speed) && input.speed > 0 ? input.speed : 1) * pace;
      // `pitch` multiplies the model's predicted F0 (a prepared model's input, prepare.ts), and so
      // does v-studio's pitch steering.
      const steer = 2 ** (finiteOr(input.prosody?.pitchSemitones, 0) / 12);
      const pitch = Math.min(MAX_PITCH, Math.max(MIN_PITCH, numberParam('Kokoro', params, 'pitch', 1, MIN_PITCH, MAX_PITCH) * steer));
      const range = Math.min(MAX_RANGE, Math.max(0, finiteOr(input.prosody?.rangeScale, 1)));
      // `pitchHz`: the level every chunk's melody is moved to first, so the voice keeps it on any
      // length of text (pitch-graph.ts); the factor above then applies on top of it.
      const pitchHz = numberParam('Kokoro', params, 'pitchHz', 0, 0, MAX_PITCH_HZ);
      const anchorHz = pitchHz === 0 ? 0 : pitchHz / AUDIO_PER_LEVEL;
      // Japanese is read from its kana (the analyzer loads here, once per process, not per worker).
      const words =
        language === 'j' && needsPreparation(input.text, 'ja')
          ? await prepareText(input.text, 'ja')
          : undefined;
      const { file, prepared: isPrepared } = await prepare(model);
      // Lexicon IPA (one entry per whitespace token of the text) in the vocabulary's symbols.
      const pronunciations = input.pronunciations?.map((p) => (p === null || p === '' ? p : kokoroIpa(p).phonemes));
      const job = (text: string) => ({
        text,
        ...(words === undefined ? {} : { words }),
        ...(pronunciations === undefined ? {} : { pronunciations }),
        voice,
        language,
        modelFile: file,
        fallbackModelFile: isPrepared ? model : null,
        voices,
        ...(style === undefined ? {} : { style }),
        speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed)),
        pitch,
        range,
        ...(anchorHz === 0 ? {} : { anchorHz }),
        threads: intraOpThreads,
      });
      // A long text goes to the workers in sentence groups at once (split.ts); prepared Japanese
      // words belong to the whole text, so it stays in one piece.
      // Pronunciations are indexed by the whole text's tokens, so such a text is not split either
      // (the pipeline sends one sentence at a time: it rarely reaches the split size).
      const texts = words === undefined && pronunciations === undefined ? splitForWorkers(input.text, workers) : [input.text];
      const results = await Promise.all(
        texts.map(async (text) => {
          const result = await pool.run({ kind: 'synthesize', job: job(text) }, [], input.signal);
          if (result === null || !('samples' in result)) {
            throw new AppError('internal_error', 'The worker returned no audio');
          }
          return result;
        }),
      );
      const { samples, words: timings } = joinParts(results);
      return { audio: { sampleRate: results[0]!.sampleRate, samples }, words: timings };
    },

    voiceSpace() {
      // Made once from every installed pack (28 MB read, a few ms of arithmetic).
      space ??= (async () => {
        const files = KOKORO_VOICE_IDS.map(voiceFile).filter((file): file is string => file !== null);
        if (files.length < 2) return null;
        const packs = await Promise.all(
          files.map(async (file) => {
            const bytes = await readFile(file);
            return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
          }),
        );
        return kokoroVoiceSpace(packs);
      })();
      return space;
    },

    close: () => pool.close(),
  };
  return engine;
}

/** Size and modification time: a replaced model file is prepared again. */
function fileVersion(file: string): string {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
}
