import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { encodeAudio } from '../../src/audio/encode.js';
import type { SynthesisInput } from '../../src/speech/engine.js';
import { findPreset } from '../../src/voices/catalog/catalog.js';
import { fmt, input, LONG, load, median, SHORT, section, table } from '../common.js';
import type { BenchServer } from '../setup.js';
import { ThreadClient } from '../http-client.js';
import { bareAnswers, bareFastify, FLOOR_PATH, SPIN_US } from '../bare-servers.js';

/** Load per round: connections kept busy by the load generator, seconds per measured round. */
const CONNECTIONS = 10;
const ROUND_S = 2;
const WARMUP_S = 1;
/** Rounds per side, alternated (baseline, service, baseline, …) so both see the same machine load. */
const ROUNDS = 2;
/**
 * Timed runs per speech row, after `warm` untimed ones of each side: a server answers the same kind
 * of request many times, so the p50 is taken once the code paths are compiled (the first one or two
 * short requests after start-up take 45-60 ms where later ones take 35-40).
 */
const TTS_RUNS = { short: { warm: 5, runs: 15 }, long: { warm: 2, runs: 5 } };
/** Runs per side of the Kokoro row (each ~35 s). */
const NEURAL_RUNS = 3;
const CORES = availableParallelism();

interface Throughput {
  rps: number;
  p99: number;
  errors: number;
}

/**
 * Requests per second over `rounds` rounds, the load generator in a worker thread so the server's
 * event loop (this thread) is not shared with it.
 */
async function load_(url: string, headers: Record<string, string>, seconds: number): Promise<Throughput> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, workers: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

async function compare(baseline: string, service: string, headers: Record<string, string>) {
  await load_(baseline, {}, WARMUP_S);
  await load_(service, headers, WARMUP_S);
  const base: Throughput[] = [];
  const ours: Throughput[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    base.push(await load_(baseline, {}, ROUND_S));
    ours.push(await load_(service, headers, ROUND_S));
  }
  const sum = (list: Throughput[]) => ({
    rps: list.reduce((s, t) => s + t.rps, 0) / list.length,
    p99: Math.max(...list.map((t) => t.p99)),
    errors: list.reduce((s, t) => s + t.errors, 0),
  });
  return { base: sum(base), ours: sum(ours) };
}

/** One table row: the measured side next to bare Fastify, their ratio and the goal. */
function throughputRow(label: string, { base, ours }: { base: Throughput; ours: Throughput }, goal: string): string[] {
  return [
    label,
    fmt(ours.rps),
    fmt(ours.p99, 1),
    fmt(base.rps),
    fmt(base.p99, 1),
    fmt(ours.rps / base.rps, 2),
    goal,
    String(ours.errors + base.errors),
  ];
}

/** Rounds of the budget rows: bare ping and each spin in turn, `BUDGET_ROUND_S` each; medians. */
const BUDGET_ROUNDS = 5;
const BUDGET_ROUND_S = 1;

/**
 * The budget rows: bare Fastify's ping against the same after `SPIN_US` of busy CPU. Short rounds
 * taken in turn (bare, then each spin) and their medians: with two long rounds per side, a slow
 * spell of the machine in one of them turned the rows upside down (+20 µs above +5 µs).
 */
async function budgetRows(bareUrl: string): Promise<string[][]> {
  const targets = [`${bareUrl}/api/v1/ping`, ...SPIN_US.map((us) => `${bareUrl}/floor/spin/${us}`)];
  for (const url of targets) await load_(url, {}, WARMUP_S);
  const runs: Throughput[][] = targets.map(() => []);
  for (let round = 0; round < BUDGET_ROUNDS; round++) {
    for (const [i, url] of targets.entries()) runs[i]!.push(await load_(url, {}, BUDGET_ROUND_S));
  }
  const summary = (list: Throughput[]): Throughput => ({
    rps: median(list.map((t) => t.rps)),
    p99: Math.max(...list.map((t) => t.p99)),
    errors: list.reduce((sum, t) => sum + t.errors, 0),
  });
  const base = summary(runs[0]!);
  return SPIN_US.map((us, i) =>
    throughputRow(`budget: bare + ${us} µs of CPU`, { base, ours: summary(runs[i + 1]!) }, '(reference)'),
  );
}

