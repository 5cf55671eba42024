/**
 * One-run benchmark of the whole service, printed as plain-text tables (never passes or fails):
 *
 * 1. Each engine alone (espeak-ng, Flite, SVOX Pico when its lingware is found; Kokoro and Piper
 *    when their models are installed) on a ~100- and a ~2,000-character English text.
 * 2. The whole request path, POST /api/v1/tts through the real server in-process (markup, engine,
 *    transform, encode, spool/store), MP3 and WAV, next to the same server's engine alone.
 * 3. Encoding cost per output format for ~10 s of real speech.
 * 4. p50/p95 latency of POST /api/v1/tts (~100 chars, MP3) under 1, 4 and 16 concurrent clients.
 * 5. Naturalness (NISQA-TTS MOS from the quality kit) of each engine's default voice, and of four
 *    American presets as POST /tts speaks them with v-lite and v-pro (their pitch and formant
 *    transforms included), when the scorer is found: VOICELIB_QUALITY_DIR, default ../shared/quality.
 *
 * Small request counts on purpose (the machine is shared); every table says how many. Timing
 * never fails anything: the process exits 0 whatever the numbers are.
 *
 *   npm run bench     (or: npx tsc -p tsconfig.json && node dist/bench/run.js)
 *
 * Environment: MODELS_SEARCH_PATH (extra model folders, ':'-separated), VOICELIB_QUALITY_DIR.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AUDIO_FORMATS, encodeAudio } from '../src/audio/encode.js';
import type { PcmAudio } from '../src/audio/pcm.js';
import type { SpeechEngine, SynthesisInput } from '../src/speech/engine.js';
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../src/speech/engines/flite/index.js';
import { DEFAULT_FLITE_VOICE } from '../src/speech/engines/flite/voices.js';
import { createKokoroEngine } from '../src/speech/engines/kokoro/index.js';
import { createPiperEngine } from '../src/speech/engines/piper/index.js';
import { createSvoxPicoEngine } from '../src/speech/engines/svox-pico/index.js';
import { presetFor } from '../test/helpers/voices.js';
import { findPreset, PRESETS } from '../src/voices/catalog.js';
import { decodeWav } from '../src/audio/wav.js';
import { startServer, type TestServer } from '../test/helpers/server.js';

const run = promisify(execFile);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BENCH_STARTED = performance.now();

// ---------------------------------------------------------------------------------------------
// Texts

const HARVARD =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. It is easy to ' +
  'tell the depth of a well. These days a chicken leg is a rare dish. Rice is often served in round bowls. ' +
  'The juice of lemons makes fine punch. The box was thrown beside the parked truck. The hogs were fed ' +
  'chopped corn and garbage. Four hours of steady work faced us. A large size in stockings is hard to sell. ' +
  'The boy was there when the sun rose. A rod is used to catch pink salmon. The source of the huge river is ' +
  'the clear spring. Kick the ball straight and follow through. Help the woman get back to her feet. A pot ' +
  "of tea helps to pass the evening. Smoky fires lack flame and heat. The soft cushion broke the man's fall. " +
  'The salt breeze came across from the sea. The girl at the booth sold fifty bonds. The small pup gnawed ' +
  'a hole in the sock. The fish twisted and turned on the bent hook. Press the pants and sew a button on the vest. ' +
  'The swan dive was far short of perfect. The beauty of the view stunned the young boy. Two blue fish swam in ' +
  'the tank. Her purse was full of useless trash. The colt reared and threw the tall rider. It snowed, rained, ' +
  'and hailed the same morning. Read verse out loud for pleasure. Hoist the load to your left shoulder. Take ' +
  'the winding path to reach the lake. Note closely the size of the gas tank. Wipe the grease off his dirty ' +
  'face. Mend the coat before you go out. The wrist was badly strained and hung limp. The stray cat gave birth ' +
  'to kittens. The young girl gave no clear response. The meal was cooked before the bell rang. What joy there ' +
  'is in living. A king ruled the state in the early days. The ship was torn apart on the sharp reef. Sickness ' +
  'kept him home the third week. The wide road shimmered in the hot sun. The lazy cow lay in the cool grass. ' +
  'Lift the square stone over the fence. The rope will bind the seven books at once. Hop over the fence and ' +
  'plunge in. The friendly gang left the drug store. Mesh wire keeps chicks inside. The frosty air passed ' +
  'through the coat. The crooked maze failed to fool the mouse. Adding fast leads to wrong sums. The show was ' +
  'a flop from the very start. A saw is a tool used for making boards. The wagon moved on well oiled wheels.';

/** Cuts at the last sentence end at or before `max` characters. */
function upTo(max: number): string {
  const cut = HARVARD.slice(0, max);
  const end = cut.lastIndexOf('.');
  return end > 0 ? cut.slice(0, end + 1) : cut;
}

