import { readFileSync } from 'node:fs';
import type { WordTiming } from '../../engine.js';
import { serveWorkerRequests } from '../../../workers/worker-serve.js';
import { alignWordsByDtw, proportionalWords } from './align.js';
import { PICO_SAMPLE_RATE, PicoWasm } from './pico-wasm.js';

/**
 * Worker thread owning one SVOX Pico module. It synthesizes, then aligns the result to the
 * reference rendering sent along with the job (both CPU-heavy, both off the event loop).
 * Lingware stays loaded between requests, one Pico system per language.
 */

export interface PicoJob {
  /** Lingware files; a language is loaded on first use and kept. */
  textAnalysisPath: string;
  speakerPath: string;
  /** Text in Pico's input form (escaped, with `<speed>`/`<pitch>` markup). */
  picoText: string;
  /** The whitespace tokens of the original text, which the timings are reported for. */
  tokens: string[];
  /** A rendering of the same text with word timings (espeak-ng), or null to share time by letters. */
  reference: { samples: Float32Array; sampleRate: number; words: WordTiming[] } | null;
}

/** `warm` loads the module and, given a job, runs it once (the first synthesis is the slow one). */
export type PicoRequest = { kind: 'warm'; job: PicoJob | null } | { kind: 'synthesize'; job: PicoJob };

export interface PicoWorkerResult {
  samples: Float32Array;
  words: WordTiming[];
}

const pico = PicoWasm.load();
pico.catch(() => undefined);

function voiceKey(job: PicoJob): string {
  return `${job.textAnalysisPath}\n${job.speakerPath}`;
}

function synthesize(wasm: PicoWasm, job: PicoJob): PicoWorkerResult {
  const key = voiceKey(job);
  if (!wasm.hasVoice(key))
    wasm.loadVoice(key, readFileSync(job.textAnalysisPath), readFileSync(job.speakerPath));
  const samples = wasm.synthesize(key, job.picoText);
  const audio = { sampleRate: PICO_SAMPLE_RATE, samples };
  const reference = job.reference;
  const fits =
    reference !== null &&
    reference.words.length === job.tokens.length &&
    reference.words.every((word, index) => word.word === job.tokens[index]);
  const words = fits
    ? alignWordsByDtw(audio, {
        audio: { sampleRate: reference.sampleRate, samples: reference.samples },
        words: reference.words,
      })
    : proportionalWords(audio, job.tokens);
  return { samples, words };
}

export default serveWorkerRequests<PicoRequest, PicoWorkerResult>('SVOX Pico', async (request) => {
  const wasm = await pico;
  if (request.kind === 'warm') {
    if (request.job !== null) synthesize(wasm, request.job);
    return { result: { samples: new Float32Array(0), words: [] } };
  }
  const result = synthesize(wasm, request.job);
  return { result, transfer: [result.samples.buffer as ArrayBuffer] };
});
