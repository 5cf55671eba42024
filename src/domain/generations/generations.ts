import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { AUDIO_FORMAT_INFO } from '../../audio/formats.js';
import type { GenerationFilters, GenerationRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ByteRange } from '../../storage/blob-store.js';
import { type CaptionMode, buildCaptions } from '../../speech/captions.js';
import type { WordTiming } from '../../speech/engine.js';
import type { TextWarning } from '../../speech/markup.js';
import type { Caller } from '../accounts/accounts.js';
import { type CreateGenerationInput, pendingRow, prepareGeneration } from './generation-request.js';
import { type StreamedGeneration, streamGeneration } from './generation-stream.js';
import type { Reservation, ReservationKind } from '../accounts/points.js';
import { type SpeechJob, jobAudio } from './speech-jobs.js';
import { decodeCursor, encodeCursor } from './history-cursor.js';
import type { GenerationDeps } from './generation-deps.js';
import { type LongSpeechInput, type StartedSpeech, startLongSpeech } from './long-speech.js';
import { type SessionInput, type SpeechSession, openSpeechSession } from './speech-session.js';

export { type CreateGenerationInput, DEFAULT_SAMPLE_RATE } from './generation-request.js';
export type { GenerationDeps } from './generation-deps.js';

export interface CreatedGeneration {
  row: GenerationRow;
  /** The encoded audio, of `row.mime_type`; the route sends it inline as a base64 data URI. */
  audio: Buffer;
  captions?: string;
  /** Markup removed or not applied (unknown tags…); the request still succeeded. docs/text.md. */
  warnings: TextWarning[];
}

/**
 * Warnings as one header line: messages joined by "; ", anything outside printable ASCII
 * percent-encoded (a header cannot carry it), at most 2,000 characters.
 */
export function warningsHeader(warnings: readonly TextWarning[]): string {
  const line = warnings
    .map((w) => `${w.code}: ${w.message}`)
    .join('; ')
    .replace(/[^\x20-\x7e]/gu, (c) => encodeURIComponent(c));
  return line.length > 2000 ? `${line.slice(0, 1997)}...` : line;
}

/** Tries at moving finished audio into storage before the record is marked failed. */
const UPLOAD_ATTEMPTS = 5;


/**
 * The generation lifecycle: validate, price, reserve points, synthesize and encode as a queued
 * speech job, answer with the audio inline. In one process the record is `pending` until the
 * audio is moved into storage in the background and it becomes `ready`; across processes the
 * worker has stored the audio already and the record is `ready` at once. Spooled audio survives a
 * restart: `resumePending` finishes what a stopped process left, and reconciliation (see
 * `reservationKind`) refunds requests a killed process never finished.
 */
export class GenerationService {
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  /** Aborted on drain: cuts short the UPLOAD_DELAY_MS wait of uploads in flight. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: GenerationDeps) {}

  async create(caller: Caller, input: CreateGenerationInput): Promise<CreatedGeneration> {
    // 1. Everything that can be refused is checked before any point moves or any row exists.
    const prepared = await prepareGeneration(this.deps.voices, caller, input, this.deps);
    const { cost, format, sampleRate, warnings } = prepared;

    // 2. Points are taken before synthesis (402 if short) with a durable reservation: given back if
    //    the work fails here, or by reconciliation once the process holding it is gone. Across
    //    processes the worker stores the audio at its final key, named as the reservation's artifact.
    const id = newId('gen');
    const audioKey = `audio/${id}.${AUDIO_FORMAT_INFO[format].extension}`;
    const storeAt = this.deps.queue.crossProcess ? audioKey : null;
    const spoolFile = storeAt ? null : this.deps.spool.path(id, AUDIO_FORMAT_INFO[format].extension);
    // Undone after the refund: a worker still running stores, then finds the reservation closed and
    // removes its audio itself (SpeechJobRunner), so either way none is left behind.
    const undo = async () => {
      if (spoolFile) await this.deps.spool.remove(spoolFile);
      if (storeAt) await this.deps.blobs.delete(storeAt).catch(() => undefined);
    };
    const work = async (reservation: Reservation): Promise<CreatedGeneration> => {
      const job: SpeechJob = {
        reservationId: reservation.id,
        speak: prepared.speak,
        enhance: Boolean(input.enhance_generation),
        encode: { format, sampleRate, ...(input.bit_rate !== undefined ? { bitRate: input.bit_rate } : {}) },
        storeAt,
        // In one process the job spools the audio while it is encoded.
        spoolAs: storeAt ? null : id,
      };
      const speech = await this.deps.queue.run(caller.keyId, job);
      const data = await jobAudio(speech, storeAt, this.deps.blobs);

      // 3. In one process the audio is spooled locally (a restart cannot lose it) and recorded
      //    pending until the background upload; from a worker it is already stored: ready at once.
      if (!storeAt && !speech.spooled) await this.deps.spool.write(id, speech.extension, data);
      const pending = pendingRow(caller, prepared, {
        id,
        engine: speech.engine,
        mimeType: speech.mimeType,
        extension: speech.extension,
        characters: prepared.markup.characterCount,
        points: cost,
        durationSeconds: speech.durationSeconds,
        audioBytes: data.length,
        words: speech.words,
        text: input.text,
      });
      const row: GenerationRow = storeAt
        ? { ...pending, status: 'ready', upload_attempts: 1, ready_at: pending.created_at }
        : pending;
      const mode: CaptionMode | null = input.captions === 'word' ? 'word' : input.captions ? 'phrase' : null;
      const created: CreatedGeneration = {
        row,
        audio: data,
        ...(mode ? { captions: buildCaptions(speech.words, { mode, maxWords: 4 }).srt } : {}),
        warnings,
      };
      // The record and the settled charge commit together: nothing after this can fail and
      // refund a generation that exists.
      await reservation.settle(cost, (tx) => tx.insertGeneration(row));
      return created;
    };
    const created = await this.deps.ledger.charge(caller.accountId, cost, 'generation', { type: 'generation', id }, work, {
      artifacts: [audioKey],
      undo,
    });
    this.deps.generated?.(created.row.model, created.row.engine);
    if (!storeAt) this.scheduleUpload(created.row);
    return created;
  }

  /**
   * `POST /api/v1/tts/stream`: resolves once the first encoded bytes exist, with the generation id,
   * the engine, and the rest of the audio as an async iterable (see `streamGeneration`). Abort
   * `signal` (or stop iterating) when the client leaves: synthesis stops at the next sentence.
   */
  stream(caller: Caller, input: CreateGenerationInput, signal?: AbortSignal): Promise<StreamedGeneration> {
    return streamGeneration(
      {
        ...this.deps,
        queue: this.deps.localQueue,
        recorded: (row) => this.scheduleUpload(row),
      },
      caller,
      input,
      signal,
    );
  }