const SHORT = `${upTo(90)} It is easy.`; // ~100 characters
const LONG = upTo(2000); // ~2,000 characters (the API's maximum)
const NATURALNESS_TEXT =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  'It is easy to tell the depth of a well.';

// ---------------------------------------------------------------------------------------------
// Helpers

const seconds = (audio: PcmAudio): number => audio.samples.length / audio.sampleRate;
const fmt = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const load = (): string =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const elapsed = (): string => `${((performance.now() - BENCH_STARTED) / 1000).toFixed(0)} s`;

function table(headers: string[], rows: string[][], align: Array<'l' | 'r'> = []): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => ((align[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return percentile(sorted, 50);
}

function input(text: string, voice: string): SynthesisInput {
  return { text, language: 'en-US', voice: { id: voice }, speed: 1, variation: 0.5 };
}

/** Median wall ms and audio seconds of `runs` timed calls (after the caller warmed the engine). */
async function timeEngine(engine: SpeechEngine, what: SynthesisInput, runs: number) {
  const ms: number[] = [];
  let audioSec = 0;
  let audio: PcmAudio | null = null;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await engine.synthesize(what);
    ms.push(performance.now() - started);
    audioSec = seconds(result.audio);
    audio = result.audio;
  }
  return { ms: median(ms), audioSec, audio };
}

function section(title: string): void {
  console.log(`\n## ${title}   [t=${elapsed()}, load ${load()}]\n`);
}

// ---------------------------------------------------------------------------------------------
// Engines

interface EngineUnderTest {
  label: string;
  engine: SpeechEngine | null;
  voice: string;
  note?: string;
}

function modelFolders(): string[] {
  return (process.env['MODELS_SEARCH_PATH'] ?? '')
    .split(path.delimiter)
    .filter((p) => p !== '')
    .map((p) => path.resolve(p));
}

function picoLingware(): string | null {
  const candidates = [...modelFolders(), path.resolve(REPO, '../shared/models/svox-pico')];
  for (const dir of candidates) {
    if (existsSync(path.join(dir, 'en-US_ta.bin'))) return dir;
    if (existsSync(path.join(dir, 'svox-pico', 'en-US_ta.bin'))) return path.join(dir, 'svox-pico');
  }
  return null;
}

async function engines(espeak: SpeechEngine): Promise<EngineUnderTest[]> {
  const list: EngineUnderTest[] = [
    { label: 'espeak-ng', engine: espeak, voice: 'en-US' },
    { label: 'flite', engine: createFliteEngine({ threads: 1 }), voice: DEFAULT_FLITE_VOICE },
  ];
  const lingware = picoLingware();
  if (lingware) {
    list.push({
      label: 'svox-pico',
      engine: createSvoxPicoEngine({ modelsDir: lingware, modelsSearchPath: [lingware], reference: espeak }),
      voice: 'en-US',
      note: 'incl. espeak-ng alignment for word timings',
    });
  } else {
    list.push({ label: 'svox-pico', engine: null, voice: '', note: 'lingware not found' });
  }
  const folders = [...modelFolders(), path.resolve(REPO, 'data/models')];
  const kokoro = createKokoroEngine({ modelFolders: folders, threads: 1 });
  if (await kokoro.isAvailable().catch(() => false)) {
    list.push({ label: 'kokoro', engine: kokoro, voice: kokoro.info.voices[0]?.id ?? 'af_heart' });
  } else {
    await kokoro.close().catch(() => undefined);
    list.push({ label: 'kokoro', engine: null, voice: '', note: 'not installed' });
  }
  const piper = createPiperEngine({ modelFolders: folders, threads: 1 });
  if (await piper.isAvailable().catch(() => false)) {
    list.push({ label: 'piper', engine: piper, voice: piper.info.voices[0]?.id ?? '' });
  } else {
    await piper.close().catch(() => undefined);
    list.push({ label: 'piper', engine: null, voice: '', note: 'not installed' });
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// 1. Engines alone

const SHORT_RUNS = 3;
const LONG_RUNS = 2;
/** Engines alone, 2,000 chars: one timed run (SVOX Pico takes ~30 s a run on a loaded machine). */
const ALONE_LONG_RUNS = 1;

async function engineAlone(list: EngineUnderTest[]): Promise<Map<string, PcmAudio>> {
  section('1. Engines alone (English, default voice)');
  console.log(
    `${SHORT.length}-char text: median of ${SHORT_RUNS} runs; ${LONG.length}-char text: ${ALONE_LONG_RUNS} run; ` +
      'one untimed warm-up run per engine first. RTF = audio seconds / wall seconds (higher is faster).\n',
  );
  const rows: string[][] = [];
  const longAudio = new Map<string, PcmAudio>();
  for (const item of list) {
    if (!item.engine) {
      rows.push([item.label, '-', '-', '-', '-', '-', '-', item.note ?? '']);
      continue;
    }
    try {
      // warm(): every worker of the pool, then one untimed run of the text itself.
      let warmNote = '';
      if (item.engine.warm) {
        try {
          await item.engine.warm();
        } catch (error) {
          warmNote = `warm() failed: ${(error as Error).message.slice(0, 50)}`;
        }
      }
      await item.engine.synthesize(input(SHORT, item.voice));
      const short = await timeEngine(item.engine, input(SHORT, item.voice), SHORT_RUNS);
      const long = await timeEngine(item.engine, input(LONG, item.voice), ALONE_LONG_RUNS);
      if (long.audio) longAudio.set(item.label, long.audio);
      rows.push([
        `${item.label} (${item.voice})`,
        fmt(short.ms),
        fmt(short.audioSec, 1),
        fmt(short.audioSec / (short.ms / 1000), 1),
        fmt(long.ms),
        fmt(long.audioSec, 1),
        fmt(long.audioSec / (long.ms / 1000), 1),
        [item.note, warmNote].filter((n) => n).join('; '),
      ]);
    } catch (error) {
      rows.push([item.label, '-', '-', '-', '-', '-', '-', `failed: ${(error as Error).message.slice(0, 60)}`]);
    }
  }
  table(
    ['engine', '100c ms', 'audio s', 'RTF', '2000c ms', 'audio s', 'RTF', 'note'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
  return longAudio;
}

// ---------------------------------------------------------------------------------------------
// 2. Whole request path

async function startBenchServer(): Promise<{ server: TestServer; key: string; voice: string }> {
  const shared = path.resolve(REPO, '../shared/models');
  const server = await startServer({
    QUEUE_CONCURRENCY: '2',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ENGINE_WARMUP: 'true',
    // The server finds what a user's machine would have after `voicelib models pull`.
    MODELS_SEARCH_PATH: [...modelFolders(), ...(existsSync(shared) ? [shared] : [])].join(path.delimiter),
  });
  // container.start() warmed espeak-ng (ENGINE_WARMUP); wait for it so the first request is not cold.
  await server.container.engines.warm();
  const account = await server.createAccount('pro', 10_000_000);
  return { server, key: account.api_key, voice: presetFor('en-US').id };
}

interface PostResult {
  ms: number;
  status: number;
  audioSec: number;
  engine: string;
  bytes: number;
}

async function post(
  server: TestServer,
  key: string,
  body: Record<string, unknown>,
): Promise<PostResult> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/tts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let audioSec = Number.NaN;
  let engine = '?';
  let bytes = 0;
  if (res.status === 200) {
    try {
      const parsed = JSON.parse(text) as { id: string; audio_base64: string };
      bytes = Math.floor(((parsed.audio_base64.length - parsed.audio_base64.indexOf(',') - 1) * 3) / 4);
      const row = await server.container.store.findGenerationById(parsed.id).catch(() => undefined);
      if (row) {
        engine = String(row.engine);
        audioSec = Number(row.duration_seconds);
      }
    } catch {
      // Numbers only: a body we cannot read leaves the audio length unknown.
    }
  }
  return { ms, status: res.status, audioSec, engine, bytes };
}

async function requestPath(server: TestServer, key: string, voice: string): Promise<void> {
  section('2. Whole request path: POST /api/v1/tts in-process vs. the same engine alone');
  console.log(
    `Server: real app on 127.0.0.1, QUEUE_CONCURRENCY=2, catalog voice ${voice}, 24 kHz output; v-lite ` +
      '(espeak-ng) and v-pro (the most natural engine installed for the voice). One warm-up request per row, ' +
      `then ${SHORT_RUNS} (100c) / ${LONG_RUNS} (2000c) timed, median. "engine alone" = the engine that request ` +
      "used, the server's own instance called directly with the voice's realization there, same text, same process.\n",
  );
  const preset = findPreset(voice);
  const rows: string[][] = [];
  for (const model of ['v-lite', 'v-pro'] as const) {
    for (const [label, text, runs] of [
      ['100c', SHORT, SHORT_RUNS],
      ['2000c', LONG, LONG_RUNS],
    ] as const) {
      for (const format of ['MP3', 'WAV'] as const) {
        const warm = await post(server, key, { text, voice, format, model });
        const engine = await server.container.engines.get(warm.engine);
        const { transform: _transform, ...realization } = preset?.identity.engines[warm.engine] ?? { id: 'en-US' };
        const what: SynthesisInput = { ...input(text, realization.id), voice: realization };
        await engine.synthesize(what);
        const alone = await timeEngine(engine, what, runs);
        const results: PostResult[] = [];
        for (let i = 0; i < runs; i++) results.push(await post(server, key, { text, voice, format, model }));
        const ok = results.filter((r) => r.status === 200);
        const ms = median(ok.map((r) => r.ms));
        const audioSec = ok[0]?.audioSec ?? Number.NaN;
        rows.push([
          `${model} ${label} ${format}`,
          ok[0]?.engine ?? `HTTP ${results[0]?.status}`,
          fmt(ms),
          fmt(audioSec, 1),
          fmt(audioSec / (ms / 1000), 1),
          fmt(alone.ms),
          fmt(alone.audioSec, 1),
          fmt(alone.audioSec / (alone.ms / 1000), 1),
          fmt(ms - alone.ms),
          `${fmt((ok[0]?.bytes ?? 0) / 1024)} KiB`,
        ]);
      }
    }
  }
  table(
    ['request', 'engine', 'req ms', 'audio s', 'req RTF', 'alone ms', 'audio s', 'alone RTF', 'overhead ms', 'body'],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// 3. Encoding

async function encoding(speech: PcmAudio | undefined): Promise<void> {
  section('3. Encoding cost per format, ~10 s of speech');
  const RUNS = 3;
  let pcm: PcmAudio;
  if (speech && seconds(speech) >= 10) {
    pcm = { sampleRate: speech.sampleRate, samples: speech.samples.slice(0, 10 * speech.sampleRate) };
  } else {
    pcm = speech ?? { sampleRate: 22050, samples: new Float32Array(10 * 22050) };
  }
  console.log(
    `${fmt(seconds(pcm), 1)} s of espeak-ng speech at ${pcm.sampleRate} Hz, encoded at 24 kHz (the API default, so ` +
      `every format also resamples) and at 44.1 kHz; best of ${RUNS} runs, wall ms (CPU of this process ` +
      'incl. worker threads; ffmpeg children not counted here, see bench/encode.ts).\n',
  );
  const rows: string[][] = [];
  for (const format of AUDIO_FORMATS) {
    const cells: string[] = [format];
    for (const sampleRate of [24000, 44100]) {
      let best = Number.POSITIVE_INFINITY;
      let bestCpu = Number.POSITIVE_INFINITY;
      let bytes = 0;
      try {
        for (let i = 0; i < RUNS; i++) {
          const cpu = process.cpuUsage();
          const started = performance.now();
          bytes = (await encodeAudio(pcm, { format, sampleRate })).data.length;
          best = Math.min(best, performance.now() - started);
          const used = process.cpuUsage(cpu);
          bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
        }
        cells.push(`${fmt(best)} ms (${fmt(bestCpu)})`, `${fmt(bytes / 1024)} KiB`);
      } catch (error) {
        cells.push(`failed: ${(error as Error).message.slice(0, 30)}`, '-');
      }
    }
    rows.push(cells);
  }
  table(['format', '24 kHz wall (cpu)', 'size', '44.1 kHz wall (cpu)', 'size'], rows);
}

// ---------------------------------------------------------------------------------------------
// 4. Latency under concurrency

async function concurrency(server: TestServer, key: string, voice: string): Promise<void> {
  const LEVELS: Array<[clients: number, requests: number]> = [
    [1, 16],
    [4, 32],
    [16, 48],
  ];
  section('4. POST /api/v1/tts latency under concurrent clients (~100 chars, MP3)');
  console.log(
    `${SHORT.length}-char text, MP3, server QUEUE_CONCURRENCY=2; each client sends its next request as soon as ` +
      'the previous one answers. Latency = client-side wall time of one request.\n',
  );
  const rows: string[][] = [];
  for (const [clients, total] of LEVELS) {
    let next = 0;
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < total) {
          next += 1;
          const result = await post(server, key, { text: SHORT, voice, format: 'MP3' });
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
          if (result.status === 200) latencies.push(result.ms);
        }
      }),
    );
    const wallSec = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    rows.push([
      String(clients),
      String(total),
      [...statuses].map(([s, n]) => `${n}x${s}`).join(' '),
      fmt(percentile(latencies, 50)),
      fmt(percentile(latencies, 95)),
      fmt(latencies[latencies.length - 1] ?? Number.NaN),
      fmt(latencies.length / wallSec, 1),
    ]);
  }
  table(['clients', 'requests', 'statuses', 'p50 ms', 'p95 ms', 'max ms', 'req/s'], rows);
}

// ---------------------------------------------------------------------------------------------
// 5. Naturalness

/** Presets as the service speaks them (the voice's realization and transform), to score next to the stock voices. */
async function presetSamples(server: TestServer, key: string): Promise<Array<{ label: string; audio: PcmAudio }>> {
  const female = PRESETS.filter((p) => p.language_code === 'en-US' && p.gender === 'female' && p.identity.engines['flite']);
  const male = PRESETS.filter((p) => p.language_code === 'en-US' && p.gender === 'male' && p.identity.engines['flite']);
  const byPitch = (voices: typeof PRESETS) => [...voices].sort((a, b) => a.identity.traits.pitchHz - b.identity.traits.pitchHz);
  const picks = [byPitch(female)[0], byPitch(female).at(-1), byPitch(male)[0], byPitch(male).at(-1)].filter(
    (voice): voice is (typeof PRESETS)[number] => voice !== undefined,
  );
  const out: Array<{ label: string; audio: PcmAudio }> = [];
  for (const voice of picks) {
    for (const model of ['v-lite', 'v-pro']) {
      const res = await fetch(`${server.url}/api/v1/tts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: NATURALNESS_TEXT, voice: voice.id, model, format: 'WAV', sample_rate: 16000 }),
      });
      if (res.status !== 200) continue;
      const body = (await res.json()) as { audio_base64: string };
      const audio = decodeWav(Buffer.from(body.audio_base64.slice(body.audio_base64.indexOf(',') + 1), 'base64'));
      out.push({
        label: `${voice.slug} ${voice.identity.traits.pitchHz} Hz, ${model} → ${res.headers.get('x-voice-engine')}`,
        audio,
      });
    }
  }
  return out;
}

async function naturalness(
  list: EngineUnderTest[],
  presets: ReadonlyArray<{ label: string; audio: PcmAudio }>,
): Promise<void> {
  section('5. Naturalness (NISQA-TTS MOS, 1-5) of each engine\'s default voice and of presets as served');
  const qualityDir = path.resolve(REPO, process.env['VOICELIB_QUALITY_DIR'] ?? '../shared/quality');
  const scorer = path.join(qualityDir, 'score.mjs');
  if (!existsSync(scorer)) {
    console.log(`skipped: no scorer at ${scorer} (set VOICELIB_QUALITY_DIR)`);
    return;
  }
  if (!existsSync(path.join(qualityDir, 'node_modules'))) {
    console.log(`skipped: scorer at ${qualityDir} is not installed (ONNXRUNTIME_NODE_INSTALL=skip npm install there)`);
    return;
  }
  console.log(`Text (${NATURALNESS_TEXT.length} chars): "${NATURALNESS_TEXT}"\nScorer: ${scorer}\n`);
  const dir = mkdtempSync(path.join(tmpdir(), 'voicelib-bench-'));
  const rows: string[][] = [];
  try {
    const files: Array<[EngineUnderTest, string]> = [];
    for (const item of list) {
      if (!item.engine) {
        rows.push([item.label, '-', '-', item.note ?? '']);
        continue;
      }
      try {
        const { audio } = await item.engine.synthesize(input(NATURALNESS_TEXT, item.voice));
        const sampleRate = [8000, 16000, 22050, 24000, 32000, 44100, 48000].includes(audio.sampleRate)
          ? audio.sampleRate
          : 24000;
        const file = path.join(dir, `${item.label}.wav`);
        writeFileSync(file, (await encodeAudio(audio, { format: 'WAV', sampleRate })).data);
        files.push([item, file]);
      } catch (error) {
        rows.push([item.label, '-', '-', `failed: ${(error as Error).message.slice(0, 60)}`]);
      }
    }
    const presetFiles: Array<[string, string]> = [];
    for (const [index, preset] of presets.entries()) {
      const file = path.join(dir, `preset-${index}.wav`);
      writeFileSync(file, (await encodeAudio(preset.audio, { format: 'WAV', sampleRate: preset.audio.sampleRate })).data);
      presetFiles.push([preset.label, file]);
    }
    if (files.length > 0) {
      try {
        const all = [...files.map(([, f]) => f), ...presetFiles.map(([, f]) => f)];
        const { stdout } = await run(process.execPath, [scorer, ...all], {
          cwd: qualityDir,
          timeout: 180_000,
          maxBuffer: 1 << 20,
        });
        const scores = new Map<string, { naturalness: number; seconds: number }>();
        for (const line of stdout.split('\n')) {
          if (!line.trim().startsWith('{')) continue;
          const parsed = JSON.parse(line) as { file: string; naturalness: number; seconds: number };
          scores.set(parsed.file, parsed);
        }
        for (const [item, file] of files) {
          const score = scores.get(file);
          rows.push([
            `${item.label} (${item.voice})`,
            score ? score.naturalness.toFixed(2) : '-',
            score ? score.seconds.toFixed(1) : '-',
            score ? (item.note ?? '') : 'no score returned',
          ]);
        }
        for (const [label, file] of presetFiles) {
          const score = scores.get(file);
          rows.push([
            `preset ${label}`,
            score ? score.naturalness.toFixed(2) : '-',
            score ? score.seconds.toFixed(1) : '-',
            score ? 'through POST /tts (realization + transform)' : 'no score returned',
          ]);
        }
      } catch (error) {
        console.log(`skipped: scorer failed: ${(error as Error).message.split('\n')[0]}`);
        return;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  table(['engine (voice)', 'MOS', 'audio s', 'note'], rows, ['l', 'r', 'r', 'l']);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(`voicelib bench, ${new Date().toISOString()}`);
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ` +
      `load average at start ${load()}`,
  );
  const espeak = createEspeakEngine();
  let list: EngineUnderTest[] = [];
  let presets: Array<{ label: string; audio: PcmAudio }> = [];
  try {
    list = await engines(espeak);
    const longAudio = await engineAlone(list);
    await encoding(longAudio.get('espeak-ng'));
    const { server, key, voice } = await startBenchServer();
    try {
      await requestPath(server, key, voice);
      await concurrency(server, key, voice);
      presets = await presetSamples(server, key);
    } finally {
      await server.close().catch(() => undefined);
    }
    await naturalness(list, presets);
  } catch (error) {
    console.log(`\nbench stopped early: ${(error as Error).stack ?? String(error)}`);
  } finally {
    for (const item of list) if (item.engine && item.engine !== espeak) await item.engine.close().catch(() => undefined);
    await espeak.close().catch(() => undefined);
  }
  console.log(`\ndone in ${elapsed()}, load average at end ${load()}`);
}

await main();
process.exitCode = 0;
