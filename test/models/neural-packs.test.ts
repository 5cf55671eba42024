import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importModels } from '../../src/models/import.js';
import { listModels } from '../../src/models/list.js';
import { findModelPack } from '../../src/models/manifest.js';
import { pullModel } from '../../src/models/pull.js';
import { runModelsCommand } from '../../src/models/cli.js';
import { KOKORO_SKIP, PIPER_SKIP, TEST_MODELS_DIR } from '../helpers/models.js';
import { FixtureServer } from './fixture-server.js';

/**
 * The pinned Kokoro and Piper entries against the real files in VOICELIB_TEST_MODELS (taken from
 * PyPI wheels by scripts/fetch-test-models.sh): `pull` through a local server and `import` of the
 * copies must both accept them, so a wrong pinned hash or size fails here.
 */

const KOKORO_FILE = 'kokoro-82m/kokoro-v1.0.int8.onnx';
const JOE = 'piper-en_US-joe-medium';

describe('neural packs with the real weights', () => {
  const server = new FixtureServer();
  let baseUrl = '';
  let root = '';
  const source = (file: string) => path.join(TEST_MODELS_DIR ?? '', file);

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'voicelib-neural-packs-'));
    server.files.set(`/${KOKORO_FILE}`, source(KOKORO_FILE));
    // The voice packs pack installs into kokoro-82m/voices: a mirror serves it under that folder.
    for (const name of readdirSync(source('kokoro-82m/voices'))) {
      server.files.set(`/kokoro-82m/voices/${name}`, source(`kokoro-82m/voices/${name}`));
    }
    for (const name of ['en_US-joe-medium.onnx', 'en_US-joe-medium.onnx.json']) {
      server.files.set(`/${JOE}/${name}`, source(`${JOE}/${name}`));
    }
    baseUrl = await server.start();
  });
  after(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('pull kokoro fetches the pinned kokoro-onnx file into kokoro-82m/', KOKORO_SKIP, async () => {
    const modelsDir = mkdtempSync(path.join(root, 'pull-'));
    const result = await pullModel('kokoro', { modelsDir, baseUrlOverride: baseUrl });
    assert.equal(result.pack, 'kokoro-82m');
    assert.deepEqual(
      result.files.map((f) => [f.name, f.status, f.bytes]),
      [['kokoro-v1.0.int8.onnx', 'downloaded', 92_361_271]],
    );
    assert.equal(statSync(path.join(modelsDir, KOKORO_FILE)).size, 92_361_271);
  });

  test('voicelib models pull kokoro fetches the model and its 54 pinned voice packs', KOKORO_SKIP, async () => {
    const modelsDir = mkdtempSync(path.join(root, 'cli-'));
    let printed = '';
    const code = await runModelsCommand(['pull', 'kokoro'], {
      modelsDir,
      env: { VOICELIB_MODELS_BASE_URL: baseUrl },
      stdout: { write: (text: string) => (printed += text), isTTY: false } as never,
    });
    assert.equal(code, 0, printed);
    assert.match(printed, /kokoro-82m: 1 files/);
    assert.match(printed, /kokoro-82m-voices: 54 files .*\(54 downloaded\)/);
    assert.equal(readdirSync(path.join(modelsDir, 'kokoro-82m', 'voices')).length, 54);
    const listed = await listModels({ modelsDir, verify: true });
    assert.equal(listed.find((l) => l.name === 'kokoro-82m-voices')?.status, 'installed');
  });

  test('pull piper-en-us-joe fetches both pinned files', PIPER_SKIP, async () => {
    const modelsDir = mkdtempSync(path.join(root, 'pull-'));
    const result = await pullModel('piper-en-us-joe', { modelsDir, baseUrlOverride: baseUrl });
    const pinned = findModelPack(JOE)?.files.map((f) => [f.name, f.sha256, f.bytes]);
    assert.deepEqual(
      result.files.map((f) => [f.name, f.sha256, f.bytes]),
      pinned,
    );
    const listed = await listModels({ modelsDir, verify: true });
    assert.equal(listed.find((l) => l.name === JOE)?.status, 'installed');
  });

  const both = { ...KOKORO_SKIP, ...PIPER_SKIP };
  test('import recognizes the copied Kokoro, Piper, speaker encoder and naturalness judge files by hash', both, async () => {
    const modelsDir = mkdtempSync(path.join(root, 'import-'));
    // The whole test-models folder, as a user would copy it from another machine.
    const result = await importModels(TEST_MODELS_DIR ?? '', { modelsDir });
    assert.deepEqual(result.skipped, []);
    // The 54 voice packs, each recognized by its pinned hash.
    const voices = result.files.filter((f) => f.pack === 'kokoro-82m-voices');
    assert.equal(voices.length, 54);
    assert.ok(voices.every((f) => f.verified && path.relative(modelsDir, f.target).startsWith('kokoro-82m/voices/')));
    assert.deepEqual(
      result.files
        .filter((f) => f.pack !== 'kokoro-82m-voices')
        .map((f) => [f.pack, path.relative(modelsDir, f.target), f.verified])
        .sort(),
      [
        ['dnsmos', 'dnsmos/sig_bak_ovr.onnx', true],
        ['kokoro-82m', KOKORO_FILE, true],
        [JOE, `${JOE}/en_US-joe-medium.onnx`, true],
        [JOE, `${JOE}/en_US-joe-medium.onnx.json`, true],
        ['resemblyzer-ge2e', 'resemblyzer-ge2e/pretrained.pt', true],
      ],
    );
    assert.deepEqual(
      result.packs.map((p) => [p.name, p.missing]).sort(),
      [
        ['dnsmos', []],
        ['kokoro-82m', []],
        ['kokoro-82m-voices', []],
        [JOE, []],
        ['resemblyzer-ge2e', []],
      ],
    );
    assert.deepEqual(readdirSync(path.join(modelsDir, JOE)).sort(), [
      'en_US-joe-medium.onnx',
      'en_US-joe-medium.onnx.json',
    ]);
  });
});
