import type { PcmAudio } from '../../audio/pcm.js';
import { resample } from '../../audio/resample.js';
import { STREAM_FORMAT_INFO, type StreamFormat, encodeStream, finalizeStreamed } from '../../audio/openai-encode.js';
import { applyTransform, transformTimings } from '../../audio/transform.js';
import type { GenerationRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { WordTiming } from '../../speech/engine.js';
import type { TextWarning } from '../../speech/markup.js';
import type { FairQueue } from '../../queue/fair-queue.js';
import type { Caller } from '../accounts/accounts.js';
import type { GenerationDeps } from './generation-deps.js';
import { pendingRow, prepareSpeech } from './generation-request.js';
import { steeringFromInstructions } from './instructions.js';
import { type ModelKey, findModel, generationCost } from './models.js';
import type { Reservation } from '../accounts/points.js';
import { splitIntoPieces } from './speech-pieces.js';

/**
 * Long-form streamed speech, the engine room of `POST /v1/audio/speech`: up to 4,096 characters,
 * synthesized in sentence pieces (`speech-pieces.ts`) through the fair queue, encoded as one
 * continuous file whose bytes leave as each piece is encoded. Priced like any call
 * (`generationCost` of the whole input, one reservation, one ledger debit) and recorded as one
 * generation when the audio is complete.
 */

/** Longest input, code points (OpenAI's limit; tags count, as on the native route). */
export const MAX_LONG_TEXT_CHARACTERS = 4096;
/** The compatible formats' rate, Hz: OpenAI's pcm is 24 kHz, and every format here uses it. */
export const LONG_SPEECH_SAMPLE_RATE = 24_000;
/**
 * Speeds the engines take themselves (the native `speed` range). Beyond it the engine speaks at the
 * nearest end and the rest is a pitch-preserving time stretch (TD-PSOLA) of the synthesized audio.
 */
const ENGINE_SPEED: readonly [number, number] = [0.5, 1.5];

/** The stored record's format name per compatible format (the native names where one exists). */
const FORMAT_NAMES: Readonly<Record<StreamFormat, string>> = {
  mp3: 'MP3',
  opus: 'OGG_OPUS',
  aac: 'AAC',
  flac: 'FLAC',
  wav: 'WAV',
  pcm: 'PCM',
};

export interface LongSpeechInput {
  text: string;
  /** Voice id or catalog slug (OpenAI names are mapped before this). */
  voice: string;
  model: ModelKey;
  /** 0.25-4; absent = the voice's own pace. */
  speed?: number;
  /** Free-text steering, v-studio only (`instructions.ts`). */
  instructions?: string;
  format: StreamFormat;
  /** Up to 3 pronunciation lexicons (docs/text.md). */
  lexicon_ids?: string[];
}

export interface StartedSpeech {
  id: string;
  model: ModelKey;
  voiceId: string;
  mimeType: string;
  characters: number;
  pointsUsed: number;
  /** Markup removed or not applied (unknown tags…), as on POST /api/v1/tts; the request still succeeds. */
  warnings: TextWarning[];
  /** The engine that spoke, known once the first piece is synthesized. */
  engine(): string | null;
  /** Samples at `LONG_SPEECH_SAMPLE_RATE` produced so far. */
  samples(): number;
  /**
   * The encoded audio; iterate it once. When it ends the record is written and the charge settled;
   * if it fails or is abandoned (client gone) the reservation is refunded and nothing is recorded.
   */
  audio: AsyncIterable<Buffer>;
}

export interface LongSpeechDeps extends Omit<GenerationDeps, 'store' | 'blobs' | 'enhance' | 'queue' | 'localQueue'> {
  /** This process's fair queue: long speech is synthesized where the connection is held. */
  queue: FairQueue;
  /** Spools the finished file, commits the record with the settled charge, schedules the upload. */
  record(row: GenerationRow, data: Buffer, reservation: Reservation): Promise<void>;
}

/**
 * Validates and prices the request, takes the points (402 when short), and returns the audio as
 * an iterable that synthesizes piece by piece while it is read. Everything refusable (model,
 * controls, text, voice, balance) fails here, before any audio exists.
 */
export async function startLongSpeech(
  deps: LongSpeechDeps,
  caller: Caller,
  input: LongSpeechInput,
  signal?: AbortSignal,
): Promise<StartedSpeech> {
  const model = findModel(input.model);
  if (!model) throw new AppError('unknown_model', `Unknown model "${input.model}"`);
  if (input.instructions !== undefined && input.instructions.trim() !== '' && !model.steerable) {
    throw new AppError(
      'unsupported_control',
      `The ${model.key} model does not follow instructions; use gpt-4o-mini-tts or v-studio`,
    );
  }
  const steering = input.instructions ? steeringFromInstructions(input.instructions) : null;
  const { markup, voice, segments, lexicon, warnings } = await prepareSpeech(deps.voices, deps, caller, model.key, input, {
    maxCharacters: MAX_LONG_TEXT_CHARACTERS,
    field: 'input',
    steer: (parsed) =>
      parsed.map((s) => (s.kind === 'speech' && s.emotion === null && steering?.emotion ? { ...s, emotion: steering.emotion } : s)),
  });
  const pieces = splitIntoPieces(segments, voice.realization.language);
  const engineSpeed = input.speed === undefined ? undefined : clamp(input.speed, ...ENGINE_SPEED);
  const tempo = input.speed === undefined || engineSpeed === undefined ? 1 : input.speed / engineSpeed;
  const cost = generationCost(model.key, markup.characterCount);
  const info = STREAM_FORMAT_INFO[input.format];

  const id = newId('gen');
  // Charged as all paid work is (`ledger.charge`), but the reader drives it: finished when the audio is
  // read to its end or abandoned.
  const paid = await deps.ledger.begin(caller.accountId, cost, 'generation', { type: 'generation', id });
  let engine: string | null = null;
  let totalSamples = 0;
  const words: WordTiming[] = [];

  async function* pcmPieces(): AsyncGenerator<PcmAudio> {
    for (const piece of pieces) {
      if (signal?.aborted) return;
      const speech = await deps.queue.run(caller.keyId, () =>
        deps.pipeline.speak({
          segments: piece,
          voice: voice.realization,
          model: model!.key,
          ...(engineSpeed !== undefined ? { speed: engineSpeed } : {}),
          ...(steering?.deliveryMode ? { deliveryMode: steering.deliveryMode } : {}),
          ...(lexicon ? { lexicon } : {}),
        }),
      );
      engine ??= speech.engine;
      const stretched = tempo === 1 ? speech.audio : applyTransform(speech.audio, { tempo });
      const audio = resample(stretched, LONG_SPEECH_SAMPLE_RATE);
      const offset = totalSamples / LONG_SPEECH_SAMPLE_RATE;
      for (const w of tempo === 1 ? speech.words : transformTimings(speech.words, { tempo })) {
        words.push({ word: w.word, start: w.start + offset, end: w.end + offset });
      }
      totalSamples += audio.samples.length;
      yield audio;
    }
  }

  async function* audio(): AsyncGenerator<Buffer> {
    try {
      const chunks: Buffer[] = [];
      const encoded = encodeStream(pcmPieces(), {
        format: input.format,
        sampleRate: LONG_SPEECH_SAMPLE_RATE,
        ffmpegPath: deps.config.ffmpegPath,
      });
      for await (const bytes of encoded) {
        chunks.push(bytes);
        yield bytes;
      }
      if (signal?.aborted) return;
      const data = finalizeStreamed(input.format, Buffer.concat(chunks), totalSamples);
      const row = pendingRow(
        caller,
        { model: model!.key, voiceId: voice.id, format: FORMAT_NAMES[input.format], sampleRate: LONG_SPEECH_SAMPLE_RATE },
        {
          id,
          engine: engine ?? 'unknown',
          mimeType: info.mimeType,
          extension: info.extension,
          characters: markup.characterCount,
          points: cost,
          durationSeconds: totalSamples / LONG_SPEECH_SAMPLE_RATE,
          audioBytes: data.length,
          words,
          text: input.text,
        },
      );
      await deps.record(row, data, paid.reservation);
    } finally {
      // Failed, abandoned or cut short: nothing is recorded and every point goes back.
      await paid.finish();
    }
  }

  return {
    id,
    model: model.key,
    voiceId: voice.id,
    mimeType: info.mimeType,
    characters: markup.characterCount,
    pointsUsed: cost,
    warnings,
    engine: () => engine,
    samples: () => totalSamples,
    audio: audio(),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
