import { mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PcmAudio } from './audio/pcm.js';
import type { Config, Role } from './config.js';
import { type DatabaseHandle, openMigrated } from './db/database.js';
import { Store } from './db/store.js';
import { AccountService } from './domain/accounts/accounts.js';
import { CallerCache, type CallerChanges } from './domain/accounts/caller-cache.js';
import { PgCallerChanges } from './db/pg-caller-changes.js';
import { VoiceDirectory } from './domain/voices/voice-directory.js';
import { CloneService } from './domain/voices/clones.js';
import { DesignService } from './domain/voices/designs.js';
import { GenerationService } from './domain/generations/generations.js';
import { IdempotencyService } from './domain/generations/idempotency.js';
import { IdempotencyStore } from './db/idempotency-store.js';
import { LexiconStore } from './db/lexicon-store.js';
import { LexiconService } from './domain/lexicons/lexicons.js';
import { VoiceLibrary } from './domain/voices/voice-library.js';
import { LanguageListing } from './domain/voices/language-listing.js';
import { SocketTokens } from './domain/accounts/socket-tokens.js';
import { PointsLedger, type ReconcileResult } from './domain/accounts/points.js';
import { DECODE_LIMITS } from './audio/decode-limits.js';
import { Metrics } from './observability/metrics.js';
import { FairQueue } from './queue/fair-queue.js';
import { InProcessJobQueue } from './queue/in-process-queue.js';
import { type SpeechQueue, SpeechJobRunner } from './domain/generations/speech-jobs.js';
import { newId } from './ids.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import { whenReachable } from './startup-wait.js';
import type { RateLimiter } from './ratelimit/rate-limiter.js';
import { EngineRegistry } from './speech/engine-registry.js';
import { enhanceSpeech } from './speech/enhance.js';
import { CloneFitter } from './voices/clone/fit/fitter.js';
import { CloneRefiner } from './voices/clone/refine/refiner.js';
import { refinementTarget } from './voices/clone/refine/plan.js';
import { RefinementStore } from './db/refinement-store.js';
import { RefinementService } from './domain/voices/refinements.js';
import { InProcessRefinementQueue, type RefinementQueue } from './queue/refinement-queue.js';
import { decodeWav } from './audio/wav.js';
import { SPEAKER_ENCODER_FILE, SPEAKER_ENCODER_PACK } from './audio/analysis/speaker/speaker-encoder.js';
import { findPackFile } from './onnx/model-files.js';
import { buffer } from 'node:stream/consumers';
import { SpeechPipeline } from './speech/pipeline.js';
import type { BlobStore } from './storage/blob-store.js';
import { fallbackSpeechLanguage } from './voices/languages/speech-fallback.js';
import { LocalDiskBlobStore } from './storage/local-blob-store.js';
import { Spool } from './storage/spool.js';

export type { Role };

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
  lexicons: LexiconService;
  clones: CloneService;
  designs: DesignService;
  library: VoiceLibrary;
  /** The language list with the engine tier and intelligibility of each language on this installation. */
  languages: LanguageListing;
  /** Single-use tokens that open a speech WebSocket from a browser (POST /api/v1/tts/ws-token). */
  socketTokens: SocketTokens;
  idempotency: IdempotencyService;
  /** What this process does: `api` takes requests, `worker` synthesizes, `all` both. */
  role: Role;
  /** This process's id: holder of its reservations, name of its lease. */
  processId: string;
  queue: SpeechQueue;
  /** Prometheus metrics, fed by the pipeline, the ledger and the app's response hook. */
  metrics: Metrics;
  /**
   * Settles or refunds the paid work dead processes left open (then periodically, with several
   * processes), resumes unfinished uploads, warms the engines and starts working the Redis queue;
   * the server calls it after listening. Only the server: an admin command must not refund the
   * running server's reservations.
   */
  start(log?: StartLog): Promise<StartReport>;
  /** Closes everything in reverse order of creation. */
  close(): Promise<void>;
}

