import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, describe, test } from 'node:test';
import { encodeAudio } from '../../src/audio/encode.js';
import { closeMp3Pool, encodeMp3InProcess, nearestMp3Kbps, warmMp3 } from '../../src/audio/mp3-pool.js';
import { ffmpegDecodeMany, probe } from './media-tools.js';
import { harmonicVoice, noise } from './signals.js';

/** 1.5 s of a 22.05 kHz voice-like sound with some hiss, as an engine would hand it over. */
const SOURCE_RATE = 22050;
const voice = harmonicVoice(SOURCE_RATE, 140, 1.5, 0.4);
const hiss = noise(SOURCE_RATE, 1.5, 0.05);
const source = { sampleRate: SOURCE_RATE, samples: voice.samples.map((v, i) => v + hiss.samples[i]!) };

describe('MP3 through LAME in worker threads (libmp3lame, else WebAssembly)', () => {
  after(() => closeMp3Pool());

  test('decodes with ffmpeg to the input length (± 1 frame) at 8, 24 and 48 kHz, encoded concurrently', async () => {
    const rates = [8000, 24000, 48000];
    const files = await Promise.all(
      rates.map((sampleRate) => encodeAudio(source, { format: 'MP3', sampleRate })),
    );
    const decoded = await ffmpegDecodeMany(files.map((f) => ({ data: f.data, extension: f.extension })));
    rates.forEach((sampleRate, i) => {
      const expected = Math.ceil((source.samples.length * sampleRate) / SOURCE_RATE);
      const frame = sampleRate >= 32000 ? 1152 : 576;
      const length = decoded[i]!.length;
      assert.ok(Math.abs(length - expected) <= frame, `${sampleRate} Hz: ${length} samples for ${expected}`);
      // With the Info/LAME frame in front, ffmpeg in fact returns exactly the input samples.
      assert.equal(length, expected, `${sampleRate} Hz exact`);
    });
  });

  test('bitrates only LAME knows (56 and 144 kbit/s) and clamped ones come out as CBR at that rate', async () => {
    const cases = [
      { sampleRate: 24000, bitRate: 56000, expected: 56000 },
      { sampleRate: 16000, bitRate: 144000, expected: 144000 },
      { sampleRate: 44100, bitRate: 1_000_000, expected: 320000 },
      { sampleRate: 22050, bitRate: 50000, expected: 48000 },
    ];
    for (const { sampleRate, bitRate, expected } of cases) {
      const { data } = await encodeAudio(source, { format: 'MP3', sampleRate, bitRate });
      const report = await probe(data, 'mp3');
      assert.equal(Number(report.stream.bit_rate), expected, `${bitRate} at ${sampleRate} Hz`);
      assert.equal(Number(report.stream.sample_rate), sampleRate);
    }
  });

  test('nearestMp3Kbps follows LAME: nearest legal value of the MPEG version, the lower on a tie', () => {
    assert.equal(nearestMp3Kbps(128000, 44100), 128);
    assert.equal(nearestMp3Kbps(144000, 44100), 128);
    assert.equal(nearestMp3Kbps(144000, 22050), 144);
    assert.equal(nearestMp3Kbps(8000, 8000), 8);
    assert.equal(nearestMp3Kbps(8000, 32000), 32);
    assert.equal(nearestMp3Kbps(52000, 24000), 48);
  });

  test('the same file size as ffmpeg libmp3lame at the same bitrate (both CBR)', async () => {
    const wasm = await encodeAudio(source, { format: 'MP3', sampleRate: 44100, bitRate: 128000 });
    const ffmpeg = await encodeAudio(source, {
      format: 'MP3',
      sampleRate: 44100,
      bitRate: 128000,
      mp3Encoder: 'ffmpeg',
    });
    assert.ok(
      Math.abs(wasm.data.length / ffmpeg.data.length - 1) < 0.02,
      `${wasm.data.length} vs ${ffmpeg.data.length}`,
    );
  });

  test('encoding leaves the event loop free: it runs in a worker thread', async () => {
    const long = harmonicVoice(SOURCE_RATE, 140, 20, 0.4);
    await warmMp3(); // start a worker and load its encoder first
    await encodeMp3InProcess(source, 44100, 128);
    const before = performance.eventLoopUtilization();
    await encodeMp3InProcess(long, 44100, 128);
    const busy = performance.eventLoopUtilization(before);
    assert.ok(busy.utilization < 0.5, `event loop busy ${(busy.utilization * 100).toFixed(0)}% of the time`);
  });

  test('the caller keeps its samples (the worker gets a copy)', async () => {
    const copy = source.samples.slice();
    await encodeMp3InProcess(source, 24000, 64);
    assert.deepEqual(source.samples, copy);
  });
});
