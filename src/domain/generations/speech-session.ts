import { openStreamEncoder, type StreamEncoder } from '../../audio/stream-encode.js';
import type { GenerationRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { WordTiming } from '../../speech/engine.js';
import type { SpoolWriter } from '../../storage/spool.js';
import type { Caller } from '../accounts/accounts.js';
import type { PaidWork } from '../accounts/points.js';
import type { StreamDeps } from './generation-stream.js';
import { type CreateGenerationInput, type PreparedGeneration, pendingRow, prepareGeneration } from './generation-request.js';
import { generationCost } from './models.js';

/**
 * Speech whose text arrives while it is spoken (the native WebSocket, `/api/v1/tts/ws`): phrases
 * are synthesized one after another into one encoder, and the whole session is one generation, one
 * record with its word timings, one charge.
 *
 * Charging: the text's length is not known when the session opens, so a budget is reserved then:
 * the cost of `MAX_SESSION_CHARACTERS` at the model's price, or the whole balance when it is lower
 * (402 when the balance is 0). A phrase that would take the session past its budget is refused (402
 * `insufficient_points`). When the session ends, normally or not, the charge is settled at
 * `generationCost` of the characters spoken, with the record of that audio; a session that spoke
 * nothing gives everything back and keeps nothing. A crash leaves the reservation open with no record,
 * so start-up reconciliation refunds it and removes the spool file (as for `POST /api/v1/tts/stream`).
 */

/** Characters one session may speak (the budget is reserved at this length's price, or the balance). */
export const MAX_SESSION_CHARACTERS = 20_000;

export type SessionInput = Omit<CreateGenerationInput, 'text' | 'captions'>;

export interface SpeechSession {
  id: string;
  /** The audio's MIME type (binary frames) and the format's name. */
  mimeType: string;
  format: string;
  /** Synthesizes one phrase: its encoded bytes go to the session's `onAudio`, its words (seconds from the session's start) to `onWords`. */
  speak(phrase: string, onWords: (words: WordTiming[]) => void): Promise<void>;
  /** Ends the session: flushes the encoder, records and charges what was spoken. Null when nothing was. */
  end(): Promise<GenerationRow | null>;
  /** Characters spoken so far. */
  characters(): number;
}

export async function openSpeechSession(
  deps: StreamDeps & { balance: (accountId: string) => Promise<number> },
  caller: Caller,
  input: SessionInput,
  signal: AbortSignal,
  onAudio: (bytes: Buffer) => void,
): Promise<SpeechSession> {
  // The voice, model (unknown_model, as prepareGeneration checks it) and controls are checked now with a word, so a bad socket fails before anything moves.
  const probe = await prepareGeneration(deps.voices, caller, { ...input, text: 'Hello.' }, deps);
  const balance = await deps.balance(caller.accountId);
  const budget = Math.min(balance, generationCost(probe.model, MAX_SESSION_CHARACTERS));
  if (budget <= 0) throw new AppError('insufficient_points', 'No points left for a speech session');

  const id = newId('gen');
  let spool: SpoolWriter | null = null;
  let encoder: StreamEncoder | undefined;
  const paid: PaidWork = await deps.ledger.begin(caller.accountId, budget, 'generation', { type: 'generation', id }, {
    undo: async () => {
      if (spool) await deps.spool.remove(spool.path);
    },
  });
  let bytes = 0;
  try {
    encoder = await openStreamEncoder(
      {
        format: probe.format,
        sampleRate: probe.sampleRate,
        ...(input.bit_rate !== undefined ? { bitRate: input.bit_rate } : {}),
        ffmpegPath: deps.config.ffmpegPath,
      },
      (piece) => {
        bytes += piece.length;
        spool?.write(piece);
        onAudio(piece);
      },
    );
    spool = await deps.spool.open(id, encoder.extension);
  } catch (err) {
    encoder?.abort();
    await paid.finish();
    throw err;
  }

  const words: WordTiming[] = [];
  let seconds = 0;
  let characters = 0;
  let engine: string | null = null;
  let last: PreparedGeneration = probe;
  let ended: Promise<GenerationRow | null> | null = null;
  const spokenText: string[] = [];

  return {
    id,
    mimeType: encoder.mimeType,
    format: probe.format,
    characters: () => characters,
    async speak(phrase, onWords) {
      if (ended) throw new AppError('bad_request', 'The session has ended');
      const prepared = await prepareGeneration(deps.voices, caller, { ...input, text: phrase }, deps);
      if (generationCost(prepared.model, characters + prepared.markup.characterCount) > budget) {
        throw new AppError('insufficient_points', `This session can speak about ${characters} more characters at most; its budget is ${budget} points`);
      }
      last = prepared;
      await deps.queue.run(caller.keyId, async () => {
        const utterance = await deps.pipeline.open(prepared.speak, signal);
        engine ??= utterance.engine;
        const offset = seconds;
        let done = 0;
        try {
          for await (const chunk of utterance.chunks) {
            await encoder!.write(chunk.audio);
            seconds += chunk.audio.samples.length / chunk.audio.sampleRate;
            const shifted = chunk.words.map((w) => ({ word: w.word, start: w.start + offset, end: w.end + offset }));
            words.push(...shifted);
            onWords(shifted);
            done += chunk.spokenCharacters;
            if (signal.aborted) break;
          }
        } catch (err) {
          if (!signal.aborted) throw err;
        }
        // As on the native stream: a phrase cut short counts the share of it that was synthesized.
        const total = utterance.spokenCharacters;
        if (done > 0) spokenText.push(phrase);
        characters += done >= total ? prepared.markup.characterCount : Math.ceil((prepared.markup.characterCount * done) / Math.max(1, total));
      });
    },
    end() {
      ended ??= (async () => {
        try {
          await encoder!.end();
          await spool!.seal();
          if (characters === 0) return null;
          const points = generationCost(last.model, characters);
          const row = pendingRow(caller, last, {
            id,
            engine: engine ?? 'unknown',
            mimeType: encoder!.mimeType,
            extension: encoder!.extension,
            characters,
            points,
            durationSeconds: seconds,
            audioBytes: bytes,
            words,
            text: spokenText.join(' '),
          });
          await paid.reservation.settle(points, (tx) => tx.insertGeneration(row));
          deps.generated?.(row.model, row.engine);
          deps.recorded(row);
          return row;
        } finally {
          // Nothing settled (nothing spoken, or a failure): every point back, the spool file gone.
          await paid.finish();
        }
      })();
      return ended;
    },
  };
}
