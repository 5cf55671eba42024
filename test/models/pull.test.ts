import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runModelsCommand } from '../../src/models/cli.js';
import { listModels } from '../../src/models/list.js';
import { findModelPack, MODEL_MANIFEST, type ModelManifest } from '../../src/models/manifest.js';
import { fileUrl, type PullProgress, pullModel } from '../../src/models/pull.js';
import { FixtureServer } from './fixture-server.js';

const SHARED_PICO = path.resolve(process.env['VOICELIB_SHARED_MODELS'] ?? '../shared/models', 'svox-pico');

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('models pull', () => {
  const server = new FixtureServer();
  let baseUrl = '';
  let root = '';
  const big = randomBytes(300_000);
  const small = Buffer.from('a small fixture file\n');
  const manifest: ModelManifest = [
    {
      name: 'fixture-pack',
      description: 'test fixture',
      license: 'none',
      baseUrl: 'https://example.invalid/never-used/',
      files: [
        { name: 'big.bin', sha256: sha256(big), bytes: big.length },
        { name: 'small.txt', sha256: sha256(small) },
      ],
    },
    {
      name: 'bad-pack',
      description: 'pinned to the wrong hash',
      license: 'none',
      baseUrl: 'https://example.invalid/',
      files: [{ name: 'small.txt', sha256: '0'.repeat(64) }],
    },
    {
      name: 'loose-pack',
      description: 'not pinned',
      license: 'none',
      baseUrl: 'https://example.invalid/',
      files: [{ name: 'small.txt', sha256: null }],
    },
  ];
  const fresh = () => mkdtempSync(path.join(root, 'models-'));

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'voicelib-pull-test-'));
    for (const pack of ['fixture-pack', 'bad-pack', 'loose-pack'])
      server.files.set(`/${pack}/small.txt`, small);
    server.files.set('/fixture-pack/big.bin', big);
    baseUrl = await server.start();
  });
  after(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('downloads, verifies and reports progress; a second pull skips', async () => {
    const modelsDir = fresh();
    const events: PullProgress[] = [];
    const first = await pullModel('fixture-pack', {
      modelsDir,
      manifest,
      baseUrlOverride: baseUrl,
      onProgress: (event) => events.push(event),
    });
    assert.deepEqual(
      first.files.map((file) => [file.name, file.status]),
      [
        ['big.bin', 'downloaded'],
        ['small.txt', 'downloaded'],
      ],
    );
    const folder = path.join(modelsDir, 'fixture-pack');
    assert.deepEqual(readFileSync(path.join(folder, 'big.bin')), big);
    assert.deepEqual(readFileSync(path.join(folder, 'small.txt')), small);
    assert.deepEqual(readdirSync(folder).sort(), ['big.bin', 'small.txt'], 'no .part file is left behind');

    const phases = new Set(events.filter((event) => event.file === 'big.bin').map((event) => event.phase));
    assert.deepEqual([...phases], ['start', 'data', 'verify', 'done']);
    const last = events.filter((event) => event.file === 'big.bin' && event.phase === 'data').at(-1);
    assert.equal(last?.receivedBytes, big.length);
    assert.equal(last?.totalBytes, big.length);

    const before = server.requests.length;
    const second = await pullModel('fixture-pack', { modelsDir, manifest, baseUrlOverride: baseUrl });
    assert.deepEqual(
      second.files.map((file) => file.status),
      ['present', 'present'],
    );
    assert.equal(server.requests.length, before, 'nothing is fetched again');
  });

  test('resumes a truncated .part with a Range request', async () => {
    const modelsDir = fresh();
    const folder = path.join(modelsDir, 'fixture-pack');
    mkdirSync(folder, { recursive: true });
    const kept = 123_456;
    writeFileSync(path.join(folder, 'big.bin.part'), big.subarray(0, kept));
    const events: PullProgress[] = [];
    const result = await pullModel('fixture-pack', {
      modelsDir,
      manifest,
      baseUrlOverride: baseUrl,
      onProgress: (event) => events.push(event),
    });
    assert.equal(result.files[0]?.status, 'resumed');
    const request = server.requests.filter((served) => served.url === '/fixture-pack/big.bin').at(-1);
    assert.equal(request?.range, `bytes=${kept}-`);
    assert.equal(request?.status, 206);
    assert.deepEqual(readFileSync(path.join(folder, 'big.bin')), big);
    assert.equal(existsSync(path.join(folder, 'big.bin.part')), false);
    assert.equal(
      events.find((event) => event.phase === 'start' && event.file === 'big.bin')?.resumeFrom,
      kept,
    );
  });

  test('starts over when the server ignores the range', async () => {
    const modelsDir = fresh();
    const folder = path.join(modelsDir, 'fixture-pack');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'big.bin.part'), Buffer.from('garbage that must not survive'));
    server.ignoreRanges = true;
    try {
      const result = await pullModel('fixture-pack', { modelsDir, manifest, baseUrlOverride: baseUrl });
      assert.equal(result.files[0]?.status, 'downloaded');
    } finally {
      server.ignoreRanges = false;
    }
    assert.deepEqual(readFileSync(path.join(folder, 'big.bin')), big);
  });

  test('a complete .part is verified without fetching the body again', async () => {
    const modelsDir = fresh();
    const folder = path.join(modelsDir, 'fixture-pack');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'big.bin.part'), big);
    await pullModel('fixture-pack', { modelsDir, manifest, baseUrlOverride: baseUrl });
    const request = server.requests.filter((served) => served.url === '/fixture-pack/big.bin').at(-1);
    assert.equal(request?.status, 416);
    assert.deepEqual(readFileSync(path.join(folder, 'big.bin')), big);
  });

  test('rejects a hash mismatch, naming the file and both hashes, and leaves nothing behind', async () => {
    const modelsDir = fresh();
    await assert.rejects(
      pullModel('bad-pack', { modelsDir, manifest, baseUrlOverride: baseUrl }),
      (error: unknown) => {
        assert.ok(error instanceof Error);
        assert.match(error.message, /bad-pack\/small\.txt/);
        assert.match(error.message, new RegExp(`expected ${'0'.repeat(64)}`));
        assert.match(error.message, new RegExp(`got ${sha256(small)}`));
        return true;
      },
    );
    assert.deepEqual(
      readdirSync(path.join(modelsDir, 'bad-pack')),
      [],
      'neither the file nor its .part remain',
    );
  });

  test('refuses unpinned files unless allowed', async () => {
    const modelsDir = fresh();
    await assert.rejects(
      pullModel('loose-pack', { modelsDir, manifest, baseUrlOverride: baseUrl }),
      /without a pinned SHA-256 \(small\.txt\).*--allow-unverified/s,
    );
    const result = await pullModel('loose-pack', {
      modelsDir,
      manifest,
      baseUrlOverride: baseUrl,
      allowUnverified: true,
    });
    assert.equal(result.files[0]?.status, 'downloaded');
    await assert.rejects(
      pullModel('no-such-pack', { modelsDir, manifest }),
      /Unknown model pack "no-such-pack"/,
    );
  });

  test('lists packs as missing, partial and installed', async () => {
    const modelsDir = fresh();
    const status = async () =>
      Object.fromEntries(
        (await listModels({ modelsDir, manifest })).map((listing) => [listing.name, listing.status]),
      );
    assert.equal((await status())['fixture-pack'], 'missing');
    mkdirSync(path.join(modelsDir, 'fixture-pack'));
    writeFileSync(path.join(modelsDir, 'fixture-pack', 'small.txt'), small);
    assert.equal((await status())['fixture-pack'], 'partial');
    await pullModel('fixture-pack', { modelsDir, manifest, baseUrlOverride: baseUrl });
    assert.equal((await status())['fixture-pack'], 'installed');
    const listed = await listModels({ modelsDir, manifest, verify: true });
    assert.equal(
      listed[0]?.files.every((file) => file.verified === true),
      true,
    );
    assert.equal(listed.find((listing) => listing.name === 'loose-pack')?.pinned, false);
  });

  test('the models command pulls through VOICELIB_MODELS_BASE_URL and prints plain lines off a TTY', async () => {
    const modelsDir = fresh();
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdout: { isTTY: false, write: (text: string) => out.push(text) },
      stderr: { isTTY: false, write: (text: string) => err.push(text) },
    };
    const env = { VOICELIB_MODELS_BASE_URL: baseUrl };
    assert.equal(await runModelsCommand(['pull', 'fixture-pack'], { modelsDir, manifest, env, ...io }), 0);
    const printed = out.join('');
    assert.match(printed, /\[1\/2\] big\.bin: downloading 300\.0 kB/);
    assert.match(printed, /\[1\/2\] big\.bin: done \(300\.0 kB, SHA-256 ok\)/);
    assert.doesNotMatch(printed, /\r/);

    out.length = 0;
    assert.equal(await runModelsCommand(['list', '--json'], { modelsDir, manifest, ...io }), 0);
    const listed = JSON.parse(out.join('')) as { packs: Array<{ name: string; status: string }> };
    assert.equal(listed.packs.find((pack) => pack.name === 'fixture-pack')?.status, 'installed');

    assert.equal(await runModelsCommand(['pull', 'bad-pack'], { modelsDir, manifest, env, ...io }), 1);
    assert.match(err.join(''), /SHA-256 mismatch/);
    assert.equal(await runModelsCommand([], { modelsDir, manifest, env, ...io }), 2);
    assert.equal(await runModelsCommand(['pull', 'x', '--bogus'], { modelsDir, manifest, env, ...io }), 2);
  });

  test('draws a progress bar on a TTY', async () => {
    const modelsDir = fresh();
    const out: string[] = [];
    const stdout = { isTTY: true, columns: 100, write: (text: string) => out.push(text) };
    const env = { VOICELIB_MODELS_BASE_URL: baseUrl };
    assert.equal(await runModelsCommand(['pull', 'fixture-pack'], { modelsDir, manifest, env, stdout }), 0);
    const redraw = '\r\u001b[2K';
    const bar = /^\[1\/2\] big\.bin \[[#-]{24}\]/;
    assert.ok(
      out.some((text) => text.startsWith(redraw) && bar.test(text.slice(redraw.length))),
      'no bar was drawn',
    );
  });
});

