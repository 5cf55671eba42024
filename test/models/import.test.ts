import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runModelsCommand } from '../../src/models/cli.js';
import { importModels } from '../../src/models/import.js';
import { findModelPack, type ModelManifest } from '../../src/models/manifest.js';
import { pullModel } from '../../src/models/pull.js';
import { FixtureServer } from './fixture-server.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Lines written to a fake terminal stream. */
function capture() {
  const out: string[] = [];
  return { text: () => out.join(''), stream: { isTTY: false, write: (t: string) => out.push(t) } };
}

describe('models import', () => {
  let root = '';
  const weights = randomBytes(50_000);
  const config = Buffer.from('{"audio":{"sample_rate":22050}}\n');
  const manifest: ModelManifest = [
    {
      name: 'voice-pack',
      aliases: ['voice'],
      description: 'two pinned files',
      license: 'none',
      baseUrl: 'https://models.example.invalid/v1/',
      files: [
        { name: 'voice.onnx', source: 'en/voice.onnx', sha256: sha256(weights), bytes: weights.length },
        { name: 'voice.onnx.json', source: 'en/voice.onnx.json', sha256: sha256(config) },
      ],
    },
    {
      name: 'voice-pack-alt',
      folder: 'voice-pack',
      description: 'an alternative export into the same folder',
      license: 'none',
      baseUrl: 'https://other.example.invalid/',
      files: [{ name: 'alt.onnx', sha256: sha256(Buffer.from('alt')) }],
    },
    {
      name: 'loose-pack',
      description: 'unpinned',
      license: 'none',
      baseUrl: 'https://models.example.invalid/',
      files: [{ name: 'loose.bin', sha256: null }],
    },
  ];
  const fresh = (prefix: string) => mkdtempSync(path.join(root, prefix));

  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'voicelib-import-test-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('recognizes a renamed file by its hash and installs it under its pack name', async () => {
    const modelsDir = fresh('models-');
    const downloads = fresh('downloads-');
    const copy = path.join(downloads, 'voice (1).onnx');
    writeFileSync(copy, weights);
    const result = await importModels(copy, { modelsDir, manifest });
    const target = path.join(modelsDir, 'voice-pack', 'voice.onnx');
    assert.deepEqual(
      result.files.map((f) => [f.status, f.pack, f.target, f.verified]),
      [['installed', 'voice-pack', target, true]],
    );
    assert.deepEqual(readFileSync(target), weights);
    assert.deepEqual(result.packs, [
      { name: 'voice-pack', folder: path.join(modelsDir, 'voice-pack'), missing: ['voice.onnx.json'] },
    ]);
    assert.deepEqual(readdirSync(path.dirname(target)), ['voice.onnx'], 'no temporary file is left');
    const again = await importModels(copy, { modelsDir, manifest });
    assert.equal(again.files[0]?.status, 'present');
  });

  test('a folder: known files installed (also into a shared pack folder), others skipped', async () => {
    const modelsDir = fresh('models-');
    const downloads = fresh('downloads-');
    mkdirSync(path.join(downloads, 'nested'));
    writeFileSync(path.join(downloads, 'nested', 'voice.onnx'), weights);
    writeFileSync(path.join(downloads, 'voice.onnx.json'), config);
    writeFileSync(path.join(downloads, 'alt.onnx'), Buffer.from('alt'));
    writeFileSync(path.join(downloads, 'README.txt'), 'not a model');
    // A pull interrupted earlier: the import completes the file, so the part goes.
    mkdirSync(path.join(modelsDir, 'voice-pack'));
    writeFileSync(path.join(modelsDir, 'voice-pack', 'voice.onnx.part'), weights.subarray(0, 100));
    const seen: string[] = [];
    const result = await importModels(downloads, {
      modelsDir,
      manifest,
      onFile: (f) => seen.push(`${f.status} ${path.basename(f.source)}`),
    });
    assert.deepEqual(seen, [
      'skipped README.txt',
      'installed alt.onnx',
      'installed voice.onnx',
      'installed voice.onnx.json',
    ]);
    assert.match(result.skipped[0]?.reason ?? '', /not a file of any known pack \(SHA-256 [0-9a-f]{64}\)/);
    assert.deepEqual(readdirSync(path.join(modelsDir, 'voice-pack')).sort(), [
      'alt.onnx',
      'voice.onnx',
      'voice.onnx.json',
    ]);
    assert.deepEqual(
      result.packs.map((p) => [p.name, p.missing]),
      [
        ['voice-pack-alt', []],
        ['voice-pack', []],
      ],
    );
  });

  test('refuses a file named like a pinned one whose hash differs, writing nothing', async () => {
    const modelsDir = fresh('models-');
    const downloads = fresh('downloads-');
    const damaged = Buffer.from(weights);
    damaged[1000] = (damaged[1000] ?? 0) ^ 0xff;
    writeFileSync(path.join(downloads, 'voice.onnx'), damaged);
    await assert.rejects(importModels(path.join(downloads, 'voice.onnx'), { modelsDir, manifest }), (error) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /named like voice-pack\/voice\.onnx/);
      assert.match(error.message, new RegExp(`its SHA-256 is ${sha256(damaged)}, expected ${sha256(weights)}`));
      return true;
    });
    // Refused even inside a folder, and even with --allow-unverified: a pinned hash is never overridden.
    await assert.rejects(
      importModels(downloads, { modelsDir, manifest, pack: 'voice-pack', allowUnverified: true }),
      /named like voice-pack\/voice\.onnx/,
    );
    assert.deepEqual(readdirSync(modelsDir), []);
  });

  test('an unknown file is refused unless --allow-unverified with --pack', async () => {
    const modelsDir = fresh('models-');
    const downloads = fresh('downloads-');
    const file = path.join(downloads, 'loose.bin');
    writeFileSync(file, 'whatever the upstream has today');
    await assert.rejects(importModels(file, { modelsDir, manifest }), /not a file of any known pack.*--allow-unverified/s);
    await assert.rejects(
      importModels(file, { modelsDir, manifest, allowUnverified: true }),
      /--allow-unverified needs --pack NAME/,
    );
    const result = await importModels(file, { modelsDir, manifest, pack: 'loose-pack', allowUnverified: true });
    assert.deepEqual(
      result.files.map((f) => [f.pack, f.verified]),
      [['loose-pack', false]],
    );
    assert.ok(existsSync(path.join(modelsDir, 'loose-pack', 'loose.bin')));
    // A pack the manifest does not know (another Piper voice) gets a folder of its own name.
    writeFileSync(path.join(downloads, 'xx_XX-someone-low.onnx'), 'weights');
    await importModels(path.join(downloads, 'xx_XX-someone-low.onnx'), {
      modelsDir,
      manifest,
      pack: 'piper-xx_XX-someone-low',
      allowUnverified: true,
    });
    assert.ok(existsSync(path.join(modelsDir, 'piper-xx_XX-someone-low', 'xx_XX-someone-low.onnx')));
  });

  test('the import command prints what it installed and exits 1 on refusal', async () => {
    const modelsDir = fresh('models-');
    const downloads = fresh('downloads-');
    writeFileSync(path.join(downloads, 'voice.onnx'), weights);
    writeFileSync(path.join(downloads, 'voice.onnx.json'), config);
    const out = capture();
    const err = capture();
    const io = { modelsDir, manifest, stdout: out.stream, stderr: err.stream };
    assert.equal(await runModelsCommand(['import', downloads, '--pack', 'voice'], io), 0);
    assert.match(out.text(), /voice\.onnx -> .*voice-pack\/voice\.onnx \(50\.0 kB, SHA-256 ok\)/);
    assert.match(out.text(), /voice-pack: complete in /);
    writeFileSync(path.join(downloads, 'voice.onnx.json'), '{}');
    assert.equal(await runModelsCommand(['import', path.join(downloads, 'voice.onnx.json')], io), 1);
    assert.match(err.text(), /voicelib models import: .*named like voice-pack\/voice\.onnx\.json/);
    assert.equal(await runModelsCommand(['import'], io), 2);
  });
});