  /**
   * A speech session whose text arrives while it is spoken (`/api/v1/tts/ws`, `speech-session.ts`):
   * one record and one charge for everything it speaks. `onAudio` gets the encoded bytes.
   */
  openSession(caller: Caller, input: SessionInput, signal: AbortSignal, onAudio: (bytes: Buffer) => void): Promise<SpeechSession> {
    return openSpeechSession(
      {
        ...this.deps,
        queue: this.deps.localQueue,
        recorded: (row) => this.scheduleUpload(row),
        balance: async (accountId) => (await this.deps.store.findPoints(accountId)) ?? 0,
      },
      caller,
      input,
      signal,
      onAudio,
    );
  }

  /**
   * Long-form speech streamed piece by piece (the OpenAI-compatible route; `long-speech.ts`): same
   * pricing, reservation, queue and record as `create`, the audio handed out while it is made.
   */
  speakLong(caller: Caller, input: LongSpeechInput, signal?: AbortSignal): Promise<StartedSpeech> {
    return startLongSpeech(
      {
        ...this.deps,
        queue: this.deps.localQueue,
        record: (row, data, reservation) => this.recordFinished(row, data, reservation),
      },
      caller,
      input,
      signal,
    );
  }

  /** Spools audio made outside `create`, commits its record with the settled charge, and uploads it. */
  private async recordFinished(row: GenerationRow, data: Buffer, reservation: Reservation): Promise<void> {
    const file = this.deps.spool.path(row.id, row.extension);
    try {
      await this.deps.spool.write(row.id, row.extension, data);
      await reservation.settle(row.points_used, (tx) => tx.insertGeneration(row));
    } catch (err) {
      await this.deps.spool.remove(file);
      throw err;
    }
    this.deps.generated?.(row.model, row.engine);
    this.scheduleUpload(row);
  }

  async get(caller: Caller, id: string): Promise<GenerationRow> {
    const row = await this.deps.store.findGeneration(id, caller.accountId);
    if (!row) throw new AppError('not_found', `Generation ${id} not found`);
    return row;
  }