/** Where start-up and the queue worker report (the server's logger). */
export interface StartLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Several processes need a database and a queue they all reach: PostgreSQL (SQLite is one
 * process's file, and its reconciliation counts every other holder as dead) and Redis.
 */
export function checkRole(role: Role, config: Readonly<Config>): void {
  const sqlite = config.databaseUrl.startsWith('sqlite:');
  if (role !== 'all' && sqlite) {
    throw new Error(`--role ${role} runs beside other processes and needs PostgreSQL: set DATABASE_URL=postgres://… (SQLite is a single-process database)`);
  }
  if (role !== 'all' && !config.redisUrl) {
    throw new Error(`--role ${role} needs REDIS_URL: API and worker processes share the speech queue through Redis`);
  }
  if (config.redisUrl && sqlite) {
    throw new Error('REDIS_URL spreads work over several processes, which needs PostgreSQL: set DATABASE_URL=postgres://… or unset REDIS_URL');
  }
}

/** What start-up found left over by a previous process. */
export interface StartReport {
  reconciled: ReconcileResult;
  resumedUploads: number;
  /** Idempotency keys a dead process had claimed, freed so retries can run. */
  releasedIdempotencyKeys: number;
}

export async function buildContainer(baseConfig: Readonly<Config>, role: Role = 'all'): Promise<Container> {
  checkRole(role, baseConfig);
  const processId = newId('proc');
  const multiProcess = baseConfig.redisUrl !== null;
  // Whatever is in the temp folder belongs to a previous run that died mid-work. Alone, a process
  // owns the data folder; beside others sharing it, it takes a subfolder of its own.
  const config: Readonly<Config> = multiProcess
    ? Object.freeze({ ...baseConfig, tempDir: path.join(baseConfig.tempDir, processId) })
    : baseConfig;
  // Shared stores first: an unreachable bucket or Redis fails start-up with a message naming it.
  // Their client libraries (AWS SDK, ioredis, BullMQ: ~9 MB of heap) load only when configured.
  // A stack started at once may start this process first: STARTUP_WAIT_SECONDS (startup-wait.ts).
  const wait = config.startupWaitMs;
  const s3 = config.s3;
  const blobs: BlobStore = s3
    ? await whenReachable('S3', wait, async () => (await import('./storage/s3-blob-store.js')).S3BlobStore.open(s3))
    : new LocalDiskBlobStore(path.join(config.dataDir, 'blobs'));
  const redisUrl = config.redisUrl;
  const rateLimiter: RateLimiter = redisUrl
    ? await whenReachable('Redis', wait, async () => (await import('./ratelimit/redis-rate-limiter.js')).RedisRateLimiter.connect(redisUrl))
    : new MemoryRateLimiter();
  const database = await whenReachable('The database', wait, () => openMigrated(config.databaseUrl));
  // Before any reservation is taken: its holder must be seen alive by other processes' sweeps.
  await database.holdLease(processId);
  // Only now, lease held: another process's start-up sweep removes the temp folders of processes
  // without a lease, and would take one made before it (seen in CI as flite's mkdtemp ENOENT).
  await rm(config.tempDir, { recursive: true, force: true });
  await mkdir(config.tempDir, { recursive: true });
  const store = new Store(database.db, database.rowReader, database.commitWithoutWaiting);
  // Syntheses in this process (in-process jobs, streaming) share one fair queue and its limits.
  const localQueue = new FairQueue(config.queue.concurrency, config.queue.maxWaiting);
  const metrics = new Metrics(() => localQueue.stats);
  const ledger = new PointsLedger(
    store,
    { holder: processId, isAlive: (holder) => database.leaseHeld(holder) },
    metrics.ledger,
  );
  const engines = new EngineRegistry(config);
  // Experimental languages are spoken in the closest language an installed engine speaks.
  const pipeline = new SpeechPipeline(engines, fallbackSpeechLanguage, metrics.synthesis);
  const denoise = (audio: PcmAudio) => enhanceSpeech(audio);
  // Encoded audio of `pending` generations, on this process's disk until it is uploaded.
  const spool = new Spool(path.join(config.dataDir, 'spool'));
  const runner = new SpeechJobRunner({
    config,
    store,
    pipeline,
    blobs,
    enhance: denoise,
    keepAudio: !multiProcess,
    ...(multiProcess ? {} : { spool }),
  });
  const queue: SpeechQueue = config.redisUrl
    ? new (await import('./queue/bull-queue.js')).BullJobQueue({
        redisUrl: config.redisUrl,
        maxWaiting: config.queue.maxWaiting,
        jobTimeoutMs: config.queue.jobTimeoutMs,
      })
    : new InProcessJobQueue(localQueue, runner.run);
  const { callers, changes } = await callerSharing(config, database, role);
  const accounts = new AccountService(store, { callers, ...(changes ? { changes } : {}) });
  const lexicons = new LexiconService(new LexiconStore(database.db));
  const generations = new GenerationService({
    lexicons,
    config,
    store,
    ledger,
    voices: new VoiceDirectory(store),
    queue,
    pipeline,
    localQueue,
    blobs,
    spool,
    enhance: denoise,
    generated: metrics.generated,
  });
  // One limit on concurrent recording decodes for the whole process: each ffmpeg may hold hundreds of MB.
  const decodes = new FairQueue(DECODE_LIMITS.concurrency, DECODE_LIMITS.maxWaiting);
  const modelFolders = [...config.modelsSearchPath, config.modelsDir];
  const cloneFitter = new CloneFitter(() => engines.available(), modelFolders);
  // Clone refinement: queued by API processes, run by whoever works the queue (one process, or the workers).
  const refinementQueue: RefinementQueue = config.redisUrl
    ? new (await import('./queue/bull-refinement-queue.js')).BullRefinementQueue({
        redisUrl: config.redisUrl,
        concurrency: role === 'api' ? 0 : config.refine.concurrency,
        lockMs: config.queue.lockMs,
      })
    : new InProcessRefinementQueue(config.refine.concurrency);
  const refiner = new CloneRefiner(config);
  const refinements = new RefinementService({
    config,
    store,
    refinements: new RefinementStore(database.db),
    queue: refinementQueue,
    recording: async (key) => decodeWav(await buffer(await blobs.read(key))),
    run: (run) => refiner.run(run),
  });
  const clones = new CloneService({
    config,
    store,
    accounts,
    blobs,
    decodes,
    fitter: cloneFitter,
    refinements,
    refinementTarget: async (identity, clone) =>
      refinementTarget(
        identity,
        clone,
        await engines.available(),
        findPackFile(modelFolders, SPEAKER_ENCODER_PACK, [SPEAKER_ENCODER_FILE]) !== null,
      ),
  });
  const designs = new DesignService({ config, store, accounts, ledger, queue, blobs, decodes });
  const library = new VoiceLibrary(store, accounts, designs, refinements);
  const idempotency = new IdempotencyService(new IdempotencyStore(database.db), ledger.holder, Date.now, (holder) =>
    database.leaseHeld(holder),
  );
  // Expired design previews and their audio, and idempotency keys past 24 h, are removed every minute.
  const sweeper = setInterval(() => {
    void designs.sweepExpired().catch(() => undefined);
    void idempotency.sweepExpired().catch(() => undefined);
  }, 60_000);
  sweeper.unref();
  const kinds = () => ({ generation: generations.reservationKind(), design_batch: designs.reservationKind() });
  let reconciler: NodeJS.Timeout | undefined;
  let worker: { close(): Promise<void> } | undefined;
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
    lexicons,
    clones,
    designs,
    library,
    languages: new LanguageListing(pipeline),
    socketTokens: new SocketTokens(),
    role,
    processId,
    queue,
    idempotency,
    metrics,
    async start(log) {
      const reconciled: ReconcileResult = role === 'worker' ? { settled: [], refunded: [] } : await ledger.reconcile(kinds());
      // After reconciliation: dead processes' paid work is refunded (or settled) by now, so a retry may run.
      const releasedIdempotencyKeys = role === 'worker' ? 0 : await idempotency.releaseAbandoned();
      let resumedUploads = 0;
      if (!multiProcess) {
        // Alone on the data folder: partial writes and spooled audio are a dead predecessor's.
        await blobs.sweepPartialWrites();
        resumedUploads = await generations.resumePending();
      } else {
        await removeDeadTempDirs(baseConfig.tempDir, processId, (holder) => database.leaseHeld(holder));
      }
      if (role !== 'worker' && multiProcess) {
        // Another API process may die at any time: its open work is closed once its lease is gone.
        reconciler = setInterval(() => {
          ledger
            .reconcile(kinds())
            .then(async (r) => {
              if (r.refunded.length + r.settled.length > 0) log?.warn(summarize(r), 'reconciled reservations of a dead process');
              await idempotency.releaseAbandoned();
            })
            .catch((err) => log?.warn({ err }, 'reconciliation failed; retrying at the next interval'));
        }, config.reconcileIntervalMs);
        reconciler.unref();
      }
      if (role !== 'api' && config.engineWarmup) await engines.warm();
      await refinements.start();
      if (role !== 'api' && config.redisUrl) {
        worker = await (await import('./queue/bull-queue.js')).startBullWorker(runner.run, {
          redisUrl: config.redisUrl,
          concurrency: config.queue.concurrency,
          lockMs: config.queue.lockMs,
          name: `${os.hostname()}:${process.pid}:${processId}`,
          onEvent: (event, jobId, data, err) => {
            const job = data as { reservationId: string; storeAt: string | null };
            const fields = { job: jobId, reservation: job.reservationId, audio: job.storeAt, worker: processId };
            if (event === 'failed') log?.warn({ ...fields, err }, 'speech job failed');
            else log?.info(fields, `speech job ${event}`);
          },
        });
      }
      return { reconciled, resumedUploads, releasedIdempotencyKeys };
    },
    async close() {
      clearInterval(sweeper);
      clearInterval(reconciler);
      // The worker finishes its running jobs first (SIGTERM): none is left for the stalled check.
      await worker?.close();
      await queue.close();
      await generations.drain();
      await refinements.close();
      refiner.close();
      await cloneFitter.close();
      await engines.close();
      await rateLimiter.close();
      await changes?.close();
      await blobs.close();
      await database.close();
    },
  };
}

