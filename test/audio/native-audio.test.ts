import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resampleSinc } from '../../src/audio/resample.js';
import { decodeAudio } from '../../src/audio/decode.js';
import { FAST_QUALITY, createNativeMp3Encoder, lameQuality, type Mp3Encoder } from '../../src/audio/mp3-native.js';
import { createWasmMp3Encoder } from '../../src/audio/mp3-wasm-encoder.js';
import { nativeLameError, nativeSoxr, nativeSoxrError } from '../../src/audio/native-audio.js';
import { resampleSoxr } from '../../src/audio/soxr-resampler.js';
import { resampleSpeex } from '../../src/audio/speex-resampler.js';
import { differenceDb, harmonicVoice, noise } from './signals.js';

/**
 * libsoxr and libmp3lame through koffi (`native-audio.ts`). They come with Debian's ffmpeg, which
 * CI installs: there a missing library fails the test; elsewhere it skips and the WebAssembly
 * builds (tested on their own in resample-wasm and here) do the work.
 */
function skipUnless(loaded: boolean, why: () => Error | undefined): string | false {
  if (loaded || process.env['CI']) return false;
  return `native library not loadable here (${why()?.message.split('\n')[0]}); the WebAssembly build is used instead`;
}

const soxrSkip = skipUnless(nativeSoxr() !== null, nativeSoxrError);
const lame = createNativeMp3Encoder();
const lameSkip = skipUnless(lame !== null, nativeLameError);

describe('resampling with libsoxr', { skip: soxrSkip }, () => {
  test('agrees with the TypeScript sinc to better than -80 dB on band-limited noise, every kind of ratio', () => {
    const input = noise(22050, 0.5, 0.3);
    const narrow = resampleSinc(resampleSinc(input, 4000), 22050);
    for (const to of [44100, 48000, 16000, 24000, 8000, 47999]) {
      const length = Math.ceil((narrow.samples.length * to) / 22050);
      const a = resampleSoxr(narrow.samples, 22050, to, length)!;
      const b = resampleSinc(narrow, to).samples;
      assert.equal(a.length, b.length, `${to} Hz length`);
      const db = differenceDb(a, b);
      // A one-sample misalignment would leave the paths about -10 dB apart.
      assert.ok(db < -80, `22050 -> ${to} Hz: soxr and the sinc differ by ${db.toFixed(1)} dB`);
    }
  });

  test('keeps more of the top octave than Speex at quality 3 (flat to ~0.91 of Nyquist)', () => {
    // A 10.2 kHz tone at 22.05 kHz (0.925 of the 11.025 kHz Nyquist), resampled to 24 kHz.
    const rate = 22050;
    const tone = new Float32Array(rate).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 10200 * i) / rate));
    const level = (x: Float32Array) => Math.sqrt(x.subarray(2000, -2000).reduce((s, v) => s + v * v, 0) / (x.length - 4000));
    const length = Math.ceil((rate * 24000) / rate);
    const soxr = level(resampleSoxr(tone, rate, 24000, length)!);
    const speex = level(resampleSpeex(tone, rate, 24000, length)!);
    assert.ok(soxr > speex * 1.5, `soxr keeps ${soxr.toFixed(3)} RMS, Speex ${speex.toFixed(3)}`);
  });

  test('an input of one sample and an empty one give the requested lengths', () => {
    assert.equal(resampleSoxr(new Float32Array([0.5]), 22050, 24000, 2)!.length, 2);
    assert.equal(resampleSoxr(new Float32Array(0), 16000, 24000, 0)!.length, 0);
  });
});

/** Encodes `chunks` as one stream and returns every byte the encoder gave. */
function stream(encoder: Mp3Encoder, sampleRate: number, kbps: number, chunks: Float32Array[]): Buffer {
  encoder.configure({ channels: 1, sampleRate, bitrate: kbps, outputSampleRate: sampleRate });
  const parts = chunks.map((chunk) => Buffer.from(encoder.encode([chunk])));
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}

describe('MP3 with libmp3lame', { skip: lameSkip }, () => {
  const cases: [number, number][] = [
    [8000, 8],
    [16000, 144],
    [22050, 56],
    [24000, 64],
    [24000, 128],
    [32000, 96],
    [44100, 128],
    [48000, 320],
  ];
  /** Each case's voice in uneven pieces, one shorter than a frame, as the pipeline sends sentences. */
  const pieces = (sampleRate: number) => {
    const voice = harmonicVoice(sampleRate, 150, 1.2, 0.4).samples;
    return [voice.subarray(0, 300), voice.subarray(300, sampleRate), voice.subarray(sampleRate)];
  };

  test('writes the same bytes as LAME in WebAssembly where both use its default quality, at every rate, in pieces', async () => {
    const wasm = await createWasmMp3Encoder();
    const defaults = cases.filter(([sampleRate, kbps]) => lameQuality(kbps, sampleRate) === null);
    assert.equal(defaults.length, 5);
    for (const [sampleRate, kbps] of defaults) {
      const native = stream(lame!, sampleRate, kbps, pieces(sampleRate));
      const reference = stream(wasm, sampleRate, kbps, pieces(sampleRate));
      assert.ok(native.length > 1000, `${sampleRate} Hz: ${native.length} bytes`);
      assert.ok(native.equals(reference), `${sampleRate} Hz ${kbps} kbit/s: ${native.length} vs ${reference.length} bytes`);
    }
  });

  test('with bits to spare it encodes at the fast quality: other bytes, same length, the same sound', async () => {
    const wasm = await createWasmMp3Encoder();
    const fast = cases.filter(([sampleRate, kbps]) => lameQuality(kbps, sampleRate) === FAST_QUALITY);
    assert.deepEqual(fast, [[16000, 144], [24000, 128], [48000, 320]]);
    for (const [sampleRate, kbps] of fast) {
      const native = stream(lame!, sampleRate, kbps, pieces(sampleRate));
      const reference = stream(wasm, sampleRate, kbps, pieces(sampleRate));
      const what = `${sampleRate} Hz ${kbps} kbit/s`;
      // CBR: the same frames, filled differently.
      assert.equal(native.length, reference.length, `${what}: length`);
      assert.ok(!native.equals(reference), `${what}: the quality setting changed nothing`);
      const [a, b] = await Promise.all([decodeAudio(native), decodeAudio(reference)]);
      assert.equal(a.audio.samples.length, b.audio.samples.length, `${what}: decoded length`);
      const db = differenceDb(a.audio.samples, b.audio.samples);
      // Measured -60 to -81 dB on this voice; a different signal would be near 0.
      assert.ok(db < -50, `${what}: the two decode ${db.toFixed(1)} dB apart`);
    }
  });

  test('a stream can be dropped unfinished and the encoder configured again', () => {
    const encoder = createNativeMp3Encoder()!;
    encoder.configure({ channels: 1, sampleRate: 24000, bitrate: 64, outputSampleRate: 24000 });
    encoder.encode([new Float32Array(24000)]);
    encoder.dispose?.();
    assert.throws(() => encoder.encode([new Float32Array(10)]), /not configured/);
    const again = stream(encoder, 24000, 64, [harmonicVoice(24000, 150, 0.5, 0.4).samples]);
    assert.ok(again.length > 1000);
  });

});
