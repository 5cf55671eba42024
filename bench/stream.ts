/**
 * `npm run bench:stream` (issue 31): time from the first text chunk to the first audio byte over the
 * speech WebSocket (`/api/v1/tts/ws`) with the text arriving at LLM pace (20 tokens a second), for
 * v-pro and v-flash, next to two baselines measured in the same run: the first phrase synthesized by
 * the engine alone, in process (the floor), and the first phrase alone through
 * `POST /api/v1/tts/stream` (time to its first byte). And naturalness (NISQA) of the
 * streamed whole against the same text synthesized in one request, and the same comparison by a
 * second judge, DNSMOS (bench/dnsmos.ts). `BENCH_STREAM_RUNS` (7) runs per model and text.
 */
import WebSocket from 'ws';
import type { PcmAudio } from '../src/audio/pcm.js';
import { s16leToFloats } from '../src/audio/pcm16.js';
import { fmt, goal, goalTable, median, percentile, section, table } from './common.js';
import { PhraseBuffer } from '../src/domain/generations/phrases.js';
import { findPreset } from '../src/voices/catalog/catalog.js';
import { dnsmosModel, dnsmosScores } from './dnsmos.js';
import { nisqaScorer, nisqaScores } from './nisqa.js';
import { type BenchServer, startBenchServer } from './setup.js';

const RUNS = Number(process.env['BENCH_STREAM_RUNS'] ?? 7);
const TOKENS_PER_SECOND = 20;
/**
 * Two replies: one opening as many do ("Well, ..."), so its first clause is a word long, and one whose
 * first clause boundary comes only after nine words, the slow case for a phrase cut at clauses.
 */
const TEXTS = [
  'Well, hello there my friend, this reply arrives token by token from a language model. ' +
    'It has a second sentence too, and then it ends with a short third one.',
  'The train to the coast leaves from platform four, so you have about twenty minutes. ' +
    'Buy your ticket at the machine before you board.',
];
const RATE = 24_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pcm(bytes: Buffer): PcmAudio {
  return { sampleRate: RATE, samples: s16leToFloats(bytes) };
}

/** Rows of one judge's scores, in `scored`'s order with streamed and whole alternating: streamed, whole, difference. */
function judged(scores: readonly number[]): string[][] {
  return scored.map((s, i) => [s.label, fmt(scores[2 * i]!, 2), fmt(scores[2 * i + 1]!, 2), fmt(scores[2 * i]! - scores[2 * i + 1]!, 2)]);
}

/** The first phrase as the service cuts `text` arriving token by token (phrases.ts). */
function firstPhraseOf(text: string): string {
  const buffer = new PhraseBuffer();
  for (const token of tokensOf(text)) {
    const [first] = buffer.push(token);
    if (first !== undefined) return first;
  }
  return buffer.flush() ?? '';
}

/** An LLM's tokens, as the bench sends them: a word with its space. */
function tokensOf(text: string): string[] {
  return text.split(/(?<= )/);
}

/** One socket: tokens at LLM pace; ms from the first text frame to the first audio byte, and the audio. */
async function socketRun(bench: BenchServer, model: string, text: string): Promise<{ firstMs: number; totalMs: number; audio: Buffer }> {
  const url = `${bench.server.url.replace('http', 'ws')}/api/v1/tts/ws?voice=${bench.voice}&model=${model}&format=PCM&sample_rate=${RATE}`;
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${bench.key}` } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const chunks: Buffer[] = [];
  let started = 0;
  let first = 0;
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return;
    if (first === 0) first = performance.now();
    chunks.push(Buffer.from(data as Buffer));
  });
  for (const [i, token] of tokensOf(text).entries()) {
    if (i === 0) started = performance.now();
    ws.send(JSON.stringify({ type: 'text', text: token }));
    await sleep(1000 / TOKENS_PER_SECOND);
  }
  ws.send(JSON.stringify({ type: 'close' }));
  await closed;
  return { firstMs: first - started, totalMs: performance.now() - started, audio: Buffer.concat(chunks) };
}

/** `text` through POST /api/v1/tts/stream: ms to the first byte, and the audio. */
async function oneRequest(bench: BenchServer, model: string, text: string): Promise<{ firstMs: number; audio: Buffer; engine: string }> {
  const t0 = performance.now();
  const res = await fetch(`${bench.server.url}/api/v1/tts/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text, voice: bench.voice, model, format: 'PCM', sample_rate: RATE }),
  });
  const reader = res.body!.getReader();
  const chunks: Buffer[] = [];
  let firstMs = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    if (chunks.length === 0) firstMs = performance.now() - t0;
    chunks.push(Buffer.from(r.value));
  }
  return { firstMs, audio: Buffer.concat(chunks), engine: res.headers.get('x-voice-engine') ?? '' };
}