/**
 * HTTP hot path: authenticated GETs against bare Fastify serving the same bytes, and v-lite
 * speech against espeak-ng called directly (+ the same encoder alone for MP3).
 */
export async function httpHotPath(bench: BenchServer): Promise<void> {
  section('h. HTTP hot path: the service next to its baselines, measured in this run');
  const { server, key } = bench;
  const auth = { authorization: `Bearer ${key}` };
  const paths = ['/api/v1/ping', '/api/v1/voices?limit=50'];
  const payloads: Record<string, unknown> = {};
  for (const path of paths) payloads[path.split('?')[0]!] = (await server.request('GET', path, { key })).body;
  const accountId = (await server.request('GET', '/api/v1/me', { key })).body.account_id as string;
  const bare = await bareFastify(payloads, () => server.container.store.findPoints(accountId));
  console.log(
    `autocannon, ${CONNECTIONS} connections from a worker thread, ${WARMUP_S} s warm-up per side, then ${ROUNDS} ` +
      `rounds of ${ROUND_S} s per side alternated; req/s = mean of the rounds, p99 = worst round. Baseline: bare ` +
      'Fastify in this process, no logger/hooks/schemas, the same JSON body. The service: the real app ' +
      '(auth, rate limit, metrics, response schemas), logger off as in every bench server.\n',
  );
  const rows: string[][] = [];
  try {
    for (const path of paths) {
      rows.push(throughputRow(`GET ${path}`, await compare(bare.url + path, server.url + path, auth), '>= 0.85'));
      console.log(`  ${path} measured [load ${load()}]`);
    }
    // What the contract costs by itself: bare Fastify plus the one balance read ping must make.
    const floor = await compare(bare.url + '/api/v1/ping', bare.url + FLOOR_PATH, {});
    rows.push(throughputRow('floor: bare + balance read', floor, '(reference)'));
    console.log(`  ${FLOOR_PATH} measured [load ${load()}]`);
    rows.push(...(await budgetRows(bare.url)));
    console.log(`  /floor/spin/… measured [load ${load()}]`);
  } finally {
    await bare.close();
  }
  console.log('');
  table(['request', 'req/s', 'p99 ms', 'bare req/s', 'bare p99', 'ratio', 'goal', 'non-2xx'], rows);
  await speechRows(bench);
}

/**
 * v-lite through POST /api/v1/tts vs. espeak-ng alone (+ standalone encode), p50, alternated. The
 * requests go out from a client thread (`ThreadClient`), which reads each answer as bytes: its
 * decoding and JSON parsing of megabytes of base64 is the client's cost, and in this process's
 * event loop it would be counted as the service's.
 */
async function speechRows(bench: BenchServer): Promise<void> {
  const client = new ThreadClient();
  try {
    await speechRowsWith(bench, client);
    await concurrencyRow(bench, client);
    await neuralRow(bench, client);
  } finally {
    await client.close();
  }
}

/** Quiet time after each timed call, counted in its CPU: what it left running (storing, GC) ends there. */
const SETTLE_MS = 200;

