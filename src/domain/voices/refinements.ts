import type { PcmAudio } from '../../audio/pcm.js';
import type { Config } from '../../config.js';
import type { RefinementRow, RefinementStore } from '../../db/refinement-store.js';
import type { Store } from '../../db/store.js';
import type { RefinementQueue } from '../../queue/refinement-queue.js';
import type { EngineRealization, VoiceIdentity } from '../../speech/voice-identity.js';
import type { RefineCheckpoint, RefineJob } from '../../voices/clone/refine/refine.js';
import type { RefinementRun } from '../../voices/clone/refine/refiner.js';

/**
 * A clone's refinement in its speaker's voice (docs/voices.md, "Refinement"): after the instant fit
 * answers `POST /voices/clones`, a background job searches the engine's voice space for a voice that
 * sounds more like the recording (voices/clone/refine/). Its state is a database row, saved after
 * every step with the best fit so far, which becomes the voice's realization on that engine in the
 * same transaction: speech always uses the best fit found. A restart continues from the last step;
 * deleting the voice stops it.
 */

/** What the API shows of a refinement. */
export interface RefinementView {
  status: RefinementRow['status'];
  /** Speaker similarity (0-1) of the voice's current fit to its recording; null until measured. */
  similarity: number | null;
  updated_at: string;
}

/** What the clone's fit says can be refined (`CloneFit.refinable`). */
export interface RefinementPlan {
  engine: string;
  start: EngineRealization;
  language: string;
  transcript?: string;
  pitchHz: number;
  /** The recording's speaker embedding as uploaded, before noise removal. */
  heard?: number[];
}

type StoredJob = RefineJob & { engine: string; pitchHz: number; heard?: number[] };

export interface RefinementDeps {
  config: Readonly<Config>;
  store: Store;
  refinements: RefinementStore;
  queue: RefinementQueue;
  /** The stored recording of a clone (its sample), decoded. */
  recording: (sampleKey: string) => Promise<PcmAudio>;
  /** Runs one refinement (in a child process). */
  run: (run: RefinementRun) => Promise<RefineCheckpoint>;
  log?: { warn(obj: object, msg: string): void };
}

export class RefinementService {
  constructor(private readonly deps: RefinementDeps) {}

  /** Queues the refinement of a new clone, unless refinement is off (`REFINE_CONCURRENCY=0` everywhere is not known here: queued anyway). */
  async plan(voiceId: string, accountId: string, plan: RefinementPlan): Promise<RefinementView> {
    const now = new Date().toISOString();
    const what = {
      engine: plan.engine,
      start: plan.start,
      language: plan.language,
      ...(plan.transcript ? { transcript: plan.transcript } : {}),
      pitchHz: plan.pitchHz,
      ...(plan.heard ? { heard: plan.heard.map((v) => Math.round(v * 1e6) / 1e6) } : {}),
    };
    const job: StoredJob = {
      ...what,
      // Seeded by what is refined, not by the voice's id: the same recording cloned twice is refined
      // along the same path to the same voice (and benchmark runs of the same code agree).
      seed: seedOf(JSON.stringify(what)),
      budgetCpuSeconds: this.deps.config.refine.cpuSeconds,
      ...(this.deps.config.refine.maxEvaluations > 0 ? { maxEvaluations: this.deps.config.refine.maxEvaluations } : {}),
    };
    await this.deps.refinements.insert({
      voice_id: voiceId,
      account_id: accountId,
      status: 'queued',
      engine: plan.engine,
      job: JSON.stringify(job),
      similarity: null,
      start_similarity: null,
      cpu_seconds: 0,
      evaluations: 0,
      checkpoint: null,
      error: null,
      created_at: now,
      updated_at: now,
    });
    await this.deps.queue.add(voiceId);
    return { status: 'queued', similarity: null, updated_at: now };
  }

  /** Views of the refinements of `voiceIds` that have one. */
  async views(voiceIds: readonly string[]): Promise<Map<string, RefinementView>> {
    const rows = await this.deps.refinements.summaries(voiceIds);
    return new Map(rows.map((row) => [row.voice_id, viewOf(row)]));
  }

  /** Stops and forgets a voice's refinement (the voice is being deleted). */
  async cancel(voiceId: string): Promise<void> {
    await this.deps.queue.remove(voiceId);
    await this.deps.refinements.delete(voiceId);
  }

  /** Starts working the queue, and queues again what a stopped process left unfinished. */
  async start(): Promise<void> {
    await this.deps.queue.start((voiceId, signal) => this.work(voiceId, signal));
    for (const voiceId of await this.deps.refinements.unfinished()) await this.deps.queue.add(voiceId);
  }

  close(): Promise<void> {
    return this.deps.queue.close();
  }

  /** Runs (or continues) one refinement until it is done, fails, or `signal` stops it. */
  async work(voiceId: string, signal: AbortSignal): Promise<void> {
    const row = await this.deps.refinements.find(voiceId);
    if (row === undefined || row.status === 'done' || row.status === 'failed') return;
    const voice = await this.deps.store.findVoiceById(voiceId);
    if (voice === undefined || voice.sample_key === null) {
      await this.deps.refinements.delete(voiceId);
      return;
    }
    const job = JSON.parse(row.job) as StoredJob;
    const identity = JSON.parse(voice.identity) as VoiceIdentity;
    let best = row.similarity;
    let evaluations = row.evaluations;
    const step = (checkpoint: RefineCheckpoint, status: RefinementRow['status']) => {
      const improved = checkpoint.best.similarity !== best;
      best = checkpoint.best.similarity;
      evaluations = checkpoint.search.evaluations;
      if (improved) identity.engines[job.engine] = checkpoint.best.realization;
      return this.deps.refinements.recordStep(voiceId, {
        status,
        similarity: round(checkpoint.best.similarity),
        start_similarity: round(checkpoint.startSimilarity),
        cpu_seconds: Math.round(checkpoint.cpuSeconds * 10) / 10,
        evaluations,
        checkpoint: JSON.stringify(checkpoint),
        updated_at: new Date().toISOString(),
        ...(improved ? { identity: JSON.stringify(identity) } : {}),
      });
    };
    try {
      const recording = await this.deps.recording(voice.sample_key);
      const last = await this.deps.run({
        job,
        recording,
        ...(row.checkpoint ? { checkpoint: JSON.parse(row.checkpoint) as RefineCheckpoint } : {}),
        onCheckpoint: (checkpoint) => step(checkpoint, 'running'),
        signal,
      });
      await step(last, 'done');
    } catch (error) {
      // Stopped (shutdown, deletion): the row stays as it is, and a restart continues it.
      if (signal.aborted) return;
      this.deps.log?.warn({ err: error, voice: voiceId }, 'clone refinement failed');
      await this.deps.refinements.recordStep(voiceId, {
        status: 'failed',
        similarity: best,
        start_similarity: row.start_similarity,
        cpu_seconds: row.cpu_seconds,
        evaluations,
        checkpoint: null,
        error: error instanceof Error ? error.message : String(error),
        updated_at: new Date().toISOString(),
      });
    }
  }
}

function viewOf(row: Pick<RefinementRow, 'status' | 'similarity' | 'updated_at'>): RefinementView {
  return { status: row.status, similarity: row.similarity, updated_at: row.updated_at };
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}

/** A 32-bit seed from a text (FNV-1a). */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