describe('pull offline', () => {
  test('says which URLs to fetch by hand, their hashes and the import command', async () => {
    // A port that was just closed: the connection is refused, as on a machine without network.
    const server = new FixtureServer();
    const closed = await server.start();
    await server.stop();
    const modelsDir = mkdtempSync(path.join(os.tmpdir(), 'voicelib-offline-'));
    try {
      const pack = findModelPack('piper-en-us-joe');
      assert.equal(pack?.name, 'piper-en_US-joe-medium', 'the issue names the voice by its alias');
      const err = capture();
      const env = { VOICELIB_MODELS_BASE_URL: closed };
      const code = await runModelsCommand(['pull', 'piper-en-us-joe'], {
        modelsDir,
        env,
        stdout: capture().stream,
        stderr: err.stream,
      });
      assert.equal(code, 1);
      const text = err.text();
      assert.match(text, /Downloading http:\/\/127\.0\.0\.1:\d+\/piper-en_US-joe-medium\/en_US-joe-medium\.onnx failed: fetch failed: .*ECONNREFUSED/);
      const upstream = 'https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/en/en_US/joe/medium/';
      assert.ok(text.includes(`${upstream}en_US-joe-medium.onnx\n`), text);
      assert.ok(text.includes(`${upstream}en_US-joe-medium.onnx.json\n`), text);
      assert.match(text, /SHA-256 58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06 \(63\.2 MB\)/);
      assert.match(text, /SHA-256 3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33 \(4\.8 kB\)/);
      assert.match(text, /voicelib models import PATH --pack piper-en_US-joe-medium\n/);
      assert.match(text, /MODELS_DIR\/piper-en_US-joe-medium\//);

      // The Kokoro alias: upstream is the kokoro-onnx release on GitHub.
      const kokoro = capture();
      await pullModel('kokoro', { modelsDir, baseUrlOverride: closed }).catch((e: Error) =>
        kokoro.stream.write(e.message),
      );
      assert.match(
        kokoro.text(),
        /https:\/\/github\.com\/thewh1teagle\/kokoro-onnx\/releases\/download\/model-files-v1\.0\/kokoro-v1\.0\.int8\.onnx\n.*SHA-256 6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb \(92\.4 MB\)/,
      );
    } finally {
      rmSync(modelsDir, { recursive: true, force: true });
    }
  });
});