  /**
   * The caller's own generations, newest first (a workspace's other members' never appear: they
   * are private to their creator, as on `get`). `cursor` is the opaque `next_cursor` of the page
   * before; `hasMore` says whether another page follows.
   */
  async list(
    caller: Caller,
    options: { limit: number; cursor?: string; afterId?: string; filters?: GenerationFilters },
  ): Promise<{ rows: GenerationRow[]; hasMore: boolean; nextCursor: string | null }> {
    // `afterId` (ElevenLabs' start_after_history_item_id) names the last row of the page before.
    const after =
      options.cursor !== undefined ? decodeCursor(options.cursor) : options.afterId !== undefined ? await this.get(caller, options.afterId) : undefined;
    // One row more than asked tells whether another page exists without a count query.
    const rows = await this.deps.store.listGenerations(caller.accountId, {
      limit: options.limit + 1,
      ...(after ? { after } : {}),
      ...(options.filters ? { filters: options.filters } : {}),
    });
    const hasMore = rows.length > options.limit;
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return { rows: page, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
  }

  /** Hosted URL of a ready generation, or null while pending. */
  async audioUrl(row: GenerationRow): Promise<string | null> {
    if (row.status !== 'ready') return null;
    const direct = await this.deps.blobs.publicUrl(row.audio_key);
    return direct ?? `${this.deps.config.publicBaseUrl}/files/audio/${row.id}/${row.url_token}.${row.extension}`;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const row = await this.get(caller, id);
    // The record goes first so the hosted link stops working at once, then the bytes.
    await this.deps.store.deleteGeneration(id, caller.accountId);
    await this.deps.blobs.delete(row.audio_key);
    await this.deps.spool.remove(this.deps.spool.path(row.id, row.extension));
  }

  captions(row: GenerationRow, options: { format: 'srt' | 'json'; mode: CaptionMode; maxWords: number; uppercase: boolean }) {
    if (row.words === null) {
      throw new AppError('captions_unavailable', `Generation ${row.id} has no stored word timings`);
    }
    const words = JSON.parse(row.words) as WordTiming[];
    const { srt } = buildCaptions(words, { mode: options.mode, maxWords: options.maxWords, uppercase: options.uppercase });
    return { id: row.id, mode: options.mode, duration: row.duration_seconds, srt, words };
  }

  /** Opens the stored audio of a ready generation (404/409 otherwise). */
  async openAudio(row: GenerationRow, range?: ByteRange): Promise<Readable> {
    if (row.status === 'pending') {
      throw new AppError('audio_not_ready', 'The audio is still being finalized; poll GET /api/v1/tts/:id until ready');
    }
    if (row.status === 'failed') {
      throw new AppError('audio_not_ready', `The audio could not be stored: ${row.error_message ?? 'upload failed'}`);
    }
    return this.deps.blobs.read(row.audio_key, range);
  }

  /** Looks up a hosted link: the generation must exist and the token must match. */
  async findHosted(id: string, token: string): Promise<GenerationRow> {
    const row = await this.deps.store.findGenerationById(id);
    if (!row || row.status !== 'ready' || !constantTimeEqual(row.url_token, token)) {
      throw new AppError('not_found', 'No such audio');
    }
    return row;
  }

  /**
   * How start-up reconciliation treats a generation reservation a dead process left open: the
   * work finished if the record exists (it commits with the settlement); otherwise the spool
   * file it may have written is removed before the points go back.
   */
  reservationKind(): ReservationKind {
    return {
      finished: async (row) => (await this.deps.store.findGenerationById(row.ref_id)) !== undefined,
      discard: async (row) => {
        await this.deps.spool.removeAll(row.ref_id);
        for (const key of JSON.parse(row.artifacts) as string[]) await this.deps.blobs.delete(key);
      },
    };
  }

  /** Re-queues uploads a previous process left pending. Called once at start-up. */
  async resumePending(): Promise<number> {
    const pending = await this.deps.store.listGenerationsByStatus('pending');
    for (const row of pending) this.scheduleUpload(row);
    return pending.length;
  }

  /**
   * Waits for background uploads (graceful shutdown); new ones are not started, and uploads still
   * sitting out `UPLOAD_DELAY_MS` stop waiting and stay pending for the next start to resume.
   */
  async drain(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private scheduleUpload(row: GenerationRow): void {
    if (this.closed) return;
    const job = this.upload(row).finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  private async upload(row: GenerationRow): Promise<void> {
    const delay = this.deps.config.uploadDelayMs;
    if (delay > 0) await sleep(delay, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    const spool = this.deps.spool.path(row.id, row.extension);
    for (let attempt = row.upload_attempts + 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
      if (this.closed && delay > 0) return; // shutting down: the next start resumes it
      try {
        await this.deps.blobs.putFile(row.audio_key, spool, row.mime_type);
        // Deleted meanwhile? Then drop what was just stored.
        if (!(await this.deps.store.findGenerationById(row.id))) {
          await this.deps.blobs.delete(row.audio_key);
        } else {
          await this.deps.store.updateGeneration(row.id, {
            status: 'ready',
            ready_at: new Date().toISOString(),
            upload_attempts: attempt,
          });
        }
        await this.deps.spool.remove(spool);
        return;
      } catch (err) {
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        if (missing || attempt === UPLOAD_ATTEMPTS) {
          await this.deps.store
            .updateGeneration(row.id, {
              status: 'failed',
              upload_attempts: attempt,
              error_code: 'upload_failed',
              error_message: missing ? 'the spooled audio is gone' : 'storage refused the audio',
            })
            .catch(() => undefined);
          return;
        }
        await this.deps.store.updateGeneration(row.id, { upload_attempts: attempt }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
    }
  }
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
