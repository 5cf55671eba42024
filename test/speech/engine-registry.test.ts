import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { AVAILABLE_ENGINES_TTL_MS, EngineRegistry } from '../../src/speech/engine-registry.js';
import type { KokoroEngine } from '../../src/speech/engines/kokoro/index.js';
import { KOKORO_SKIP, PIPER_SKIP, TEST_MODELS_DIR } from '../helpers/models.js';

const PIPER_PACK = 'piper-en_US-joe-medium';

/**
 * Which engines are installed is found out at most once per AVAILABLE_ENGINES_TTL_MS (each look
 * is every engine's file checks), so a model that another process puts in a model folder is used
 * from then on, without a restart.
 */
describe('the engine registry: installed engines', PIPER_SKIP, () => {
  let dir: string;
  let registry: EngineRegistry;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-registry-'));
    fs.mkdirSync(path.join(dir, 'search'));
    registry = new EngineRegistry(
      loadConfig({ MODELS_SEARCH_PATH: path.join(dir, 'search'), MODELS_DIR: path.join(dir, 'models'), DATA_DIR: path.join(dir, 'data') }),
    );
  });
  after(async () => {
    await registry.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a model put in a model folder is used within the time the list is kept', async () => {
    const ids = async () => (await registry.available()).map((engine) => engine.info.id);
    const before = await ids();
    assert.ok(before.includes('espeak-ng'), `espeak-ng needs no download: ${before}`);
    assert.ok(!before.includes('piper'), `no Piper voice yet: ${before}`);

    // What `voicelib models pull` leaves (here a link to the test weights' folder).
    fs.symlinkSync(path.join(TEST_MODELS_DIR!, PIPER_PACK), path.join(dir, 'search', PIPER_PACK));
    const started = performance.now();
    assert.ok(!(await ids()).includes('piper'), 'the list found a moment ago is kept');
    await sleep(Math.max(0, AVAILABLE_ENGINES_TTL_MS - (performance.now() - started)) + 50);
    assert.ok((await ids()).includes('piper'), 'looked again once the list is older than AVAILABLE_ENGINES_TTL_MS');

    // And it goes the same way when the model is removed.
    fs.rmSync(path.join(dir, 'search', PIPER_PACK));
    await sleep(AVAILABLE_ENGINES_TTL_MS + 50);
    assert.ok(!(await ids()).includes('piper'), 'a removed model is no longer offered');
  });
});

/**
 * `ENGINE_WARMUP` warms the engines a request would otherwise wait for: espeak-ng always, Kokoro (v-pro's
 * engine) once its weights are installed. Seen from outside: right after `warm()`, before any speech,
 * Kokoro's prepared model is in the models folder (made from the weights once, then reused).
 */
describe('the engine registry: warming at start', KOKORO_SKIP, () => {
  let dir: string;
  let registry: EngineRegistry;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-registry-warm-'));
    registry = new EngineRegistry(
      // Float32 only (no int8 vocoder calibration): the preparation takes seconds, not half a minute.
      loadConfig({
        MODELS_SEARCH_PATH: TEST_MODELS_DIR!,
        MODELS_DIR: path.join(dir, 'models'),
        DATA_DIR: path.join(dir, 'data'),
        KOKORO_QUANTIZE: 'false',
      }),
    );
  });
  after(async () => {
    await registry.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('Kokoro is prepared and loaded by warm(), before any request', async () => {
    const prepared = path.join(dir, 'models', 'kokoro-82m', '.prepared');
    assert.equal(fs.existsSync(prepared), false);
    await registry.warm();
    const files = fs.readdirSync(prepared).filter((name) => name.endsWith('.onnx'));
    assert.equal(files.length, 1, `one prepared model: ${files}`);
    const kokoro = (await registry.get('kokoro')) as KokoroEngine;
    assert.equal((await kokoro.model())?.prepared, true);
  });
});
