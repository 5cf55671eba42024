import { encodeAudio } from '../../src/audio/encode.js';
import { fmt, goal, goalTable, LONG, median, SHORT, section, table } from '../common.js';
import { type BenchServer, post } from '../setup.js';
import { MODELS } from './per-model.js';

/** 100-character runs after one warm-up (median); the 2,000-character text runs once. */
const SHORT_RUNS = 3;

interface StreamTiming {
  firstMs: number;
  totalMs: number;
  bytes: number;
  engine: string;
  error?: string;
}

/** POST /api/v1/tts/stream: wall time to the first body bytes and to the end of the body. */
async function streamOnce(bench: BenchServer, body: Record<string, unknown>): Promise<StreamTiming> {
  const started = performance.now();
  const res = await fetch(`${bench.server.url}/api/v1/tts/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const engine = res.headers.get('x-voice-engine') ?? '?';
  if (res.status !== 200 || !res.body) {
    const text = await res.text();
    return { firstMs: Number.NaN, totalMs: Number.NaN, bytes: 0, engine, error: `HTTP ${res.status} ${text.slice(0, 80)}` };
  }
  let firstMs = Number.NaN;
  let bytes = 0;
  for await (const piece of res.body) {
    if (bytes === 0) firstMs = performance.now() - started;
    bytes += (piece as Uint8Array).length;
  }
  return { firstMs, totalMs: performance.now() - started, bytes, engine };
}

async function timed(bench: BenchServer, body: Record<string, unknown>, runs: number): Promise<StreamTiming> {
  if (runs === 1) return streamOnce(bench, body);
  await streamOnce(bench, body); // warm-up
  const results: StreamTiming[] = [];
  for (let i = 0; i < runs; i++) results.push(await streamOnce(bench, body));
  const ok = results.filter((r) => r.error === undefined);
  if (ok.length === 0) return results[0]!;
  return {
    firstMs: median(ok.map((r) => r.firstMs)),
    totalMs: median(ok.map((r) => r.totalMs)),
    bytes: ok[0]!.bytes,
    engine: ok[0]!.engine,
  };
}

/** d. Time to first audio against the whole request, through POST /api/v1/tts/stream. */
export async function streaming(bench: BenchServer): Promise<void> {
  section('d. Streaming: time to first audio vs the whole request (POST /api/v1/tts/stream)');
  console.log(
    `Real server in-process, MP3 at 24 kHz, catalog voice ${bench.voice}. "first ms": client wall time from ` +
      'sending the request to the first body bytes; "whole ms": to the end of the body; "first %" = first / whole. ' +
      `${SHORT.length} chars: one warm-up then the median of ${SHORT_RUNS}; ${LONG.length} chars: one run. ` +
      'The engine is the X-Voice-Engine header (v-pro and v-studio use Kokoro only where its weights are found).\n',
  );
  const rows: string[][] = [];
  let liteLong: StreamTiming | undefined;
  for (const model of MODELS.slice().reverse()) {
    for (const [label, text, runs] of [
      ['100c', SHORT, SHORT_RUNS],
      ['2000c', LONG, 1],
    ] as const) {
      const t = await timed(bench, { model, voice: bench.voice, text, format: 'MP3' }, runs);
      if (model === 'v-lite' && label === '2000c') liteLong = t;
      rows.push([
        model,
        label,
        t.engine,
        fmt(t.firstMs),
        fmt(t.totalMs),
        fmt((100 * t.firstMs) / t.totalMs, 1),
        fmt(t.bytes / 1024),
        t.error ?? '',
      ]);
    }
  }
  table(['model', 'text', 'engine', 'first ms', 'whole ms', 'first %', 'KiB', 'error'], rows, ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'l']);
  const share = liteLong ? (100 * liteLong.firstMs) / liteLong.totalMs : Number.NaN;
  const encodeShare = await jsonMp3(bench);
  goalTable([
    goal('v-lite 2,000 chars: first audio / whole request (%)', share, '<= 15', share <= 15, 1),
    goal('v-lite 2,000 chars JSON MP3 / (WAV request + MP3 encode)', encodeShare, '<= 1', encodeShare <= 1, 2),
  ]);
}

/** Runs of each request kind in the JSON comparison, interleaved. */
const JSON_RUNS = 3;

/**
 * Issue 12: a long MP3 on the JSON route should cost no more than synthesis plus a standalone
 * encode. Interleaved runs of POST /api/v1/tts (v-lite, 2,000 chars) as MP3 and as WAV (whose
 * encode is a copy), and a standalone MP3 encode of that WAV's audio; medians. Returns
 * MP3 request / (WAV request + encode).
 */
async function jsonMp3(bench: BenchServer): Promise<number> {
  const body = { model: 'v-lite', voice: bench.voice, text: LONG };
  const mp3: number[] = [];
  const wav: number[] = [];
  const encode: number[] = [];
  await post(bench, { ...body, format: 'MP3' }); // warm-up
  for (let i = 0; i < JSON_RUNS; i++) {
    mp3.push((await post(bench, { ...body, format: 'MP3' })).ms);
    const answer = await post(bench, { ...body, format: 'WAV' });
    wav.push(answer.ms);
    if (answer.audio) {
      const started = performance.now();
      await encodeAudio(answer.audio, { format: 'MP3', sampleRate: 24000 });
      encode.push(performance.now() - started);
    }
  }
  console.log(
    `\nJSON route, v-lite, ${LONG.length} chars, ${JSON_RUNS} interleaved runs (medians): MP3 request ` +
      `${fmt(median(mp3))} ms; WAV request ${fmt(median(wav))} ms; standalone MP3 encode of that audio ` +
      `${fmt(median(encode))} ms.`,
  );
  return median(mp3) / (median(wav) + median(encode));
}
