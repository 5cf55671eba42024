import { AppError } from '../../../errors.js';
import type { WordTiming } from '../../engine.js';
import { EspeakIpa } from '../espeak-ng/ipa.js';
import { chunkSequences, splitSentences } from '../onnx/chunks.js';
import { runChunks, type TimingSource } from '../onnx/run-chunks.js';
import {
  float32Tensor,
  getSession,
  int64Tensor,
  type OrtTensor,
  pickName,
  tensorFloat32,
  tensorNumbers,
} from '../../../onnx/session.js';
import { assembleTimings } from '../onnx/timings.js';
import { tokenizeWhitespace } from '../shared/tokens.js';
import type { PiperConfig } from './config.js';
import { withDurationsOutput } from './durations-output.js';
import { piperIds, piperModelInput, piperPhonemes } from './phonemize.js';

/**
 * Piper synthesis as it runs inside a worker thread (worker.ts): one inference per sentence, as
 * Piper does, with inputs `input` int64 [1, N], `input_lengths` int64 [1] = N, `scales` float32 [3] =
 * [noise_scale, length_scale, noise_w] and, for multi-speaker voices, `sid` int64 [1]. The audio is
 * the first output (`output`, float32 [1, 1, S]). Word timings come from the per-id durations
 * (frames of 256 samples): a `durations` output when the export has one, else the graph's own
 * `Ceil` tensor, exposed as an output when the model is loaded (durations-output.ts), as upstream
 * Piper does for its alignments. Only a graph with neither gets proportional timings.
 */

/** Load-time rewrite of a Piper model: its durations tensor becomes an output. */
function exposeDurations(model: Uint8Array): Uint8Array {
  return withDurationsOutput(model).model;
}

/** Phonemes per inference before a sentence is cut (Piper itself has no limit; this bounds memory). */
export const PIPER_MAX_PHONEMES = 400;

export interface PiperJob {
  text: string;
  /** Per whitespace token of `text`: its IPA (lexicon entry, `piperIpa`), or null. */
  pronunciations?: Array<string | null>;
  modelFile: string;
  config: PiperConfig;
  /** Speaker id for multi-speaker voices. */
  speaker: number;
  /** [noise_scale, length_scale, noise_w] */
  scales: [number, number, number];
  /** onnxruntime intra-op threads. */
  threads: number;
}

/** A message to the worker: load the phonemizer, or synthesize. */
export type PiperRequest = { kind: 'warm' } | { kind: 'synthesize'; job: PiperJob };

export interface PiperResult {
  samples: Float32Array;
  sampleRate: number;
  words: WordTiming[];
  /** How the word timings were made. */
  timing: TimingSource;
}

let phonemizer: Promise<EspeakIpa> | null = null;

export function getPhonemizer(): Promise<EspeakIpa> {
  phonemizer ??= EspeakIpa.load();
  phonemizer.catch(() => {
    phonemizer = null;
  });
  return phonemizer;
}

export async function synthesizePiper(job: PiperJob): Promise<PiperResult> {
  const { config } = job;
  const tokens = tokenizeWhitespace(job.text).map((t) => t.text);
  const ipa = config.phonemeType === 'espeak' ? await getPhonemizer() : null;
  const phonemize = (clauses: readonly string[]) => ipa?.phonemize(clauses, config.espeakVoice) ?? [];
  const sentences = splitSentences(tokens).map((indices) =>
    piperIds(piperPhonemes(tokens, indices, config, phonemize, job.pronunciations), config),
  );
  const breakAfter = new Set([...'.,?!:;'].flatMap((c) => config.phonemeIdMap.get(c) ?? []));
  const chunks = chunkSequences(sentences, {
    maxIds: PIPER_MAX_PHONEMES,
    merge: false,
    joiner: config.phonemeIdMap.get(' ') ? [...(config.phonemeIdMap.get(' ') ?? [])] : [],
    breakAfter,
  });
  if (chunks.length === 0) {
    return {
      samples: new Float32Array(0),
      sampleRate: config.sampleRate,
      words: assembleTimings(tokens, new Map()),
      timing: 'none',
    };
  }

  const session = await getSession(job.modelFile, { threads: job.threads, prepare: exposeDurations });
  const inputName = pickName(session.inputNames, ['input']) ?? session.inputNames[0] ?? 'input';
  const audioName = pickName(session.outputNames, ['output']) ?? session.outputNames[0] ?? 'output';
  // A `durations` output of a custom export, else the Ceil tensor exposed by exposeDurations.
  const others = session.outputNames.filter((n) => n !== audioName);
  const durationName = others.find((n) => /dur/i.test(n)) ?? others[0] ?? null;
  const scales = await float32Tensor(job.scales, [3]);
  const sid = session.inputNames.includes('sid') ? await int64Tensor([job.speaker], [1]) : null;

  const inputs = chunks.map((chunk) => piperModelInput(chunk, config));
  const { audio, spans, timing } = await runChunks(inputs, config.sampleRate, async (input) => {
    const feeds: Record<string, OrtTensor> = {
      [inputName]: await int64Tensor(input.ids, [1, input.ids.length]),
      input_lengths: await int64Tensor([input.ids.length], [1]),
      scales,
    };
    if (sid !== null) feeds['sid'] = sid;
    const outputs = await session.run(feeds);
    const output = outputs[audioName];
    if (!output) throw new AppError('provider_error', `Piper model has no "${audioName}" output`);
    const durations = durationName ? outputs[durationName] : undefined;
    return { samples: tensorFloat32(output), durations: durations ? tensorNumbers(durations) : null };
  });
  return {
    samples: audio.samples,
    sampleRate: audio.sampleRate,
    words: assembleTimings(tokens, spans),
    timing,
  };
}