/**
 * The floor: `text` synthesized by `engine` alone, in this process, with the voice's own realization
 * on that engine (no HTTP, queue, text preparation or encoding); ms for the whole phrase.
 */
async function engineAlone(bench: BenchServer, engineId: string, text: string): Promise<number> {
  const preset = findPreset(bench.voice)!;
  const realization = preset.identity.engines?.[engineId];
  const engine = await bench.server.container.engines.get(engineId);
  const t0 = performance.now();
  await engine.synthesize({ text, language: preset.language_code, voice: realization ?? { id: engineId }, speed: 1, variation: 0.5 });
  return performance.now() - t0;
}

const bench = await startBenchServer();
section(`Streamed text: first audio over /api/v1/tts/ws (${TOKENS_PER_SECOND} tokens/s, ${RUNS} runs per model and text)`);
const rows: string[][] = [];
const goals: string[][] = [];
const scored: Array<{ label: string; streamed: PcmAudio; whole: PcmAudio }> = [];
for (const [t, text] of TEXTS.entries()) {
  const firstPhrase = firstPhraseOf(text);
  console.log(`Text ${t + 1} (${text.length} characters, ${fmt((tokensOf(text).length / TOKENS_PER_SECOND) * 1000)} ms to arrive): "${text}"`);
  console.log(`  first phrase as the service cuts it: "${firstPhrase}"`);
  for (const model of ['v-pro', 'v-flash']) {
    await socketRun(bench, model, text); // warm: the voice's first synthesis loads its session
    const { engine } = await oneRequest(bench, model, firstPhrase);
    await engineAlone(bench, engine, firstPhrase);
    const floor: number[] = [];
    const alone: number[] = [];
    const first: number[] = [];
    const total: number[] = [];
    let streamed: Buffer = Buffer.alloc(0);
    for (let i = 0; i < RUNS; i++) {
      floor.push(await engineAlone(bench, engine, firstPhrase));
      alone.push((await oneRequest(bench, model, firstPhrase)).firstMs);
      const run = await socketRun(bench, model, text);
      first.push(run.firstMs);
      total.push(run.totalMs);
      streamed = run.audio;
    }
    floor.sort((a, b) => a - b);
    alone.sort((a, b) => a - b);
    first.sort((a, b) => a - b);
    rows.push([
      String(t + 1),
      model,
      engine,
      fmt(median(floor)),
      fmt(median(alone)),
      fmt(median(first)),
      fmt(percentile(first, 90)),
      fmt(median(total)),
      fmt(streamed.length / 2 / RATE, 1),
    ]);
    const target = model === 'v-pro' ? 300 : 150;
    goals.push(goal(`text ${t + 1}, ${model}: first audio p50 over the WebSocket (ms)`, median(first), `≤ ${target}`, median(first) <= target, 0));
    scored.push({ label: `text ${t + 1}, ${model}`, streamed: pcm(streamed), whole: pcm((await oneRequest(bench, model, text)).audio) });
  }
}
console.log('');
table(
  ['text', 'model', 'engine', 'first phrase, engine alone ms (floor)', 'first phrase alone, TTFB ms (baseline)', 'socket: first audio p50 ms', 'p90 ms', 'socket: last byte ms', 'audio s'],
  rows,
  ['r', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
);

const scorer = nisqaScorer();
if ('missing' in scorer) {
  console.log(`\nNISQA: not measured (${scorer.missing})`);
} else {
  const scores = await nisqaScores(scored.flatMap((s) => [s.streamed, s.whole]));
  console.log('');
  table(['text, model', 'NISQA streamed (phrases joined)', 'NISQA whole', 'difference'], judged(scores), ['l', 'r', 'r', 'r']);
  for (const [i, s] of scored.entries()) {
    const diff = Math.abs(scores[2 * i]! - scores[2 * i + 1]!);
    goals.push(goal(`${s.label}: NISQA streamed within 0.1 of whole`, diff, '≤ 0.10', diff <= 0.1));
  }
}
// The second judge (bench/dnsmos.ts): a join NISQA does not hear should not be heard by DNSMOS either.
const dnsmos = dnsmosModel();
if ('missing' in dnsmos) {
  console.log(`\nDNSMOS: not measured (${dnsmos.missing})`);
} else {
  const scores = await dnsmosScores(scored.flatMap((s) => [s.streamed, s.whole]));
  console.log('');
  table(['text, model', 'DNSMOS overall, streamed', 'DNSMOS overall, whole', 'difference'], judged(scores.map((s) => s.ovrl)), ['l', 'r', 'r', 'r']);
}
goalTable(goals);
await bench.server.close();
