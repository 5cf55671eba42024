import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { convertPcm } from '../../src/audio/pcm-convert.js';
import { AppError } from '../../src/errors.js';
import type { SpeechEngine, SynthesisInput } from '../../src/speech/engine.js';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../../src/speech/engines/flite/index.js';
import { createKokoroEngine } from '../../src/speech/engines/kokoro/index.js';
import { createPiperEngine } from '../../src/speech/engines/piper/index.js';
import { createSvoxPicoEngine } from '../../src/speech/engines/svox-pico/index.js';
import { CloneFitter } from '../../src/voices/clone/fit/fitter.js';
import { KOKORO_SKIP, neuralEnv, PIPER_SKIP } from '../helpers/models.js';
import { type Account, startServer, type TestServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';
import { repeats } from '../helpers/repeats.js';

/**
 * Supervised workers (issue 32): a worker of each pool made to fail as it starts, or to die in the
 * middle of a request, fails that request with a retryable 503 and nothing else: the next request
 * succeeds on a replacement thread, and this process, which holds the pools, never exits (an
 * unheard pool 'error' event would end it, and the test with it). The faults come from the workers'
 * test-only switch (src/workers/worker-entry.cts): a one-shot file per pool in VOICELIB_WORKER_FAULTS.
 */

const faults = mkdtempSync(path.join(os.tmpdir(), 'voicelib-faults-'));
process.env['VOICELIB_WORKER_FAULTS'] = faults;
const inject = (pool: string, kind: 'start' | 'die') => writeFileSync(path.join(faults, `${pool}.${kind}`), '');
const pending = () => readdirSync(faults);

const LINGWARE = path.resolve(process.env['VOICELIB_SHARED_MODELS'] ?? '../shared/models', 'svox-pico');
const NO_LINGWARE = existsSync(path.join(LINGWARE, 'en-US_ta.bin')) ? {} : { skip: `no SVOX Pico lingware at ${LINGWARE}` };

function input(language = 'en-US', voice = 'en-US'): SynthesisInput {
  return { text: 'Hello there, this is a test.', language, voice: { id: voice }, speed: 1, variation: 0.5 };
}

function retryable503(error: unknown): boolean {
  assert.ok(error instanceof AppError, `an AppError, got ${String(error)}`);
  assert.equal(error.code, 'service_unavailable', error.message);
  assert.equal(error.retryable, true);
  return true;
}

/** Open descriptors and threads of this process. */
function usage(): { fds: number; threads: number } {
  const threads = Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  return { fds: readdirSync('/proc/self/fd').length, threads };
}

/** Start failure, then death mid-request: each fails its request only; every other request works. */
async function survives(pool: string, call: () => Promise<unknown>): Promise<void> {
  await call();
  for (const kind of ['start', 'die'] as const) {
    inject(pool, kind);
    // A start failure shows on the next thread started: the one that replaces the killed one below.
    if (kind === 'start') inject(pool, 'die');
    await assert.rejects(call(), retryable503);
    if (kind === 'start') await assert.rejects(call(), retryable503);
    assert.deepEqual(pending(), [], 'every injected fault was met');
    await call();
  }
}

describe('every worker pool survives its workers', () => {
  const engines: SpeechEngine[] = [];
  after(async () => {
    for (const engine of engines) await engine.close();
  });
  const engine = <E extends SpeechEngine>(e: E): E => {
    engines.push(e);
    return e;
  };

  const ROUNDS = repeats(100);
  test(`espeak-ng, ${ROUNDS} times over without a leak of threads or descriptors`, async () => {
    const espeak = engine(createEspeakEngine({ threads: 1 }));
    await survives('espeak-ng', () => espeak.synthesize(input()));
    const before = usage();
    for (let round = 0; round < ROUNDS; round += 1) {
      inject('espeak-ng', round % 2 === 0 ? 'die' : 'start');
      if (round % 2 === 1) inject('espeak-ng', 'die');
      await assert.rejects(espeak.synthesize(input()), retryable503);
      if (round % 2 === 1) await assert.rejects(espeak.synthesize(input()), retryable503);
      await espeak.synthesize(input());
    }
    const now = usage();
    assert.ok(now.threads <= before.threads + 2, `threads ${before.threads} → ${now.threads}`);
    assert.ok(now.fds <= before.fds + 8, `descriptors ${before.fds} → ${now.fds}`);
  });

  test('Flite', async () => {
    const flite = engine(createFliteEngine({ threads: 1, tempDir: faults }));
    await survives('Flite', () => flite.synthesize(input('en-US', 'slt')));
  });

  test('SVOX Pico', NO_LINGWARE, async () => {
    const espeak = engine(createEspeakEngine({ threads: 1 }));
    const pico = engine(createSvoxPicoEngine({ modelsDir: LINGWARE, modelsSearchPath: [LINGWARE], reference: espeak, threads: 1 }));
    await survives('SVOX Pico', () => pico.synthesize(input()));
  });

  test('Kokoro', KOKORO_SKIP, async () => {
    const env = neuralEnv();
    const kokoro = engine(createKokoroEngine({ modelFolders: [...env.MODELS_SEARCH_PATH!.split(':'), env.MODELS_DIR!] }));
    await survives('Kokoro', () => kokoro.synthesize({ ...input(), voice: { id: 'af_heart' } }));
  });

  test('Piper', PIPER_SKIP, async () => {
    const env = neuralEnv();
    const piper = engine(createPiperEngine({ modelFolders: env.MODELS_SEARCH_PATH!.split(':') }));
    const voice = piper.info.voices[0]!.id;
    await survives('Piper', () => piper.synthesize({ ...input(), voice: { id: voice } }));
  });

  test('PCM conversion', async () => {
    const pcm = { sampleRate: 22050, samples: new Float32Array(22050).map((_, i) => Math.sin(i / 10) * 0.3) };
    await survives('PCM conversion', () => convertPcm(pcm, 24000, 'pcm16'));
  });

  test('clone fitting', async () => {
    const espeak = engine(createEspeakEngine({ threads: 1 }));
    const fitter = new CloneFitter(async () => [espeak]);
    try {
      const { audio } = await espeak.synthesize({ ...input(), text: 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.' });
      await survives('Clone fitting', () => fitter.fit({ audio, language: 'en-US', removeNoise: false }));
    } finally {
      await fitter.close();
    }
  });
});

describe('through the server', () => {
  let server: TestServer;
  let account: Account;
  after(async () => server?.close());

  test('a request whose worker dies answers 503 with Retry-After in the error shape; the next is served', async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '1000' });
    account = await server.createAccount('pro', 100_000);
    const speak = () =>
      server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text: 'Hello there.', voice: presetFor('en-US').id, model: 'v-lite', format: 'WAV' },
      });
    assert.equal((await speak()).status, 200);
    const points = (await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points;
    inject('espeak-ng', 'die');
    const failed = await speak();
    assert.equal(failed.status, 503, failed.text);
    assert.equal(failed.body.error.code, 'service_unavailable');
    assert.match(failed.body.error.message, /espeak-ng worker stopped/);
    assert.ok(failed.headers.get('retry-after'));
    // Nothing charged for the failed request.
    assert.equal((await server.request('GET', '/api/v1/ping', { key: account.api_key })).body.points, points);
    assert.equal((await speak()).status, 200);
  });
});