/** Log fields of a reconciliation: which reservations, what they paid for, how many points. */
export function summarize(r: ReconcileResult) {
  return {
    refunded: r.refunded.map((row) => ({ id: row.id, ref: `${row.ref_type}/${row.ref_id}`, points: Number(row.amount) })),
    settled: r.settled.map((row) => row.id),
  };
}

/**
 * Changes arrive in milliseconds (NOTIFY), or within 100 ms (SQLite: data_version, read at most that often); the TTL
 * only bounds the harm of a message lost in transit, in ms.
 */
const CALLER_TTL_MS = 30_000;

/**
 * The caller cache and how changes reach it: PostgreSQL LISTEN/NOTIFY whenever the database is
 * PostgreSQL (one or many processes, the CLI included); on SQLite the process's own clear, and
 * the file's data_version for commits of other processes.
 * Workers authenticate nobody, so they neither cache nor listen.
 */
async function callerSharing(config: Readonly<Config>, database: DatabaseHandle, role: Role) {
  if (database.dialect !== 'postgres') {
    // The admin CLI writes from another process: data_version tells a lookup within 100 ms.
    return { callers: new CallerCache({ ttlMs: CALLER_TTL_MS, commitsElsewhere: database.commitsElsewhere }), changes: null };
  }
  const changes: CallerChanges = new PgCallerChanges(config.databaseUrl, database.db);
  if (role === 'worker') return { callers: new CallerCache({ ttlMs: 0 }, false), changes };
  // Not live until LISTEN runs: nothing is cached before changes can be heard.
  const callers = new CallerCache({ ttlMs: CALLER_TTL_MS }, false);
  await changes.subscribe(
    () => callers.clear(),
    (live) => callers.setLive(live),
  );
  return { callers, changes };
}

/** Removes the temp subfolders of processes that are gone (kill -9 leaves them behind). */
async function removeDeadTempDirs(root: string, own: string, alive: (holder: string) => Promise<boolean>): Promise<void> {
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (name !== own && name.startsWith('proc_') && !(await alive(name))) {
      await rm(path.join(root, name), { recursive: true, force: true });
    }
  }
}
