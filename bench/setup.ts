/**
 * What the bench sections run against: every engine found on this machine, and the real server
 * in-process with the models a user's machine would have after `voicelib models pull`.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { decodeWav } from '../src/audio/wav.js';
import type { PcmAudio } from '../src/audio/pcm.js';
import type { SpeechEngine } from '../src/speech/engine.js';
import { createFliteEngine } from '../src/speech/engines/flite/index.js';
import { DEFAULT_FLITE_VOICE } from '../src/speech/engines/flite/voices.js';
import { createKokoroEngine } from '../src/speech/engines/kokoro/index.js';
import { createPiperEngine } from '../src/speech/engines/piper/index.js';
import { createSvoxPicoEngine } from '../src/speech/engines/svox-pico/index.js';
import { startServer, type TestServer } from '../test/helpers/server.js';
import { presetFor } from '../test/helpers/voices.js';
import { REPO } from './common.js';

export interface EngineUnderTest {
  label: string;
  engine: SpeechEngine | null;
  voice: string;
  note?: string;
}

/** The neural test weights: VOICELIB_TEST_MODELS, else where `npm test` caches them, when present. */
function testModels(): string | null {
  if (process.env['VOICELIB_TEST_MODELS']) return process.env['VOICELIB_TEST_MODELS'];
  const cache =
    process.env['VOICELIB_CACHE'] ?? path.join(process.env['XDG_CACHE_HOME'] ?? path.join(homedir(), '.cache'), 'voicelib');
  const dir = path.join(cache, 'test-models');
  return existsSync(dir) ? dir : null;
}

/**
 * Model folders, in the order the server searches them: MODELS_SEARCH_PATH, then the neural test
 * weights (Kokoro, Piper), then ../shared/models (SVOX Pico lingware).
 */
export function modelFolders(): string[] {
  const listed = (process.env['MODELS_SEARCH_PATH'] ?? '').split(path.delimiter).filter((p) => p !== '');
  const neural = testModels();
  const shared = path.resolve(REPO, '../shared/models');
  const all = [...listed, ...(neural ? [neural] : []), ...(existsSync(shared) ? [shared] : [])];
  return [...new Set(all.map((p) => path.resolve(p)))];
}

/** Kokoro's voice packs (`<folder>/kokoro-82m/voices`) in the first model folder that has them. */
export function kokoroVoicesDir(): string | null {
  for (const folder of modelFolders()) {
    const dir = path.join(folder, 'kokoro-82m', 'voices');
    if (existsSync(path.join(dir, 'af_heart.bin'))) return dir;
  }
  return null;
}

/**
 * Model folders for engines a bench creates itself: `modelFolders()`, then data/models, where a
 * default server keeps its models and where Kokoro caches its prepared copy (the last folder).
 */
export function engineModelFolders(): string[] {
  return [...modelFolders(), path.resolve(REPO, 'data/models')];
}

function picoLingware(): string | null {
  for (const dir of modelFolders()) {
    if (existsSync(path.join(dir, 'en-US_ta.bin'))) return dir;
    if (existsSync(path.join(dir, 'svox-pico', 'en-US_ta.bin'))) return path.join(dir, 'svox-pico');
  }
  return null;
}

export async function engines(espeak: SpeechEngine): Promise<EngineUnderTest[]> {
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
  const folders = engineModelFolders();
  // One worker: onnxruntime then uses every core for it (2 intra-op threads here).
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
// The server

export interface BenchServer {
  server: TestServer;
  key: string;
  /** The catalog voice sections 2, 4 and b time requests with. */
  voice: string;
}

export async function startBenchServer(): Promise<BenchServer> {
  const server = await startServer({
    QUEUE_CONCURRENCY: '2',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_VOICE_PER_HOUR: '1000000',
    ENGINE_WARMUP: 'true',
    ...(process.env['ENGINE_THREADS'] ? { ENGINE_THREADS: process.env['ENGINE_THREADS'] } : {}),
    // The server finds what a user's machine would have after `voicelib models pull`.
    MODELS_SEARCH_PATH: modelFolders().join(path.delimiter),
  });
  // container.start() warmed the engines (ENGINE_WARMUP); wait for it so the first request is not cold.
  await server.container.engines.warm();
  const account = await server.createAccount('pro', 10_000_000);
  return { server, key: account.api_key, voice: presetFor('en-US').id };
}

export interface PostResult {
  ms: number;
  status: number;
  audioSec: number;
  /** The X-Voice-Engine header: the engine the model chose for the voice. */
  engine: string;
  bytes: number;
  /** Decoded audio, for WAV answers. */
  audio?: PcmAudio;
  error?: string;
}

/** POST /api/v1/tts; wall time from sending to the whole answer read. */
export async function post(bench: BenchServer, body: Record<string, unknown>): Promise<PostResult> {
  const started = performance.now();
  const res = await fetch(`${bench.server.url}/api/v1/tts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  const engine = res.headers.get('x-voice-engine') ?? '?';
  if (res.status !== 200) return { ms, status: res.status, audioSec: Number.NaN, engine, bytes: 0, error: text.slice(0, 120) };
  let audioSec = Number.NaN;
  let bytes = 0;
  let audio: PcmAudio | undefined;
  try {
    const parsed = JSON.parse(text) as { id: string; audio_base64: string };
    const data = Buffer.from(parsed.audio_base64.slice(parsed.audio_base64.indexOf(',') + 1), 'base64');
    bytes = data.length;
    if (body['format'] === 'WAV') {
      audio = decodeWav(data);
      audioSec = audio.samples.length / audio.sampleRate;
    } else {
      const row = await bench.server.container.store.findGenerationById(parsed.id).catch(() => undefined);
      if (row) audioSec = Number(row.duration_seconds);
    }
  } catch {
    // Numbers only: a body we cannot read leaves the audio length unknown.
  }
  return { ms, status: res.status, audioSec, engine, bytes, ...(audio ? { audio } : {}) };
}
