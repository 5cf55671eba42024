import { readFile } from 'node:fs/promises';
import { AppError } from '../../../errors.js';
import type { WordTiming } from '../../engine.js';
import { EspeakIpa } from '../espeak-ng/ipa.js';
import { chunkSequences, splitSentences } from '../onnx/chunks.js';
import { runChunks, type TimingSource } from '../onnx/run-chunks.js';
import {
  float32Tensor,
  getSession,
  int64Tensor,
  type OrtSession,
  type OrtTensor,
  pickName,
  tensorFloat32,
  tensorNumbers,
} from '../../../onnx/session.js';
import { assembleTimings } from '../onnx/timings.js';
import { tokenizeWhitespace } from '../shared/tokens.js';
import type { PreparedWord } from '../../text/prepare.js';
import type { AlignedText } from '../onnx/aligned-text.js';
import { chineseIpa } from './chinese.js';
import { japanesePhonemes } from './japanese.js';
import { mixPacks, offsetPack, parseStyleOffset, STYLE_SIZE } from './blend.js';
import { kokoroIds, kokoroPhonemes } from './phonemize.js';
import { ANCHOR_INPUT, PITCH_INPUT, RANGE_INPUT } from './model-io.js';
import { KOKORO_BREAK_IDS, KOKORO_PAD_ID, KOKORO_SPACE_ID } from './vocab.js';
import { KOKORO_LANGUAGES, type KokoroLanguage } from './voices.js';

/**
 * Kokoro synthesis as it runs inside a worker thread (worker.ts): one espeak-ng phonemizer and the
 * onnxruntime sessions and voice packs loaded so far, used by one job at a time. The text is cut into
 * sentences, merged into chunks of at most 510 phoneme ids, and each chunk is one inference with the
 * voice pack's style row for its length; audio and word timings are joined.
 */

export const KOKORO_SAMPLE_RATE = 24_000;
/** Phoneme ids per inference: the model's 512 positions minus the two pads. */
export const KOKORO_MAX_IDS = 510;

export interface KokoroJob {
  text: string;
  /**
   * Japanese text prepared by the text front end (caption words with kana readings); when given,
   * the words are `text`'s words and a Japanese voice reads their kana through misaki's symbols.
   */
  words?: PreparedWord[];
  voice: string;
  language: KokoroLanguage;
  /** Per whitespace token of `text`: its phonemes in Kokoro's symbols (lexicon IPA), or null. */
  pronunciations?: Array<string | null>;
  modelFile: string;
  /** The source model, when `modelFile` is a prepared copy of it: used if the copy fails to load. */
  fallbackModelFile?: string | null;
  /** Style packs and their weights (summing to 1): one voice, or a blend (blend.ts). */
  voices: Array<{ file: string; weight: number }>;
  /** The realization's `style` offset added to every row of the blend (blend.ts), when it has one. */
  style?: string;
  speed: number;
  /** Factor on the model's predicted F0 (1 = the voice as it is); used when the model has the input. */
  pitch?: number;
  /** Intonation width around the melody's centre (1 = as predicted); used when the model has the input. */
  range?: number;
  /**
   * The F0 (Hz, the predicted curve's voiced mean) each chunk is moved to before `pitch` applies;
   * 0 or absent: the curve's own level. Used when the model has the input.
   */
  anchorHz?: number;
  /** onnxruntime intra-op threads. */
  threads: number;
}

/**
 * A message to the worker: load the phonemizer, prepare a model (prepare.ts: it runs the model to
 * calibrate, so not on the event loop) calibrating with the `voices` packs, or synthesize.
 */
export type KokoroRequest =
  | { kind: 'warm' }
  | { kind: 'prepare'; source: string; cacheDir: string; voices: string[] }
  | { kind: 'synthesize'; job: KokoroJob };

export interface KokoroResult {
  samples: Float32Array;
  sampleRate: number;
  words: WordTiming[];
  /** How the word timings were made. */
  timing: TimingSource;
}

let phonemizer: Promise<EspeakIpa> | null = null;
const voicePacks = new Map<string, Promise<Float32Array>>();
/** Offset packs cached, oldest first (each 510 KB). */
const offsetKeys: string[] = [];
const MAX_CACHED_OFFSETS = 16;

export function getPhonemizer(): Promise<EspeakIpa> {
  phonemizer ??= EspeakIpa.load();
  phonemizer.catch(() => {
    phonemizer = null;
  });
  return phonemizer;
}

/** A voice pack: Float32 [rows, 1, 256], one style vector per input length. */
function getVoicePack(file: string): Promise<Float32Array> {
  let pack = voicePacks.get(file);
  if (!pack) {
    pack = readFile(file).then((buffer) => {
      if (buffer.byteLength === 0 || buffer.byteLength % (STYLE_SIZE * 4) !== 0) {
        throw new AppError('provider_error', `${file} is not a Kokoro voice pack`, { retryable: false });
      }
      return new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
    });
    pack.catch(() => voicePacks.delete(file));
    voicePacks.set(file, pack);
  }
  return pack;
}

/**
 * The packs mixed by weight, plus the style offset when there is one; one pack with weight 1 and no
 * offset is returned as loaded. Blends are cached too (a clone's refinement tries hundreds of offsets:
 * only the last few are kept, see `MAX_CACHED_OFFSETS`).
 */
