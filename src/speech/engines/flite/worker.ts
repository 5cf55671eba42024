import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { workerData } from 'piscina';
import { decodeWav } from '../../../audio/wav.js';
import { AppError } from '../../../errors.js';
import type { WordTiming } from '../../engine.js';
import { type TextToken, tokenizeWhitespace } from '../shared/tokens.js';
import { serveWorkerRequests } from '../../../workers/worker-serve.js';
import { PAUSE, parseSegmentLines, utteranceOffsets } from './segments.js';
import type { FliteSpeaker } from './voices.js';
import { FliteProgram, SANDBOX_DIR } from './wasi.js';
import { fliteWordTimings, spokenPhones } from './word-timings.js';

/**
 * Worker thread running flite (see `wasi.ts`). Requests are handled one at a time; the only state
 * kept between them is the compiled program and a cache of token → phones (pure lexicon data).
 */

export interface FliteJob {
  text: string;
  voice: FliteSpeaker['id'];
  kind: FliteSpeaker['kind'];
  /** flite `duration_stretch`: 2 = twice as slow. */
  durationStretch: number;
  /** Multiplier on the voice's F0 (`f0_shift`), or null to leave it. */
  f0Shift: number | null;
  /** `int_f0_target_stddev` in Hz, or null to leave the voice's own intonation range. */
  f0StddevHz: number | null;
}

export type FliteRequest = { kind: 'warm' } | { kind: 'synthesize'; job: FliteJob };

export interface FliteWorkerResult {
  samples: Float32Array;
  sampleRate: number;
  words: WordTiming[];
}

export interface FliteWorkerData {
  /** Folder in which each worker makes its own scratch folder. */
  scratchParent: string;
}

/** The voice used to look up token phones: the fastest, and it shares the CMU lexicon with the rest. */
const LOOKUP_VOICE = 'kal';
const PHONE_CACHE_LIMIT = 50_000;
/** Tokens looked up one run each when a batched lookup cannot be matched back to its tokens. */
const SINGLE_LOOKUP_LIMIT = 200;
const WARM_TEXT = 'Warming up: the quick brown fox, 42 times.';

const { scratchParent } = workerData as FliteWorkerData;
const program = FliteProgram.load();
program.catch(() => undefined);

const phoneCache = new Map<string, string[]>();

/** One request's flite program and scratch folder (made per request, removed after it). */
interface Run {
  flite: FliteProgram;
  scratchDir: string;
}

/** Runs flite with files in the scratch folder; throws a provider error on a non-zero exit. */
function runFlite(run: Run, args: string[]): string {
  const { exitCode, stdout, stderr } = run.flite.run(args, run.scratchDir);
  if (exitCode !== 0) {
    throw new AppError(
      'provider_error',
      `flite exited with code ${exitCode}: ${stderr.trim().slice(0, 200)}`,
      {
        retryable: false,
      },
    );
  }
  return stdout;
}

/**
 * The text as flite reads it: control characters and exotic spaces become plain spaces, and a run
 * of whitespace with a blank line stays a blank line (flite ends an utterance there).
 */
function fliteText(text: string): string {
  const cleaned = text.replace(/\p{Cc}/gu, (character) => (/\s/.test(character) ? character : ' '));
  return `${cleaned.replace(/\s+/gu, (run) => (/\n[^\n]*\n/.test(run) ? '\n\n' : ' ')).trim()}\n`;
}

/** Phones of each token said on its own, from the cache or from one flite run per batch. */
function lookUpPhones(run: Run, tokens: readonly TextToken[]): string[][] {
  const missing = [...new Set(tokens.map((token) => token.text))].filter((text) => !phoneCache.has(text));
  if (missing.length > 0) {
    if (phoneCache.size + missing.length > PHONE_CACHE_LIMIT) phoneCache.clear();
    const found = lookUpBatch(run, missing);
    if (found !== null) {
      missing.forEach((text, index) => {
        phoneCache.set(text, found[index] ?? []);
      });
    } else {
      missing.forEach((text, index) => {
        const single = index < SINGLE_LOOKUP_LIMIT ? lookUpBatch(run, [text]) : null;
        // Last resort: letters stand in for phones, which makes the alignment proportional.
        phoneCache.set(text, single?.[0] ?? [...text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')]);
      });
    }
  }
  return tokens.map((token) => phoneCache.get(token.text) ?? []);
}

/** One utterance per token (a blank line forces an utterance break); null if counts disagree. */
function lookUpBatch(run: Run, texts: readonly string[]): string[][] | null {
  writeFileSync(
    path.join(run.scratchDir, 'lookup.txt'),
    `${texts.map((text) => fliteText(text).trim()).join('\n\n')}\n`,
  );
  const stdout = runFlite(run, [
    '-voice',
    LOOKUP_VOICE,
    '-psdur',
    '-f',
    `${SANDBOX_DIR}/lookup.txt`,
    '-o',
    'none',
  ]);
  const utterances = parseSegmentLines(stdout);
  if (utterances.length !== texts.length) return null;
  return utterances.map((utterance) =>
    utterance.filter((segment) => segment.phone !== PAUSE).map((segment) => segment.phone),
  );
}

function synthesize(flite: FliteProgram, job: FliteJob): FliteWorkerResult {
  const run: Run = { flite, scratchDir: mkdtempSync(path.join(scratchParent, 'voicelib-flite-')) };
  try {
    return synthesizeIn(run, job);
  } finally {
    rmSync(run.scratchDir, { recursive: true, force: true });
  }
}

function synthesizeIn(run: Run, job: FliteJob): FliteWorkerResult {
  const tokens = tokenizeWhitespace(job.text);
  const args = ['-voice', job.voice, '--setf', `duration_stretch=${job.durationStretch.toFixed(4)}`];
  if (job.f0Shift !== null) args.push('--setf', `f0_shift=${job.f0Shift.toFixed(4)}`);
  if (job.f0StddevHz !== null) args.push('--setf', `int_f0_target_stddev=${job.f0StddevHz.toFixed(2)}`);
  // Text always goes through a file (ENGINES.md: long `-t` arguments crashed; see wasi.ts for why).
  writeFileSync(path.join(run.scratchDir, 'input.txt'), fliteText(job.text));
  const wavFile = path.join(run.scratchDir, 'output.wav');
  const stdout = runFlite(run, [
    ...args,
    '-psdur',
    '-f',
    `${SANDBOX_DIR}/input.txt`,
    '-o',
    `${SANDBOX_DIR}/output.wav`,
  ]);
  const audio = decodeWav(readFileSync(wavFile));

  const audioSeconds = audio.samples.length / audio.sampleRate;
  const utterances = parseSegmentLines(stdout);
  const { offsets, scale } = utteranceOffsets(utterances, job.kind, audioSeconds);
  const spoken = spokenPhones(utterances, offsets, scale);
  const words = fliteWordTimings(tokens, spoken, lookUpPhones(run, tokens), audioSeconds);
  return { samples: audio.samples, sampleRate: audio.sampleRate, words };
}

export default serveWorkerRequests<FliteRequest, FliteWorkerResult>('flite', async (request) => {
  const flite = await program;
  if (request.kind === 'warm') {
    const job: FliteJob = {
      text: WARM_TEXT,
      voice: 'slt',
      kind: 'clustergen',
      durationStretch: 1,
      f0Shift: null,
      f0StddevHz: null,
    };
    synthesize(flite, job);
    return { result: { samples: new Float32Array(0), sampleRate: 0, words: [] } };
  }
  const result = synthesize(flite, request.job);
  return { result, transfer: [result.samples.buffer as ArrayBuffer] };
});
