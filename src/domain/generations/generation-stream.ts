import type { AudioFormat } from '../../audio/formats.js';
import type { PcmAudio } from '../../audio/pcm.js';
import { openStreamEncoder, type StreamEncoder } from '../../audio/stream-encode.js';
import type { Config } from '../../config.js';
import type { GenerationRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { FairQueue } from '../../queue/fair-queue.js';
import type { WordTiming } from '../../speech/engine.js';
import type { SpeechPipeline } from '../../speech/pipeline.js';
import type { Caller } from '../accounts/accounts.js';
import { type CreateGenerationInput, pendingRow, prepareGeneration } from './generation-request.js';
import type { LexiconService } from '../lexicons/lexicons.js';
import { generationCost } from './models.js';
import type { TextWarning } from '../../speech/markup.js';
import type { PointsLedger, Reservation } from '../accounts/points.js';
import type { VoiceDirectory } from '../voices/voice-directory.js';
import type { Spool, SpoolWriter } from '../../storage/spool.js';

/** A generation whose audio is being sent while it is synthesized. */
export interface StreamedGeneration {
  id: string;
  /** Engine the model chose (the `X-Voice-Engine` header). */
  engine: string;
  model: string;
  format: AudioFormat;
  mimeType: string;
  /** Markup removed or not applied (the `X-Voicelib-Warnings` header); docs/text.md. */
  warnings: TextWarning[];
  /**
   * The encoded audio, piece by piece, the first piece already available. Ending the iteration
   * early (`break`, `return()`, the HTTP response destroyed) is a disconnect: synthesis stops at the
   * next sentence. It throws when synthesis or encoding fails after the first piece.
   */
  chunks: AsyncIterable<Buffer>;
  /**
   * Word timings of the audio encoded so far, seconds from the start of the stream: a sentence's
   * words arrive once its audio has been handed to the encoder (with-timestamps answers read them).
   */
  words(): readonly WordTiming[];
  /**
   * Settles once the stream is over: the `pending` record that was written (whole, or partial after a
   * disconnect, see `docs/decisions.md`), or null when nothing was kept (and nothing charged).
   */
  done: Promise<GenerationRow | null>;
}

export interface StreamDeps {
  config: Readonly<Config>;
  ledger: PointsLedger;
  voices: VoiceDirectory;
  pipeline: SpeechPipeline;
  /** Reads `lexicon_ids`; without it a request naming lexicons is refused (501). */
  lexicons?: LexiconService;
  queue: FairQueue;
  enhance: (audio: PcmAudio) => Promise<PcmAudio>;
  /** Where the encoded bytes are spooled as they are sent (the record's audio once it is stored). */
  spool: Spool;
  /** Counts a recorded generation (metrics). */
  generated?: (model: string, engine: string) => void;
  /** Hands a recorded generation to the background upload. */
  recorded: (row: GenerationRow) => void;
}

/**
 * `POST /api/v1/tts/stream`: the same checks and price as the JSON route, points reserved before
 * the first byte; then each sentence is encoded and handed out while the next is synthesized. The
 * bytes handed out are also spooled, so the stored audio is exactly the streamed audio. Resolves
 * once the first bytes exist (errors until then are thrown and cost nothing).
 *
 * Charging: the whole price when every sentence was synthesized. A consumer that stops early is
 * charged for the share of the spoken text whose sentences were encoded before it left:
 * ceil(characters × spoken-so-far / spoken-total) characters at the model's price, recorded as a
 * generation of that audio and those characters; nothing at all when no sentence was. A failure
 * refunds everything and records nothing. A crash leaves the reservation open with no record, so
 * start-up reconciliation deletes the spool file and refunds it.
 */
export async function streamGeneration(
  deps: StreamDeps,
  caller: Caller,
  input: CreateGenerationInput,
  signal?: AbortSignal,
): Promise<StreamedGeneration> {
  const prepared = await prepareGeneration(deps.voices, caller, input, deps);
  const id = newId('gen');
  const channel = new ByteChannel();
  const stop = new AbortController();
  const stopNow = () => stop.abort(new Error('the client went away'));
  if (signal?.aborted) stopNow();
  else signal?.addEventListener('abort', stopNow, { once: true });
  channel.onCancel = stopNow;

  let started!: (engine: string) => void;
  let engineUsed: string | null = null;
  const firstBytes = new Promise<string>((resolve) => (started = resolve));
  let spool: SpoolWriter | null = null;
  let encoder: StreamEncoder | undefined;
  const words: WordTiming[] = [];

  const work = async (reservation: Reservation): Promise<GenerationRow | null> => {
    const utterance = await deps.pipeline.open(prepared.speak, stop.signal);
    encoder = await openStreamEncoder({
      format: prepared.format,
      sampleRate: prepared.sampleRate,
      ...(input.bit_rate !== undefined ? { bitRate: input.bit_rate } : {}),
      ffmpegPath: deps.config.ffmpegPath,
    }, emit);
    const file = await deps.spool.open(id, encoder.extension);
    spool = file;
    let bytes = 0;
    function emit(piece: Buffer): void {
      bytes += piece.length;
      file.write(piece);
      channel.push(piece);
      engineUsed = utterance.engine;
      started(utterance.engine);
    }
    let seconds = 0;
    let spokenDone = 0;
    const spokenTotal = utterance.spokenCharacters;
    try {
      try {
        for await (const chunk of utterance.chunks) {
          const audio = input.enhance_generation ? await deps.enhance(chunk.audio) : chunk.audio;
          await encoder.write(audio);
          words.push(...chunk.words);
          seconds += audio.samples.length / audio.sampleRate;
          spokenDone += chunk.spokenCharacters;
          if (stop.signal.aborted) break;
        }
      } catch (err) {
        if (!stop.signal.aborted) throw err;
      }
      // Finished or abandoned, the file is closed properly: a partial generation is a playable one.
      await encoder.end();
    } finally {
      // On disk with its name before the record naming it commits (docs/reliability.md, F14).
      await file.seal();
    }
    const characters =
      spokenDone >= spokenTotal
        ? prepared.markup.characterCount
        : Math.ceil((prepared.markup.characterCount * spokenDone) / spokenTotal);
    if (characters === 0) return null;
    const points = characters === prepared.markup.characterCount ? prepared.cost : generationCost(prepared.model, characters);
    const row = pendingRow(caller, prepared, {
      id,
      engine: utterance.engine,
      mimeType: encoder.mimeType,
      extension: encoder.extension,
      characters,
      points,
      durationSeconds: seconds,
      audioBytes: bytes,
      words,
      text: input.text,
    });
    // The record and the settled charge commit together, as on the JSON route.
    await reservation.settle(points, (tx) => tx.insertGeneration(row));
    return row;
  };

  // Nothing spoken (null) or failed: every point back, and the spool file goes (`ledger.charge`).
  const charged = deps.ledger.charge(
    caller.accountId,
    prepared.cost,
    'generation',
    { type: 'generation', id },
    (reservation) => deps.queue.run(caller.keyId, () => work(reservation)),
    {
      undo: async () => {
        if (spool) await deps.spool.remove(spool.path);
      },
    },
  );
  const done = charged.then(
    (row) => {
      channel.end();
      if (row) {
        deps.generated?.(row.model, row.engine);
        deps.recorded(row);
      }
      return row;
    },
    (err: unknown) => {
      encoder?.abort();
      channel.fail(err);
      throw err;
    },
  );
  // Before the first byte, a failure is the caller's error; afterwards `chunks` carries it.
  const ended = done.then(() => {
    if (engineUsed === null) throw new AppError('provider_error', 'The stream ended before any audio', { retryable: true });
    return engineUsed;
  });
  const engine = await Promise.race([firstBytes, ended]);
  done.catch(() => undefined);
  return { id, engine, model: prepared.model, format: prepared.format, mimeType: mimeOf(encoder), warnings: prepared.warnings, chunks: channel, words: () => words, done };
}

function mimeOf(encoder: StreamEncoder | undefined): string {
  return encoder?.mimeType ?? 'application/octet-stream';
}

/**
 * Bytes handed from the synthesis to the HTTP response: unbounded (a request is at most 2,000
 * characters, a few MB of audio), so a slow reader never holds up synthesis or its queue slot.
 */
class ByteChannel implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private closed = false;
  private error: unknown;
  private wake: (() => void) | null = null;
  /** Called when the consumer stops before the end. */
  onCancel: () => void = () => {};

  push(piece: Buffer): void {
    this.queue.push(piece);
    this.notify();
  }

  end(): void {
    this.closed = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.error = error ?? new Error('stream failed');
    this.closed = true;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    let finished = false;
    try {
      for (;;) {
        const piece = this.queue.shift();
        if (piece) {
          yield piece;
          continue;
        }
        if (this.error !== undefined) throw this.error;
        if (this.closed) {
          finished = true;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      if (!finished) this.onCancel();
    }
  }
}
