import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { lyingWav, measuredTools, oneHertzBomb, tenHourWebm, tone } from '../audio/hostile-audio.js';
import { CLONE_SCRIPT, cloneBody, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * Decode bombs through the clone endpoint (docs/reliability.md, F3): each is a 4xx in the error
 * shape, costs no points, takes no slot and leaves no file; the WAV ones never start ffmpeg.
 * Decoding happens under DATA_DIR/tmp (F11).
 */

const POINTS = 1000;

/** Every file under `dir` (recursively), as paths relative to it; none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)));
}

describe('clone uploads that lie about themselves', () => {
  const tools = measuredTools();
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({
      RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_VOICE_PER_HOUR: '10000',
      FFMPEG_PATH: tools.ffmpegPath,
      FFPROBE_PATH: tools.ffprobePath,
    });
    account = await server.createAccount('pro', POINTS);
  });
  after(() => server.close());

  const clone = (data: Buffer) =>
    server.request('POST', '/api/v1/voices/clones', { key: account.api_key, body: cloneBody(data) });

  async function assertNothingTaken(): Promise<void> {
    const me = await server.request('GET', '/api/v1/me', { key: account.api_key });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.points, POINTS);
    assert.equal(me.body.clones.used, 0);
    assert.deepEqual(filesUnder(path.join(server.dataDir, 'blobs')), []);
    assert.deepEqual(filesUnder(server.container.config.tempDir), []);
  }

  test('absurd WAV headers: 400 unreadable_audio naming the claim, and no ffmpeg ran', async () => {
    tools.reset();
    const cases: Array<[string, Buffer, RegExp]> = [
      ['1 Hz, 4 KB', oneHertzBomb(), /sampled at 1 Hz/],
      ['0 channels', lyingWav({ sampleRate: 16_000, channels: 0 }, tone(0.25)), /0 channels/],
      ['1000 channels', lyingWav({ sampleRate: 16_000, channels: 1000 }, tone(0.25)), /1000 channels/],
    ];
    for (const [what, wav, message] of cases) {
      const res = await clone(wav);
      assert.equal(res.status, 400, `${what}: ${res.text}`);
      assert.equal(res.body.error.code, 'unreadable_audio', what);
      assert.match(res.body.error.message, message, what);
    }
    // Four bombs at once, the case that took 4.8 GB.
    const four = await Promise.all([1, 2, 3, 4].map(() => clone(oneHertzBomb())));
    for (const res of four) assert.equal(res.status, 400, res.text);
    assert.deepEqual(tools.runs(), [], 'the header check needs no process');
    await assertNothingTaken();
  });

  test('a WAV claiming a 4 GB data chunk over 4 KB: only the real bytes are read (too short to clone)', async () => {
    const res = await clone(lyingWav({ sampleRate: 16_000, channels: 1, dataLengthClaim: 0xf000_0000 }, tone(0.125)));
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.code, 'unreadable_audio');
    assert.equal(typeof res.body.error.message, 'string');
    await assertNothingTaken();
  });

  test('a recording claiming to last 10 hours: 413 sample_too_large, refused before the decode', async () => {
    tools.reset();
    const res = await clone(await tenHourWebm());
    assert.equal(res.status, 413, res.text);
    assert.equal(res.body.error.code, 'sample_too_large');
    assert.match(res.body.error.message, /10\.0 h/);
    assert.deepEqual(
      tools.runs().map((run) => run.tool),
      ['ffprobe'],
    );
    await assertNothingTaken();
  });

  test('an honest recording still clones, decoded under DATA_DIR/tmp, which is empty afterwards', async () => {
    const recording = await speechWav(server, account.api_key, presetFor('en-US', 'male').id, CLONE_SCRIPT);
    tools.reset();
    const res = await clone(recording);
    assert.equal(res.status, 200, res.text);
    const decodes = tools.runs();
    assert.deepEqual(
      decodes.map((run) => run.tool),
      ['ffprobe', 'ffmpeg'],
    );
    const scratch = path.join(server.container.config.tempDir, 'voicelib-decode-');
    for (const run of decodes) assert.ok(run.args.includes(scratch), `${run.tool} read ${run.args}`);
    assert.deepEqual(filesUnder(server.container.config.tempDir), []);
  });
});
