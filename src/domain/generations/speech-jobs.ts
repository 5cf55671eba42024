import { type EncodedFile, openFileEncoder } from '../../audio/stream-encode.js';
import { AUDIO_FORMAT_INFO, type AudioFormat } from '../../audio/formats.js';
import type { PcmAudio } from '../../audio/pcm.js';
import type { Config } from '../../config.js';
import type { Store } from '../../db/store.js';
import { AppError } from '../../errors.js';
import type { JobQueue } from '../../queue/job-queue.js';
import type { WordTiming } from '../../speech/engine.js';
import type { SpeakRequest, SpeechPipeline } from '../../speech/pipeline.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Spool, SpoolWriter } from '../../storage/spool.js';

/**
 * One paid synthesis as it crosses the queue: the validated request (voice already resolved, so
 * a worker needs no account context) and the reservation paying for it. Plain JSON.
 */
export interface SpeechJob {
  reservationId: string;
  speak: SpeakRequest;
  enhance: boolean;
  encode: { format: AudioFormat; sampleRate: number; bitRate?: number };
  /**
   * Where the worker stores the encoded audio, or null to hand the bytes back in memory (only
   * in-process). The key is one of the reservation's artifacts, so abandoned audio is removed.
   */
  storeAt: string | null;
  /**
   * The generation id to spool the encoded audio under while it is encoded (`Spool`), or null. Only
   * in-process: the spool is this process's local disk.
   */
  spoolAs: string | null;
}

/** What the requesting side needs to answer and to write the record. */
export interface SpeechJobResult {
  engine: string;
  words: WordTiming[];
  durationSeconds: number;
  mimeType: string;
  extension: string;
  bytes: number;
  /** The encoded audio, only when the job ran in this process; otherwise read it at `storeAt`. */
  audio?: Buffer;
  /** True when the audio was spooled (`spoolAs`), synced with its name. */
  spooled?: boolean;
}

export type SpeechQueue = JobQueue<SpeechJob, SpeechJobResult>;

export interface SpeechJobDeps {
  config: Readonly<Config>;
  store: Store;
  pipeline: SpeechPipeline;
  blobs: BlobStore;
  enhance: (audio: PcmAudio) => Promise<PcmAudio>;
  /** True when the result stays in this process (in-process queue): the bytes ride along. */
  keepAudio: boolean;
  /** Where `spoolAs` jobs spool their audio (in-process only). */
  spool?: Spool;
}

/** The worker's half of a synthesis: speak, enhance, encode, store. */
export class SpeechJobRunner {
  constructor(private readonly deps: SpeechJobDeps) {}

  readonly run = async (job: SpeechJob): Promise<SpeechJobResult> => {
    // A request whose reservation was already closed (its API process died and a sweep refunded
    // it, or it gave up waiting) has nobody to answer: skip the CPU.
    await this.requireOpen(job.reservationId);
    // Sentence by sentence: each is encoded while the pipeline synthesizes the next one. The job
    // answers once all is done, so the pipeline may say several pieces at once (`whole`).
    const utterance = await this.deps.pipeline.open(job.speak, undefined, { whole: true });
    // Spooled while it is encoded: long audio is mostly on disk by the time it is finished.
    let spooling: SpoolWriter | null = null;
    const encoder = await openFileEncoder({ ...job.encode, ffmpegPath: this.deps.config.ffmpegPath }, (bytes) =>
      spooling?.write(bytes),
    );
    const words: WordTiming[] = [];
    let durationSeconds = 0;
    let encoded: EncodedFile;
    try {
      const { spool } = this.deps;
      if (job.spoolAs && spool) {
        const extension = AUDIO_FORMAT_INFO[job.encode.format].extension;
        spooling = await spool.open(job.spoolAs, extension, { reserve: encoder.headBytes });
      }
      for await (const chunk of utterance.chunks) {
        const audio = job.enhance ? await this.deps.enhance(chunk.audio) : chunk.audio;
        await encoder.write(audio);
        words.push(...chunk.words);
        durationSeconds += audio.samples.length / audio.sampleRate;
      }
      encoded = await encoder.finish();
      await spooling?.seal(encoded);
    } catch (err) {
      encoder.abort();
      await spooling?.discard();
      throw err;
    }
    if (job.storeAt) {
      await this.deps.blobs.put(job.storeAt, encoded.data, encoded.mimeType);
      // Stored first, checked second: a sweep that refunded the reservation meanwhile removed the
      // artifacts before refunding, so whichever order the two ran in, no orphan audio stays.
      try {
        await this.requireOpen(job.reservationId);
      } catch (err) {
        await this.deps.blobs.delete(job.storeAt);
        throw err;
      }
    }
    return {
      engine: utterance.engine,
      words,
      durationSeconds,
      mimeType: encoded.mimeType,
      extension: encoded.extension,
      bytes: encoded.data.length,
      ...(this.deps.keepAudio ? { audio: encoded.data } : {}),
      ...(spooling ? { spooled: true } : {}),
    };
  };

  private async requireOpen(reservationId: string): Promise<void> {
    const row = await this.deps.store.findReservation(reservationId);
    if (row?.status !== 'open') {
      throw new AppError('provider_error', 'The request was withdrawn before its audio was finished', { retryable: true });
    }
  }
}

/** The encoded audio of a finished job: in the result, or read back from where the worker stored it. */
export async function jobAudio(result: SpeechJobResult, storedAt: string | null, blobs: BlobStore): Promise<Buffer> {
  if (result.audio) return result.audio;
  if (!storedAt) throw new Error('a cross-process speech job must store its audio');
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.read(storedAt)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
