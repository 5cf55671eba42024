import type { PcmAudio } from '../../../audio/pcm.js';
import type { SpeakerEncoder } from '../../../audio/analysis/speaker/speaker-encoder.js';
import type { NaturalnessJudge } from '../../../audio/analysis/naturalness/naturalness-judge.js';
import { concatPcm } from '../../../audio/silence.js';
import type { SpeechEngine, VoiceSpace } from '../../../speech/engine.js';
import { splitSentences } from '../../../speech/sentences.js';
import type { EngineRealization } from '../../../speech/voice-identity.js';
import { checkText, probeText } from '../../probe-texts.js';
import { type FitMeasure, fitScore, MIN_SELF_SIMILARITY, measureFit, type SpeakerTarget } from './fit-score.js';
import { advance, type Evaluated, nextPoints, type SearchState, startSearch } from './trust-region.js';

/**
 * A clone's refinement on one engine: its voice is moved through the engine's voice space
 * (`VoiceSpace`: Kokoro's style axes and pitch) by a trust-region search (trust-region.ts), each
 * point rendered saying two sentences and measured against the recording (fit-score.ts). It starts
 * at the clone's instant fit, keeps the best fit found so far (never one less similar to the
 * recording than the start, nor one whose two sentences sound like two people), and reports after
 * every step so the caller can save it and let speech use it at once.
 *
 * Where the naturalness judge is installed (DNSMOS, src/audio/analysis/naturalness), a point the
 * search would move to must also say two other sentences (probe-texts.ts, `checkText`) rated no more
 * than `NATURALNESS_SLACK` under the start saying them; one that does not is never moved to. The
 * judge hears other text than the probes on purpose: a voice fitted to its two probe sentences broke
 * on other text while the judge heard no loss on the probes (docs/voices.md, session 30), so a
 * guard inside the score, on the probes, could not see it. The judge is not what the search climbs,
 * only a bar it must clear, and bench:clones measures naturalness with another judge (NISQA).
 */

/** DNSMOS overall rating a moved voice may lose against the start on the check sentences. */
export const NATURALNESS_SLACK = 0.1;

export interface RefineJob {
  /** The instant fit's realization on `engine`: the search's origin. */
  start: EngineRealization;
  /** The language the voice is spoken in on this engine. */
  language: string;
  /** What the recording says, when known: the probes then say its first two sentences. */
  transcript?: string;
  seed: number;
  /** CPU seconds the refinement may use in all, across restarts. */
  budgetCpuSeconds: number;
  /** Evaluations at most (the start included), whatever CPU is left: a fixed amount of work. */
  maxEvaluations?: number;
}

/** Everything needed to continue a refinement elsewhere: saved after each step. */
export interface RefineCheckpoint {
  search: SearchState;
  cpuSeconds: number;
  /** Similarity of the start (the instant fit) and of the best point so far. */
  startSimilarity: number;
  /** The start's DNSMOS rating on the check sentences, once a judge has rated it. */
  startNaturalness?: number;
  best: {
    realization: EngineRealization;
    similarity: number;
    measure: Omit<FitMeasure, 'outputs'>;
    /** Its rating on the check sentences, when the judge rated it. */
    naturalness?: number;
  };
}

export interface RefineOptions {
  engine: SpeechEngine;
  space: VoiceSpace;
  encoder: SpeakerEncoder;
  /** Rates points on the check sentences before the search moves to them; without it, none is. */
  judge?: NaturalnessJudge | null;
  target: SpeakerTarget;
  job: RefineJob;
  /** A saved state to continue from. */
  checkpoint?: RefineCheckpoint;
  /** CPU seconds used by this process so far (`process.cpuUsage`), to charge the budget. */
  cpuSeconds: () => number;
  /** Called after every step; resolving false stops the refinement (the voice was deleted). */
  onCheckpoint: (checkpoint: RefineCheckpoint) => Promise<boolean>;
}

