import type { PcmAudio } from '../../audio/pcm.js';
import type { Config } from '../../config.js';
import type { Store } from '../../db/store.js';
import type { FairQueue } from '../../queue/fair-queue.js';
import type { SpeechPipeline } from '../../speech/pipeline.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Spool } from '../../storage/spool.js';
import type { LexiconService } from '../lexicons/lexicons.js';
import type { PointsLedger } from '../accounts/points.js';
import type { SpeechQueue } from './speech-jobs.js';
import type { VoiceDirectory } from '../voices/voice-directory.js';

/** What the generation service and long speech are built from (the container provides it). */
export interface GenerationDeps {
  config: Readonly<Config>;
  store: Store;
  ledger: PointsLedger;
  voices: VoiceDirectory;
  /** Reads `lexicon_ids`; without it a request naming lexicons is refused (501). */
  lexicons?: LexiconService;
  /** Synthesis and encoding (and across processes, storing) run as queued jobs (SpeechJobRunner). */
  queue: SpeechQueue;
  /**
   * Streaming synthesizes in the process holding the connection, through this process's fair
   * queue (the one the in-process job queue uses; with Redis, the API process's own).
   */
  pipeline: SpeechPipeline;
  localQueue: FairQueue;
  blobs: BlobStore;
  /** Local files of audio waiting for its upload (in one process; a worker stores at once). */
  spool: Spool;
  /** Optional post-processing (denoise) for `enhance_generation`. */
  enhance: (audio: PcmAudio) => Promise<PcmAudio>;
  /** Told of each generation recorded: its model and the engine that spoke (metrics). */
  generated?: (model: string, engine: string) => void;
}