/** Milliseconds of CPU this process (every thread) has spent since `before` (a `process.cpuUsage()`). */
function cpuMsSince(before: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

/**
 * `run`'s wall-clock milliseconds, and the milliseconds of CPU this process (every thread) spends
 * from its start until SETTLE_MS after it: work a call leaves behind counts as its own and does not
 * fall into the next measurement.
 */
async function withCpu(run: () => Promise<number>): Promise<{ ms: number; cpu: number }> {
  const before = process.cpuUsage();
  const ms = await run();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { ms, cpu: cpuMsSince(before) };
}

async function speechRowsWith(bench: BenchServer, client: ThreadClient): Promise<void> {
  const { server, key, voice } = bench;
  const preset = findPreset(voice);
  const { transform: _transform, ...realization } = preset?.identity.engines['espeak-ng'] ?? { id: 'en-US' };
  const engine = await server.container.engines.get('espeak-ng');
  const answers = await bareAnswers();
  const rows: string[][] = [];
  try {
    for (const [text, format, runs, goal] of [
      [SHORT, 'MP3', TTS_RUNS.short, '< 40 ms'],
      [LONG, 'WAV', TTS_RUNS.long, '<= 1.10'],
      [LONG, 'MP3', TTS_RUNS.long, '<= 1.00'],
    ] as const) {
      const what: SynthesisInput = { ...input(text, realization.id), voice: realization };
      const raw = async () => {
        const started = performance.now();
        const result = await engine.synthesize(what);
        if (format === 'MP3') await encodeAudio(result.audio, { format, sampleRate: 24000 });
        return performance.now() - started;
      };
      let answerBytes = 0;
      const request = async () => {
        const answer = await client.postSized(`${server.url}/api/v1/tts`, key, { text, voice, format, model: 'v-lite' });
        answerBytes = answer.bytes;
        return answer.ms;
      };
      // The same client receiving an answer of the same size from bare Fastify (the request's own JSON body sent).
      const answerAlone = () =>
        client.post(`${answers.url}/floor/answer/${answerBytes}`, key, { text, voice, format, model: 'v-lite' });
      for (let i = 0; i < runs.warm; i++) {
        await raw();
        await request();
        await answerAlone();
      }
      const base: Array<{ ms: number; cpu: number }> = [];
      const ours: Array<{ ms: number; cpu: number }> = [];
      const moved: Array<{ ms: number; cpu: number }> = [];
      for (let i = 0; i < runs.runs; i++) {
        base.push(await withCpu(raw));
        ours.push(await withCpu(request));
        moved.push(await withCpu(answerAlone));
      }
      const p50 = median(ours.map((r) => r.ms));
      const cpu = median(ours.map((r) => r.cpu));
      const baseP50 = median(base.map((r) => r.ms));
      const answerP50 = median(moved.map((r) => r.ms));
      rows.push([
        `v-lite ${text.length} chars ${format}`,
        fmt(p50),
        fmt(cpu),
        fmt(baseP50),
        fmt(median(base.map((r) => r.cpu))),
        format === 'MP3' ? 'espeak-ng + MP3 encode' : 'espeak-ng synthesis',
        fmt(p50 / baseP50, 2),
        goal,
        // However well the request's work were spread over the cores, it takes at least CPU ÷ cores.
        `${fmt(cpu / CORES)} (${fmt(cpu / CORES / baseP50, 2)})`,
        `${fmt(answerBytes / 1e6, 2)} MB ${fmt(answerP50, 1)} (${fmt((baseP50 + answerP50) / baseP50, 2)})`,
      ]);
    }
  } finally {
    await answers.close();
  }
  console.log(
    `\nPOST /api/v1/tts from a client thread (answers read as bytes), voice ${voice}, 24 kHz; untimed warm-ups ` +
      `(short ${TTS_RUNS.short.warm}, long ${TTS_RUNS.long.warm} of each), then ${TTS_RUNS.short.runs} / ` +
      `${TTS_RUNS.long.runs} timed runs, request and baseline alternated. CPU: p50 of the whole process (every ` +
      'thread: server, engine and ' +
      `encoder workers, the client thread) from the start of each until ${SETTLE_MS} ms after it (what it left ` +
      `running counts). Floor: the request's CPU ÷ ${CORES} cores, the least its time could be with its work ` +
      'spread perfectly over the cores (in brackets, ÷ the baseline p50). Answer alone: the same client ' +
      "receiving an answer of the request's size from bare Fastify (no work behind it), p50 ms, timed in turn " +
      'with the other two; in brackets (baseline + it) ÷ baseline, what a service adding nothing but its answer ' +
      'would score.\n',
  );
  table(
    ['request', 'p50 ms', 'CPU ms', 'baseline p50', 'baseline CPU', 'baseline', 'request ÷ baseline', 'goal', 'floor ms', 'answer alone'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'l', 'r', 'l', 'r', 'r'],
  );
}

/** Requests per second of short v-lite MP3 requests with 16 clients against 1 client (each sends its next at once). */
async function concurrencyRow(bench: BenchServer, client: ThreadClient): Promise<void> {
  const { server, key, voice } = bench;
  const rate = async (clients: number, total: number): Promise<{ rps: number; cpu: number }> => {
    let next = 0;
    const started = performance.now();
    const before = process.cpuUsage();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < total) {
          next += 1;
          await client.post(`${server.url}/api/v1/tts`, key, { text: SHORT, voice, format: 'MP3', model: 'v-lite' });
        }
      }),
    );
    return { rps: total / ((performance.now() - started) / 1000), cpu: cpuMsSince(before) / total };
  };
  await rate(2, 4);
  const one = await rate(1, 12);
  const sixteen = await rate(16, 48);
  const oneAgain = await rate(1, 12);
  const single = (one.rps + oneAgain.rps) / 2;
  // 16 clients cannot finish more than cores ÷ CPU-per-request requests a second; one client
  // finishes 1 ÷ its latency, so the ratio cannot pass cores × latency ÷ CPU per request.
  const ceiling = (CORES * (1000 / single)) / sixteen.cpu;
  console.log(
    `\n${SHORT.length}-char v-lite MP3 requests, each client sending its next as soon as one answers; 1 client measured ` +
      `before and after. CPU per request: the whole process's CPU ÷ requests. Ceiling: ${CORES} cores × the 1-client ` +
      'latency ÷ the 16-client CPU per request, the most the ratio could be with every core busy.\n',
  );
  table(
    ['clients', 'requests', 'req/s', 'CPU ms per request', 'vs 1 client', 'goal', 'ceiling'],
    [
      ['1', '12 + 12', fmt(single, 1), fmt((one.cpu + oneAgain.cpu) / 2), '1.00', '', ''],
      ['16', '48', fmt(sixteen.rps, 1), fmt(sixteen.cpu), fmt(sixteen.rps / single, 2), '>= 1.9 (hold it)', fmt(ceiling, 2)],
    ],
  );
}

