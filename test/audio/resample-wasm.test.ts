import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimatePitch, loudnessDb } from '../../src/audio/analysis/index.js';
import { resampleSinc } from '../../src/audio/resample.js';
import { resampleSpeex, speexAvailable, speexLoadError } from '../../src/audio/speex-resampler.js';
import { differenceDb, noise, sine } from './signals.js';

/** The Speex WebAssembly module, `resample`'s path where libsoxr does not load; `resampleSinc` is the last fallback. */
describe('resample: the WebAssembly (Speex) path and the TypeScript fallback', () => {
  test('the WebAssembly module loads here, synchronously', () => {
    assert.ok(speexAvailable(), `not loaded: ${speexLoadError?.message}`);
  });

  test('both paths agree to better than -70 dB on noise, for every kind of ratio', () => {
    const input = noise(22050, 0.5, 0.3);
    // Band-limit the noise (to 1.8 kHz) so that both filters' transition bands, which differ, see nothing.
    const narrow = resampleSinc(resampleSinc(input, 4000), 22050);
    for (const to of [44100, 48000, 16000, 24000, 8000, 47999]) {
      const a = resampleSpeex(narrow.samples, 22050, to, Math.ceil((narrow.samples.length * to) / 22050))!;
      const b = resampleSinc(narrow, to).samples;
      assert.equal(a.length, b.length, `${to} Hz length`);
      const db = differenceDb(a, b);
      assert.ok(db < -70, `22050 -> ${to} Hz: paths differ by ${db.toFixed(1)} dB`);
    }
  });

  test('the TypeScript fallback keeps pitch, level and length', () => {
    const tone = sine(48000, 440, 0.6, 0.5);
    const out = resampleSinc(tone, 8000);
    assert.equal(out.samples.length, Math.ceil((tone.samples.length * 8000) / 48000));
    assert.ok(Math.abs(estimatePitch(out).medianHz - 440) / 440 < 0.005);
    const middle = { sampleRate: 8000, samples: out.samples.subarray(400, 4400) };
    assert.ok(Math.abs(loudnessDb(middle) - loudnessDb(tone)) < 0.1);
  });

  test('long input goes through in chunks without a seam', () => {
    const tone = sine(22050, 1000, 3, 0.5); // 66 150 samples: several 16 384-sample chunks
    const out = resampleSpeex(tone.samples, 22050, 44100, tone.samples.length * 2)!;
    // A seam would show as a jump: the largest step between samples of a 1 kHz tone at 44.1 kHz is 0.5 * 2π * 1000 / 44100.
    let largest = 0;
    // The edges ramp in and out (the tone starts abruptly); chunks meet every ~32 768 output samples.
    for (let i = 100; i < out.length - 100; i++) largest = Math.max(largest, Math.abs(out[i]! - out[i - 1]!));
    assert.ok(largest < 0.5 * ((2 * Math.PI * 1000) / 44100) * 1.01, `largest step ${largest}`);
  });
});
