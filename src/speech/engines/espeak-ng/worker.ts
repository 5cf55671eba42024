import type { WordTiming } from '../../engine.js';
import { type TextToken, tokenizeWhitespace } from '../shared/tokens.js';
import { serveWorkerRequests } from '../../../workers/worker-serve.js';
import { alignWords, escapeForEspeak } from './timings.js';
import { ESPEAK_SAMPLE_RATE, type EspeakSettings, EspeakWasm } from './wasm.js';

/**
 * Worker thread owning one espeak-ng instance, run by the engine's piscina pool one request at a time;
 * nothing is shared with other workers or with the main thread except the transferred audio.
 */

export interface EspeakJob {
  /** Plain text to speak (the worker escapes it for espeak). */
  text: string;
  /**
   * The words timings are reported for, with code point offsets into `text`; default: the
   * whitespace tokens of `text`. A prepared text (Japanese read as kana) gives the words as
   * written with the offsets of their readings.
   */
  tokens?: TextToken[];
  settings: EspeakSettings;
  wordGapSeconds: number;
}

export type WorkerRequest = { kind: 'warm' } | { kind: 'synthesize'; job: EspeakJob };

export interface WorkerResult {
  samples: Float32Array;
  sampleRate: number;
  words: WordTiming[];
}

// Sentences for warm-up: the engine is JavaScript (wasm2js) and V8 needs several runs before its
// optimized code settles; the first synthesis is ~10x slower than the sixth.
const WARM_TEXT = 'The quick brown fox jumps over the lazy dog, and then it rests. Is that 42 or 7.5?';
const WARM_RUNS = 6;

const engine = EspeakWasm.load();
// Keep an unhandled rejection from killing the thread before the first message reports it.
engine.catch(() => undefined);

function run(wasm: EspeakWasm, job: EspeakJob): { samples: Float32Array; words: WordTiming[] } {
  const tokens = job.tokens ?? tokenizeWhitespace(job.text);
  const { escaped, origin } = escapeForEspeak(job.text);
  const raw = wasm.synthesize(escaped, job.settings);
  return alignWords({
    tokens,
    origin,
    events: raw.words,
    samples: raw.samples,
    sampleRate: ESPEAK_SAMPLE_RATE,
    wordGapSeconds: job.wordGapSeconds,
  });
}

export default serveWorkerRequests<WorkerRequest, WorkerResult>('espeak-ng', async (request) => {
  const wasm = await engine;
  if (request.kind === 'warm') {
    const settings = { voice: 'gmw/en-US', rate: 175, pitch: 50, range: 50 };
    for (let i = 0; i < WARM_RUNS; i += 1) run(wasm, { text: WARM_TEXT, settings, wordGapSeconds: 0 });
    return { result: { samples: new Float32Array(0), sampleRate: 0, words: [] } };
  }
  const { samples, words } = run(wasm, request.job);
  return { result: { samples, sampleRate: ESPEAK_SAMPLE_RATE, words }, transfer: [samples.buffer as ArrayBuffer] };
});
