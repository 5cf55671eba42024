/**
 * `npm run bench:stream` (issue 31): time from the first text chunk to the first audio byte over the
 * speech WebSocket (`/api/v1/tts/ws`) with the text arriving at LLM pace (20 tokens a second), for
 * v-pro and v-flash, next to the same service's best case measured in the same run: the first phrase
 * alone through `POST /api/v1/tts/stream` (time to its first byte). And naturalness (NISQA) of the
 * streamed whole against the same text synthesized in one request.
 */
import WebSocket from 'ws';
import type { PcmAudio } from '../src/audio/pcm.js';
import { fmt, goal, goalTable, median, percentile, section, table } from './common.js';
import { nisqaScorer, nisqaScores } from './nisqa.js';
import { type BenchServer, startBenchServer } from './setup.js';

const RUNS = Number(process.env['BENCH_STREAM_RUNS'] ?? 7);
const TOKENS_PER_SECOND = 20;
const TEXT =
  'Well, hello there my friend, this reply arrives token by token from a language model. ' +
  'It has a second sentence too, and then it ends with a short third one.';
/** What the service cuts as the first phrase (phrases.ts: a clause once it has four words). */
const FIRST_PHRASE = 'Well, hello there my friend,';
const RATE = 24_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pcm(bytes: Buffer): PcmAudio {
  const samples = new Float32Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
  return { sampleRate: RATE, samples };
}

/** One socket: tokens at LLM pace; ms from the first text frame to the first audio byte, and the audio. */
async function socketRun(bench: BenchServer, model: string): Promise<{ firstMs: number; totalMs: number; audio: Buffer }> {
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
  const tokens = TEXT.split(/(?<= )/);
  for (const [i, token] of tokens.entries()) {
    if (i === 0) started = performance.now();
    ws.send(JSON.stringify({ type: 'text', text: token }));
    await sleep(1000 / TOKENS_PER_SECOND);
  }
  ws.send(JSON.stringify({ type: 'close' }));
  await closed;
  return { firstMs: first - started, totalMs: performance.now() - started, audio: Buffer.concat(chunks) };
}

/** The first phrase alone through POST /api/v1/tts/stream: ms to the first byte. */
async function firstPhraseAlone(bench: BenchServer, model: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${bench.server.url}/api/v1/tts/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: FIRST_PHRASE, voice: bench.voice, model, format: 'PCM', sample_rate: RATE }),
  });
  const reader = res.body!.getReader();
  await reader.read();
  const ms = performance.now() - t0;
  while (!(await reader.read()).done);
  return ms;
}

async function whole(bench: BenchServer, model: string): Promise<Buffer> {
  const res = await fetch(`${bench.server.url}/api/v1/tts/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: TEXT, voice: bench.voice, model, format: 'PCM', sample_rate: RATE }),
  });
  return Buffer.from(await res.arrayBuffer());
}

const bench = await startBenchServer();
section(`Streamed text: first audio over /api/v1/tts/ws (${TOKENS_PER_SECOND} tokens/s, ${RUNS} runs per model)`);
console.log(`Text (${TEXT.length} characters): "${TEXT}"`);
console.log(`First phrase as the service cuts it: "${FIRST_PHRASE}"\n`);
const rows: string[][] = [];
const goals: string[][] = [];
const scored: Array<{ model: string; streamed: PcmAudio; whole: PcmAudio }> = [];
for (const model of ['v-pro', 'v-flash']) {
  await socketRun(bench, model); // warm: the voice's first synthesis loads its session
  await firstPhraseAlone(bench, model);
  const alone: number[] = [];
  const first: number[] = [];
  const total: number[] = [];
  let streamed: Buffer = Buffer.alloc(0);
  for (let i = 0; i < RUNS; i++) {
    alone.push(await firstPhraseAlone(bench, model));
    const run = await socketRun(bench, model);
    first.push(run.firstMs);
    total.push(run.totalMs);
    streamed = run.audio;
  }
  alone.sort((a, b) => a - b);
  first.sort((a, b) => a - b);
  rows.push([
    model,
    fmt(median(alone)),
    fmt(median(first)),
    fmt(percentile(first, 90)),
    fmt(median(total)),
    fmt(streamed.length / 2 / RATE, 1),
  ]);
  goals.push(goal(`${model}: first audio p50 over the WebSocket (ms)`, median(first), model === 'v-pro' ? '≤ 300' : '≤ 150', median(first) <= (model === 'v-pro' ? 300 : 150), 0));
  scored.push({ model, streamed: pcm(streamed), whole: pcm(await whole(bench, model)) });
}
table(
  ['model', 'first phrase alone, TTFB ms (baseline)', 'socket: first audio p50 ms', 'p90 ms', 'socket: last byte ms', 'audio s'],
  rows,
  ['l', 'r', 'r', 'r', 'r', 'r'],
);
console.log(`\n(The text takes ${fmt((TEXT.split(/(?<= )/).length / TOKENS_PER_SECOND) * 1000)} ms to arrive at ${TOKENS_PER_SECOND} tokens/s.)`);

const scorer = nisqaScorer();
if ('missing' in scorer) {
  console.log(`\nNISQA: not measured (${scorer.missing})`);
} else {
  const scores = await nisqaScores(scored.flatMap((s) => [s.streamed, s.whole]));
  const nisqaRows = scored.map((s, i) => [s.model, fmt(scores[2 * i]!, 2), fmt(scores[2 * i + 1]!, 2), fmt(scores[2 * i]! - scores[2 * i + 1]!, 2)]);
  console.log('');
  table(['model', 'NISQA streamed (phrases joined)', 'NISQA whole', 'difference'], nisqaRows, ['l', 'r', 'r', 'r']);
  for (const [i, s] of scored.entries()) {
    const diff = Math.abs(scores[2 * i]! - scores[2 * i + 1]!);
    goals.push(goal(`${s.model}: NISQA streamed within 0.1 of whole`, diff, '≤ 0.10', diff <= 0.1));
  }
}
goalTable(goals);
await bench.server.close();