describe('svox-pico pack', () => {
  test('points at the pinned upstream commit', () => {
    const pack = findModelPack('svox-pico');
    assert.ok(pack);
    assert.equal(pack.files.length, 12);
    const file = pack.files.find((entry) => entry.name === 'en-US_ta.bin');
    assert.ok(file);
    assert.equal(
      fileUrl(pack, file),
      'https://raw.githubusercontent.com/jpwhiting/svox-pico/d93ba0cabe501a6fdebe6541328be13b5a1724f1/oldbinfiles/en-US_ta.bin',
    );
    // Pinned: svox-pico, Kokoro (both exports and the voices), the speaker encoder, the naturalness judge and Piper joe; the other Piper voices are not.
    const pinned = MODEL_MANIFEST.filter((entry) => entry.files.every((file) => file.sha256 !== null));
    assert.deepEqual(
      pinned.map((entry) => entry.name),
      ['svox-pico', 'kokoro-82m', 'kokoro-82m-onnx-community', 'kokoro-82m-voices', 'resemblyzer-ge2e', 'dnsmos', 'piper-en_US-joe-medium'],
    );
    // The speaker encoder's pin is the file the tests fetch from the resemblyzer wheel.
    const encoder = MODEL_MANIFEST.find((entry) => entry.name === 'resemblyzer-ge2e');
    assert.equal(encoder?.files[0]?.sha256, '39373b86598fa3da9fcddee6142382efe09777e8d37dc9c0561f41f0070f134e');
    // The judge's pin is the file the tests fetch from the speechmos wheel, and pulling the encoder brings it.
    assert.equal(findModelPack('naturalness-judge')?.files[0]?.sha256, '269fbebdb513aa23cddfbb593542ecc540284a91849ac50516870e1ac78f6edd');
    assert.deepEqual(encoder?.with, ['dnsmos']);
  });

  test('the real pinned hashes match the lingware, fetched through a local server', async (t) => {
    if (!existsSync(path.join(SHARED_PICO, 'SHA256SUMS'))) {
      return t.skip(`no lingware at ${SHARED_PICO} (set VOICELIB_SHARED_MODELS)`);
    }
    const server = new FixtureServer();
    for (const name of readdirSync(SHARED_PICO).filter((entry) => entry.endsWith('.bin'))) {
      server.files.set(`/svox-pico/${name}`, readFileSync(path.join(SHARED_PICO, name)));
    }
    const baseUrl = await server.start();
    const modelsDir = mkdtempSync(path.join(os.tmpdir(), 'voicelib-pico-pull-'));
    try {
      const result = await pullModel('svox-pico', { modelsDir, baseUrlOverride: baseUrl });
      assert.equal(result.files.length, 12);
      assert.ok(result.files.every((file) => file.status === 'downloaded'));
      // The sums file that came with the copies agrees with the manifest, line for line.
      const sums = readFileSync(path.join(SHARED_PICO, 'SHA256SUMS'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/));
      const pinned = new Map(findModelPack('svox-pico')?.files.map((file) => [file.name, file.sha256]));
      for (const [hash, name] of sums) assert.equal(pinned.get(name ?? ''), hash, name);
      const listed = await listModels({ modelsDir, verify: true });
      assert.equal(listed.find((listing) => listing.name === 'svox-pico')?.status, 'installed');
    } finally {
      await server.stop();
      rmSync(modelsDir, { recursive: true, force: true });
    }
  });
});