function getBlendedPack(voices: KokoroJob['voices'], style?: string): Promise<Float32Array> {
  const [only] = voices;
  if (voices.length === 1 && only !== undefined && style === undefined) return getVoicePack(only.file);
  const mixKey = voices.map((v) => `${v.file}*${v.weight}`).join('+');
  if (style !== undefined) {
    const key = `${mixKey}@${style}`;
    let moved = voicePacks.get(key);
    if (!moved) {
      moved = getBlendedPack(voices).then((pack) => offsetPack(pack, parseStyleOffset(style)));
      moved.catch(() => voicePacks.delete(key));
      voicePacks.set(key, moved);
      offsetKeys.push(key);
      while (offsetKeys.length > MAX_CACHED_OFFSETS) voicePacks.delete(offsetKeys.shift()!);
    }
    return moved;
  }
  const key = mixKey;
  let blend = voicePacks.get(key);
  if (!blend) {
    blend = Promise.all(voices.map((v) => getVoicePack(v.file))).then((packs) =>
      mixPacks(
        packs,
        voices.map((v) => v.weight),
      ),
    );
    blend.catch(() => voicePacks.delete(key));
    voicePacks.set(key, blend);
  }
  return blend;
}

/** The style row kokoro-js picks: the one at the number of phoneme ids (without pads), capped. */
export function styleRow(pack: Float32Array, phonemeIds: number): Float32Array {
  const rows = pack.length / STYLE_SIZE;
  const row = Math.min(Math.max(phonemeIds, 0), rows - 1);
  return pack.subarray(row * STYLE_SIZE, (row + 1) * STYLE_SIZE);
}

function loadSession(job: KokoroJob): Promise<OrtSession> {
  const session = getSession(job.modelFile, { threads: job.threads });
  const fallback = job.fallbackModelFile;
  if (!fallback) return session;
  return session.catch(() => getSession(fallback, { threads: job.threads }));
}

export async function synthesizeKokoro(job: KokoroJob): Promise<KokoroResult> {
  const words = job.words;
  const tokens = words?.map((w) => w.text) ?? tokenizeWhitespace(job.text).map((t) => t.text);
  let phonemesOf: (indices: readonly number[]) => AlignedText;
  if (words !== undefined && job.language === 'j') {
    phonemesOf = (indices) => japanesePhonemes(words, indices);
  } else {
    const ipa = await getPhonemizer();
    const espeakVoice = KOKORO_LANGUAGES[job.language].espeak;
    const espeak = (clauses: readonly string[]) => ipa.phonemize(clauses, espeakVoice);
    // Mandarin voices read hanzi with their tones (chinese.ts); espeak's cmn IPA has none Kokoro knows.
    const phonemize = job.language === 'z' ? chineseIpa(espeak) : espeak;
    phonemesOf = (indices) => kokoroPhonemes(tokens, indices, job.language, phonemize, job.pronunciations);
  }
  const sentences = splitSentences(tokens).map((indices) => kokoroIds(phonemesOf(indices)));
  const chunks = chunkSequences(sentences, {
    maxIds: KOKORO_MAX_IDS,
    merge: true,
    joiner: [KOKORO_SPACE_ID],
    breakAfter: KOKORO_BREAK_IDS,
  });
  if (chunks.length === 0) {
    return {
      samples: new Float32Array(0),
      sampleRate: KOKORO_SAMPLE_RATE,
      words: assembleTimings(tokens, new Map()),
      timing: 'none',
    };
  }

  const [session, pack] = await Promise.all([loadSession(job), getBlendedPack(job.voices, job.style)]);
  const idsName =
    pickName(session.inputNames, ['input_ids', 'tokens']) ?? session.inputNames[0] ?? 'input_ids';
  const styleName = pickName(session.inputNames, ['style', 'ref_s']) ?? 'style';
  const audioName =
    pickName(session.outputNames, ['waveform', 'audio']) ?? session.outputNames[0] ?? 'waveform';
  const durationName = session.outputNames.find((n) => /dur/i.test(n)) ?? null;

  const inputs = chunks.map((chunk) => ({
    ids: [KOKORO_PAD_ID, ...chunk.ids, KOKORO_PAD_ID],
    owner: [-1, ...chunk.owner, -1],
    spoken: [false, ...chunk.spoken, false],
  }));
  const { audio, spans, timing } = await runChunks(inputs, KOKORO_SAMPLE_RATE, async (input) => {
    const feeds: Record<string, OrtTensor> = {
      [idsName]: await int64Tensor(input.ids, [1, input.ids.length]),
      // kokoro-js's row: the number of phoneme ids, pads excluded.
      [styleName]: await float32Tensor(styleRow(pack, input.ids.length - 2), [1, STYLE_SIZE]),
    };
    if (session.inputNames.includes('speed')) feeds['speed'] = await float32Tensor([job.speed], [1]);
    if (session.inputNames.includes(PITCH_INPUT)) feeds[PITCH_INPUT] = await float32Tensor([job.pitch ?? 1], [1]);
    if (session.inputNames.includes(RANGE_INPUT)) feeds[RANGE_INPUT] = await float32Tensor([job.range ?? 1], [1]);
    if (session.inputNames.includes(ANCHOR_INPUT)) feeds[ANCHOR_INPUT] = await float32Tensor([job.anchorHz ?? 0], [1]);
    const outputs = await session.run(feeds);
    const waveform = outputs[audioName];
    if (!waveform) throw new AppError('provider_error', `Kokoro model has no "${audioName}" output`);
    const durations = durationName ? outputs[durationName] : undefined;
    return { samples: tensorFloat32(waveform), durations: durations ? tensorNumbers(durations) : null };
  });
  return {
    samples: audio.samples,
    sampleRate: audio.sampleRate,
    words: assembleTimings(tokens, spans),
    timing,
  };
}
