import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { decodeAudio, decodeFile } from '../../src/audio/decode.js';
import { DECODE_LIMITS } from '../../src/audio/decode-limits.js';
import { FairQueue } from '../../src/queue/fair-queue.js';
import { FfmpegFailure } from '../../src/audio/ffmpeg-process.js';
import { AppError } from '../../src/errors.js';
import { HAVE_GNU_TIME, lyingWav, measuredTools, oneHertzBomb, tenHourWebm, tone } from './hostile-audio.js';

/**
 * Decode bombs (docs/reliability.md, F3): recordings whose headers lie are refused before ffmpeg
 * decodes them, and ffmpeg itself stays bounded when one gets past the checks.
 */

/** ffmpeg decoding a 1 Hz WAV bomb unbounded peaked at 1.3 GB; bounded it stays near its idle ~55 MB. */
const BOUNDED_RSS_KIB = 200 * 1024;

function isAppError(code: string, message?: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, code, error.message);
    if (message) assert.match(error.message, message);
    return true;
  };
}

describe('decoding hostile recordings', () => {
  const tools = measuredTools();
  const tempDir = mkdtempSync(path.join(tmpdir(), 'voicelib-decode-limits-'));
  const options = {
    sampleRate: 32_000,
    maxSeconds: 30,
    ffmpegPath: tools.ffmpegPath,
    ffprobePath: tools.ffprobePath,
    tempDir,
  };
  after(() => rmSync(tempDir, { recursive: true, force: true }));

  test('WAV headers claiming absurd rates or channel counts are refused before any process starts', async () => {
    tools.reset();
    const cases: Array<[Buffer, RegExp]> = [
      [oneHertzBomb(), /sampled at 1 Hz/],
      [lyingWav({ sampleRate: 1_000_000_000, channels: 1 }, tone(0.1)), /sampled at 1000000000 Hz/],
      [lyingWav({ sampleRate: 16_000, channels: 0 }, tone(0.1)), /0 channels/],
      [lyingWav({ sampleRate: 16_000, channels: 1000 }, tone(0.1)), /1000 channels/],
    ];
    for (const [wav, message] of cases) {
      await assert.rejects(decodeAudio(wav, options), isAppError('unreadable_audio', message));
    }
    assert.deepEqual(tools.runs(), [], 'no ffmpeg or ffprobe ran');
    assert.deepEqual(readdirSync(tempDir), []);
  });

  test('a container claiming 10 hours is refused with 413 after ffprobe, before ffmpeg decodes', async () => {
    tools.reset();
    await assert.rejects(decodeAudio(await tenHourWebm(), options), isAppError('sample_too_large', /10\.0 h/));
    assert.deepEqual(
      tools.runs().map((run) => run.tool),
      ['ffprobe'],
    );
    assert.deepEqual(readdirSync(tempDir), []);
  });

  test('WAV length fields are not trusted: 4 GB or 10 h claimed over 3 s of audio decodes 3 s', async () => {
    for (const dataLengthClaim of [0xf000_0000, 16_000 * 2 * 36_000, 0xffff_ffff]) {
      const wav = lyingWav({ sampleRate: 16_000, channels: 1, dataLengthClaim }, tone(3));
      const { audio, info } = await decodeAudio(wav, options);
      assert.equal(audio.samples.length, 3 * 32_000);
      assert.equal(info.durationSeconds, 3);
    }
  });

  test('ffmpeg itself holds a 1 Hz bomb that got past the checks', { skip: HAVE_GNU_TIME ? false : 'no /usr/bin/time to measure with' }, async () => {
    tools.reset();
    const file = path.join(tempDir, 'bomb.wav');
    writeFileSync(file, oneHertzBomb());
    await assert.rejects(
      decodeFile(file, { ffmpegPath: tools.ffmpegPath, sampleRate: 32_000, maxSeconds: 30 }),
      (error: unknown) => error instanceof FfmpegFailure || error instanceof AppError,
    );
    const [run] = tools.runs();
    assert.ok(run?.maxRssKiB, 'the wrapper measured ffmpeg');
    assert.ok(run.maxRssKiB < BOUNDED_RSS_KIB, `ffmpeg peaked at ${run.maxRssKiB} KiB on the bomb`);
    rmSync(file);
  });

  test(`at most ${DECODE_LIMITS.concurrency} decodes run at once; the rest wait their turn`, async () => {
    tools.reset();
    const wav = lyingWav({ sampleRate: 16_000, channels: 1 }, tone(1));
    const limiter = new FairQueue(DECODE_LIMITS.concurrency, DECODE_LIMITS.maxWaiting);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => decodeAudio(wav, { ...options, limiter, queueKey: `k${i % 3}` })),
    );
    assert.equal(results.length, 6);
    for (const { audio } of results) assert.equal(audio.samples.length, 32_000);
    assert.equal(tools.runs().length, 12, 'one ffprobe and one ffmpeg per decode');
    assert.ok(tools.maxConcurrent() <= DECODE_LIMITS.concurrency, `${tools.maxConcurrent()} ran at once`);
  });

  test(`past ${DECODE_LIMITS.maxWaiting} waiting decodes, more are refused with 503 queue_full`, async () => {
    const wav = lyingWav({ sampleRate: 16_000, channels: 1 }, tone(0.2));
    const total = DECODE_LIMITS.concurrency + DECODE_LIMITS.maxWaiting + 2;
    const limiter = new FairQueue(DECODE_LIMITS.concurrency, DECODE_LIMITS.maxWaiting);
    const settled = await Promise.allSettled(Array.from({ length: total }, () => decodeAudio(wav, { ...options, limiter })));
    const refused = settled.filter((result) => result.status === 'rejected');
    assert.equal(refused.length, 2);
    for (const result of refused) {
      isAppError('queue_full', /being decoded/)((result as PromiseRejectedResult).reason);
      assert.ok((result as PromiseRejectedResult).reason.headers['Retry-After']);
    }
    assert.deepEqual(readdirSync(tempDir), []);
  });
});
