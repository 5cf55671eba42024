import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { encodeAudio } from '../audio/encode.js';
import type { AudioFormat } from '../audio/formats.js';
import type { Config } from '../config.js';
import type { GenerationRow, Store } from '../db/store.js';
import { AppError } from '../errors.js';
import { newId, randomToken } from '../ids.js';
import type { FairQueue } from '../queue/fair-queue.js';
import type { BlobStore, ByteRange } from '../storage/blob-store.js';
import { type CaptionMode, buildCaptions } from '../speech/captions.js';
import type { WordTiming } from '../speech/engine.js';
import { isSilentText, parseMarkup } from '../speech/markup.js';
import type { DeliveryMode, SpeechPipeline } from '../speech/pipeline.js';
import type { Caller } from './accounts.js';
import { DEFAULT_MODEL, type ModelKey, findModel, generationCost } from './models.js';
import type { PointsLedger, ReservationKind } from './points.js';
import type { VoiceDirectory } from './voice-directory.js';

export interface CreateGenerationInput {
  text: string;
  voice: string;
  model?: string;
  speed?: number;
  temperature?: number;
  delivery_mode?: DeliveryMode;
  enhance_generation?: boolean;
  format?: AudioFormat;
  bit_rate?: number;
  sample_rate?: number;
  captions?: boolean | 'phrase' | 'word';
}

export interface CreatedGeneration {
  row: GenerationRow;
  audioBase64: string;
  captions?: string;
}

/** Default output rate: a common speech rate every format (MP3 MPEG-2, Opus) handles natively. */
export const DEFAULT_SAMPLE_RATE = 24_000;

/** Tries at moving finished audio into storage before the record is marked failed. */
const UPLOAD_ATTEMPTS = 5;

export interface GenerationDeps {
  config: Readonly<Config>;
  store: Store;
  ledger: PointsLedger;
  voices: VoiceDirectory;
  pipeline: SpeechPipeline;
  queue: FairQueue;
  blobs: BlobStore;
  /** Optional post-processing (denoise) for `enhance_generation`. */
  enhance: (audio: import('../audio/pcm.js').PcmAudio) => Promise<import('../audio/pcm.js').PcmAudio>;
  /** Told of each generation recorded: its model and the engine that spoke (metrics). */
  generated?: (model: string, engine: string) => void;
}

/**
 * The generation lifecycle: validate, price, reserve points, synthesize through the fair
 * queue, encode, answer with the audio inline while the record is `pending`, then move the
 * audio into storage in the background and mark the record `ready`. Spooled audio survives a
 * restart: `resumePending` finishes what a stopped process left, and reconciliation (see
 * `reservationKind`) refunds requests a killed process never finished.
 */