/** Runs until the budget is spent or `onCheckpoint` says stop; resolves with the last checkpoint. */
export async function refineClone(options: RefineOptions): Promise<RefineCheckpoint> {
  const { engine, space, encoder, target } = options;
  // The search hears the engine alone, so the voice it finds is spoken without any transform after
  // the engine (the instant fit's pitch shift beyond the engine's reach: the pitch axis and the pitch
  // term of the score take that over). Empty, not absent: absent, the identity's would apply.
  const job = { ...options.job, start: { ...options.job.start, transform: {} } };
  const texts = probeSentences(job.language, job.transcript);
  const spread = space.spreadFrom(job.start);
  const spentBefore = options.checkpoint?.cpuSeconds ?? 0;
  const clockStart = options.cpuSeconds();
  const spent = () => spentBefore + options.cpuSeconds() - clockStart;
  const maxEvaluations = job.maxEvaluations ?? Number.POSITIVE_INFINITY;

  const say = async (point: readonly number[], sentences: readonly string[]): Promise<PcmAudio[]> => {
    const voice = space.move(job.start, point);
    const parts: PcmAudio[] = [];
    for (const text of sentences) {
      parts.push((await engine.synthesize({ text, language: job.language, voice, speed: 1, variation: 0.5 })).audio);
    }
    return parts;
  };
  const render = async (point: readonly number[]): Promise<FitMeasure | null> => measureFit(encoder, await say(point, texts), target);
  const checks = splitSentences(checkText(job.language) ?? '');
  const judge = checks.length > 0 ? (options.judge ?? null) : null;
  /** The point's DNSMOS overall rating saying the check sentences (NaN when the judge hears nothing). */
  const rate = async (point: readonly number[]): Promise<number> =>
    (await judge!.rate(concatPcm(await say(point, checks))))?.ovrl ?? Number.NaN;
  let startSimilarity = options.checkpoint?.startSimilarity ?? Number.NaN;
  const evaluate = async (point: number[]): Promise<Evaluated & { measure: FitMeasure | null }> => {
    const measure = await render(point);
    if (measure === null) return { point, outputs: [], score: Number.NEGATIVE_INFINITY, acceptable: false, measure };
    const acceptable =
      measure.selfSimilarity >= MIN_SELF_SIMILARITY && !(measure.similarity < startSimilarity);
    const rounded = measure.outputs.map((v) => Math.round(v * 1e6) / 1e6);
    return { point, outputs: rounded, score: fitScore(rounded, target, spread(point)), acceptable, measure };
  };

  let checkpoint = options.checkpoint;
  const origin = new Array<number>(space.dimensions).fill(0);
  if (checkpoint === undefined) {
    const first = await evaluate(origin);
    if (first.measure === null) throw new Error('the start voice renders no speech the encoder hears');
    startSimilarity = first.measure.similarity;
    checkpoint = {
      search: startSearch({ ...first, acceptable: true }, job.seed),
      cpuSeconds: spent(),
      startSimilarity,
      best: { realization: job.start, similarity: startSimilarity, measure: withoutOutputs(first.measure) },
    };
    if (!(await options.onCheckpoint(checkpoint))) return checkpoint;
  }
  // Rated once, at the first start with a judge (a search begun without one is judged from here on).
  if (judge !== null && checkpoint.startNaturalness === undefined) {
    const startNaturalness = await rate(origin);
    if (Number.isFinite(startNaturalness)) checkpoint = { ...checkpoint, startNaturalness };
  }
  const floor = checkpoint.startNaturalness === undefined ? undefined : checkpoint.startNaturalness - NATURALNESS_SLACK;
  const score = (outputs: ArrayLike<number>, point: readonly number[]) => fitScore(outputs, target, spread(point));
  const more = (done: number) => spent() < job.budgetCpuSeconds && done < maxEvaluations;
  while (more(checkpoint.search.evaluations)) {
    const { points, proposal } = nextPoints(checkpoint.search, score);
    const evaluated: Array<Evaluated & { measure: FitMeasure | null }> = [];
    for (const point of points) {
      if (evaluated.length > 0 && !more(checkpoint.search.evaluations + evaluated.length)) break;
      evaluated.push(await evaluate(point));
    }
    let heard: Evaluated[] = evaluated.filter((e) => e.measure !== null).map(({ measure: _m, ...e }) => e);
    const complete = proposal && heard.length === points.length;
    let search = advance(checkpoint.search, heard, complete);
    // The point the search would move to must say the check sentences naturally enough; one that
    // does not is unacceptable (never moved to) and the next best of the step is judged instead.
    let naturalness: number | undefined;
    while (floor !== undefined && search.current !== checkpoint.search.current) {
      const candidate = search.current;
      naturalness = await rate(candidate.point);
      if (naturalness >= floor) break;
      naturalness = undefined;
      heard = heard.map((e) => (e === candidate ? { ...e, acceptable: false } : e));
      search = advance(checkpoint.search, heard, complete);
    }
    const moved: boolean = search.current !== checkpoint.search.current;
    const winner: { measure: FitMeasure | null } | undefined = moved
      ? evaluated.find((e) => e.point === search.current.point)
      : undefined;
    checkpoint = {
      search,
      cpuSeconds: spent(),
      startSimilarity,
      ...(checkpoint.startNaturalness === undefined ? {} : { startNaturalness: checkpoint.startNaturalness }),
      best:
        winner?.measure
          ? {
              realization: space.move(job.start, search.current.point),
              similarity: winner.measure.similarity,
              measure: withoutOutputs(winner.measure),
              ...(naturalness === undefined ? {} : { naturalness }),
            }
          : checkpoint.best,
    };
    if (!(await options.onCheckpoint(checkpoint))) break;
  }
  return checkpoint;
}

function withoutOutputs(measure: FitMeasure): Omit<FitMeasure, 'outputs'> {
  const { outputs: _outputs, ...rest } = measure;
  return rest;
}

/**
 * The sentences each point says: the recording's own first two sentences when its transcript has
 * them (the comparison is then on the same words), else the language's two probe sentences.
 */
export function probeSentences(language: string, transcript?: string): string[] {
  const own = splitSentences(transcript ?? '').filter((s) => s.length >= 20);
  if (own.length >= 2 && own[0]!.length + own[1]!.length >= 60) return own.slice(0, 2);
  return splitSentences(probeText(language)).slice(0, 2);
}
