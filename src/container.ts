import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PcmAudio } from './audio/pcm.js';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { Store } from './db/store.js';
import { AccountService } from './domain/accounts.js';
import { CatalogVoiceDirectory } from './domain/catalog-voice-directory.js';
import { CloneService } from './domain/clones.js';
import { DesignService } from './domain/designs.js';
import { GenerationService } from './domain/generations.js';
import { VoiceLibrary } from './domain/voice-library.js';
import { PointsLedger, type ReconcileResult } from './domain/points.js';
import { DECODE_LIMITS } from './audio/decode-limits.js';
import { Metrics } from './observability/metrics.js';
import { FairQueue } from './queue/fair-queue.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import type { RateLimiter } from './ratelimit/rate-limiter.js';
import { EngineRegistry } from './speech/engine-registry.js';
import { enhanceSpeech } from './speech/enhance.js';
import { SpeechPipeline } from './speech/pipeline.js';
import type { BlobStore } from './storage/blob-store.js';
import { fallbackSpeechLanguage } from './voices/speech-fallback.js';
import { LocalDiskBlobStore } from './storage/local-blob-store.js';

/** Everything the app and the CLI need, built once. The only place that names concrete adapters. */
export interface Container {
  config: Readonly<Config>;
  database: DatabaseHandle;
  store: Store;
  accounts: AccountService;
  ledger: PointsLedger;
  rateLimiter: RateLimiter;
  engines: EngineRegistry;
  blobs: BlobStore;
  generations: GenerationService;
  clones: CloneService;
  designs: DesignService;
  library: VoiceLibrary;
  /** Prometheus metrics, fed by the pipeline, the ledger and the app's response hook. */
  metrics: Metrics;
  /**
   * Settles or refunds the paid work a killed process left open, resumes unfinished uploads and
   * warms the engines; the server calls it after listening. Only the server: an admin command
   * must not refund the running server's reservations.
   */
  start(): Promise<StartReport>;
  /** Closes everything in reverse order of creation. */
  close(): Promise<void>;
}

/** What start-up found left over by a previous process. */
export interface StartReport {
  reconciled: ReconcileResult;
  resumedUploads: number;
}

export async function buildContainer(config: Readonly<Config>): Promise<Container> {
  // Whatever is in the temp folder belongs to a previous run that died mid-work: one process
  // owns a data folder (as with the spool), so nothing there is in use yet.
  await rm(config.tempDir, { recursive: true, force: true });
  await mkdir(config.tempDir, { recursive: true });
  const database = await openDatabase(config.databaseUrl);
  await database.migrate();
  const store = new Store(database.db);
  const rateLimiter = new MemoryRateLimiter();
  const queue = new FairQueue(config.queue.concurrency, config.queue.maxWaiting);
  const metrics = new Metrics(() => queue.stats);
  const ledger = new PointsLedger(store, metrics.ledger);
  const engines = new EngineRegistry(config);
  const blobs = new LocalDiskBlobStore(path.join(config.dataDir, 'blobs'));
  // Experimental languages are spoken in the closest language an installed engine speaks.
  const pipeline = new SpeechPipeline(engines, fallbackSpeechLanguage, metrics.synthesis);
  const accounts = new AccountService(store);
  const denoise = (audio: PcmAudio) => enhanceSpeech(audio);
  const generations = new GenerationService({
    config,
    store,
    ledger,
    voices: new CatalogVoiceDirectory(store),
    pipeline,
    queue,
    blobs,
    enhance: denoise,
    generated: metrics.generated,
  });
  // One limit on concurrent recording decodes for the whole process: each ffmpeg may hold hundreds of MB.
  const decodes = new FairQueue(DECODE_LIMITS.concurrency, DECODE_LIMITS.maxWaiting);
  const clones = new CloneService({ config, store, accounts, blobs, denoise, decodes, engines: () => engines.available() });
  const designs = new DesignService({ config, store, accounts, ledger, pipeline, queue, blobs, decodes });
  const library = new VoiceLibrary(store, accounts, designs);
  // Expired design previews and their audio are removed every minute.
  const sweeper = setInterval(() => void designs.sweepExpired().catch(() => undefined), 60_000);
  sweeper.unref();
  return {
    config,
    database,
    store,
    accounts,
    ledger,
    rateLimiter,
    engines,
    blobs,
    generations,
    clones,
    designs,
    library,
    metrics,
    async start() {
      const reconciled = await ledger.reconcile({
        generation: generations.reservationKind(),
        design_batch: designs.reservationKind(),
      });
      await blobs.sweepPartialWrites();
      const resumedUploads = await generations.resumePending();
      if (config.engineWarmup) await engines.warm();
      return { reconciled, resumedUploads };
    },
    async close() {
      clearInterval(sweeper);
      await generations.drain();
      await engines.close();
      await rateLimiter.close();
      await database.close();
    },
  };
}