/**
 * A 2,000-character v-pro request on Kokoro against Kokoro alone saying the same text with the
 * same voice (the server's own engine instance, the preset's realization, whole text in one call).
 */
async function neuralRow(bench: BenchServer, client: ThreadClient): Promise<void> {
  const { server, key, voice } = bench;
  const kokoro = (await server.container.engines.available()).find((engine) => engine.info.id === 'kokoro');
  const realization = findPreset(voice)?.identity.engines['kokoro'];
  if (kokoro === undefined || realization === undefined) {
    console.log('\nNeural row skipped: Kokoro is not installed (MODELS_SEARCH_PATH) or the voice has no Kokoro realization.');
    return;
  }
  const { transform: _transform, ...engineVoice } = realization;
  const raw = async () => {
    const started = performance.now();
    await kokoro.synthesize({ ...input(LONG, engineVoice.id), voice: engineVoice });
    return performance.now() - started;
  };
  // A short request first shows which engine v-pro picks for this voice (the client thread reads bytes only).
  const probe = await server.request('POST', '/api/v1/tts', { key, body: { text: SHORT, voice, format: 'WAV', model: 'v-pro' } });
  if (probe.headers.get('x-voice-engine') !== 'kokoro') throw new Error(`v-pro spoke on ${probe.headers.get('x-voice-engine')}`);
  const request = () => client.post(`${server.url}/api/v1/tts`, key, { text: LONG, voice, format: 'WAV', model: 'v-pro' });
  await raw();
  const base: number[] = [];
  const ours: number[] = [];
  // Alternated, Kokoro alone first; one run each left the ratio at 1.03-1.10 from run to run.
  for (let i = 0; i < NEURAL_RUNS; i++) {
    base.push(await raw());
    ours.push(await request());
  }
  console.log(
    `\n${LONG.length}-char text, ${NEURAL_RUNS} runs each alternated (Kokoro alone first), p50 and the range; ` +
      `machine load ${load()}.\n`,
  );
  const range = (list: number[]) => `${fmt(Math.min(...list))}-${fmt(Math.max(...list))}`;
  table(
    ['request', 'p50 ms', 'range', 'baseline p50', 'baseline range', 'baseline', 'request ÷ baseline', 'goal'],
    [
      [
        `v-pro ${LONG.length} chars WAV (Kokoro)`,
        fmt(median(ours)),
        range(ours),
        fmt(median(base)),
        range(base),
        'Kokoro alone, whole text',
        fmt(median(ours) / median(base), 2),
        '<= 1.05',
      ],
    ],
    ['l', 'r', 'r', 'r', 'r', 'l', 'r', 'l'],
  );
}