export class GenerationService {
  private readonly spoolDir: string;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  /** Aborted on drain: cuts short the UPLOAD_DELAY_MS wait of uploads in flight. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: GenerationDeps) {
    this.spoolDir = path.join(deps.config.dataDir, 'spool');
  }

  async create(caller: Caller, input: CreateGenerationInput): Promise<CreatedGeneration> {
    // 1. Everything that can be refused is checked before any point moves or any row exists.
    const modelKey = input.model ?? DEFAULT_MODEL;
    const model = findModel(modelKey);
    if (!model) {
      throw new AppError('unknown_model', `Unknown model "${modelKey}"; use v-studio, v-flash, v-pro or v-lite`);
    }
    if (input.temperature !== undefined && !model.supportsTemperature) {
      throw new AppError('unsupported_control', `The ${model.key} model does not support temperature`);
    }
    if (input.delivery_mode !== undefined && !model.supportsDeliveryMode) {
      throw new AppError('unsupported_control', `The ${model.key} model does not support delivery_mode`);
    }
    const markup = parseMarkup(input.text);
    if (isSilentText(markup.spokenText)) throw new AppError('missing_text', 'text has nothing to speak');
    const voice = await this.deps.voices.resolve(caller, input.voice);
    const format: AudioFormat = input.format ?? 'MP3';
    const sampleRate = input.sample_rate ?? DEFAULT_SAMPLE_RATE;
    const cost = generationCost(model.key as ModelKey, markup.characterCount);

    // 2. Points are taken before synthesis (402 if short) with a durable reservation: given back if
    //    the work fails here, or by start-up reconciliation if the process dies first.
    const id = newId('gen');
    const reservation = await this.deps.ledger.reserve(caller.accountId, cost, 'generation', { type: 'generation', id });
    let spoolFile: string | null = null;
    try {
      const speech = await this.deps.queue.run(caller.keyId, () =>
        this.deps.pipeline.speak({
          segments: markup.segments,
          voice: voice.realization,
          model: model.key as ModelKey,
          ...(input.speed !== undefined ? { speed: input.speed } : {}),
          ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
          ...(input.delivery_mode !== undefined ? { deliveryMode: input.delivery_mode } : {}),
        }),
      );
      const audio = input.enhance_generation ? await this.deps.enhance(speech.audio) : speech.audio;
      const encoded = await encodeAudio(audio, {
        format,
        sampleRate,
        ...(input.bit_rate !== undefined ? { bitRate: input.bit_rate } : {}),
        ffmpegPath: this.deps.config.ffmpegPath,
      });

      // 3. Spool the encoded audio locally so a restart cannot lose it, then record it pending.
      await fsp.mkdir(this.spoolDir, { recursive: true });
      spoolFile = this.spoolPath(id, encoded.extension);
      await fsp.writeFile(spoolFile, encoded.data);
      const row: GenerationRow = {
        id,
        account_id: caller.accountId,
        key_id: caller.keyId,
        status: 'pending',
        model: model.key,
        voice_id: voice.id,
        engine: speech.engine,
        format,
        mime_type: encoded.mimeType,
        extension: encoded.extension,
        sample_rate: sampleRate,
        characters: markup.characterCount,
        points_used: cost,
        duration_seconds: audio.samples.length / audio.sampleRate,
        audio_key: `audio/${id}.${encoded.extension}`,
        audio_bytes: encoded.data.length,
        url_token: randomToken(32),
        words: JSON.stringify(speech.words),
        error_code: null,
        error_message: null,
        upload_attempts: 0,
        created_at: new Date().toISOString(),
        ready_at: null,
      };
      const mode: CaptionMode | null = input.captions === 'word' ? 'word' : input.captions ? 'phrase' : null;
      const created: CreatedGeneration = {
        row,
        audioBase64: `data:${encoded.mimeType};base64,${encoded.data.toString('base64')}`,
        ...(mode ? { captions: buildCaptions(speech.words, { mode, maxWords: 4 }).srt } : {}),
      };
      // The record and the settled charge commit together: nothing after this can fail and
      // refund a generation that exists.
      await reservation.settle(cost, (tx) => tx.insertGeneration(row));
      this.deps.generated?.(row.model, row.engine);
      this.scheduleUpload(row);
      return created;
    } catch (err) {
      await reservation.refund();
      if (spoolFile) await fsp.rm(spoolFile, { force: true });
      throw err;
    }
  }

  async get(caller: Caller, id: string): Promise<GenerationRow> {
    const row = await this.deps.store.findGeneration(id, caller.accountId);
    if (!row) throw new AppError('not_found', `Generation ${id} not found`);
    return row;
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
    await fsp.rm(this.spoolPath(row.id, row.extension), { force: true });
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
        const names = await fsp.readdir(this.spoolDir).catch(() => [] as string[]);
        for (const name of names) {
          if (name.startsWith(`${row.ref_id}.`)) await fsp.rm(path.join(this.spoolDir, name), { force: true });
        }
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

  private spoolPath(id: string, extension: string): string {
    return path.join(this.spoolDir, `${id}.${extension}`);
  }

  private scheduleUpload(row: GenerationRow): void {
    if (this.closed) return;
    const job = this.upload(row).finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  private async upload(row: GenerationRow): Promise<void> {
    const delay = this.deps.config.uploadDelayMs;
    if (delay > 0) await sleep(delay, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    const spool = this.spoolPath(row.id, row.extension);
    for (let attempt = row.upload_attempts + 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
      if (this.closed && delay > 0) return; // shutting down: the next start resumes it
      try {
        const data = await fsp.readFile(spool);
        await this.deps.blobs.put(row.audio_key, data, row.mime_type);
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
        await fsp.rm(spool, { force: true });
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
