import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  detectSilences,
  estimatePitch,
  frameRmsDb,
  longTermSpectrum,
  loudnessDb,
  spectralCentroidHz,
  spectralDistance,
  speechRatio,
} from '../../src/audio/analysis/index.js';
import { fft } from '../../src/audio/fft.js';
import { concatPcm, makeSilence } from '../../src/audio/silence.js';
import { harmonicVoice, noise, sine } from './signals.js';

describe('levels', () => {
  test('a full-scale sine is -3.01 dBFS, half scale 6 dB lower, silence the -120 floor', () => {
    assert.ok(Math.abs(loudnessDb(sine(16000, 1000, 0.5, 1)) + 3.0103) < 0.01);
    assert.ok(Math.abs(loudnessDb(sine(16000, 1000, 0.5, 0.5)) + 9.0309) < 0.01);
    assert.equal(loudnessDb(makeSilence(16000, 0.1)), -120);
  });

  test('frameRmsDb gives one value per 10 ms frame and follows the signal', () => {
    const audio = concatPcm([sine(16000, 500, 0.1, 1), makeSilence(16000, 0.105)]);
    const frames = frameRmsDb(audio);
    assert.equal(frames.length, 21); // 205 ms: 20 whole frames and a 5 ms one
    assert.ok(Math.abs(frames[3]! + 3.01) < 0.05);
    assert.equal(frames[15], -120);
    assert.equal(frameRmsDb(audio, 0.05).length, 5);
  });
});

describe('detectSilences', () => {
  const rate = 22050;
  // Tone, a 2.0 s gap starting at 1.2345 s, tone again; a little noise at -70 dBFS in the gap.
  const audio = concatPcm([
    harmonicVoice(rate, 180, 1.2345),
    noise(rate, 2.0, 0.0005, 9),
    harmonicVoice(rate, 180, 1.0),
  ]);

  test('finds a 2.0 s gap to within ±10 ms', () => {
    const silences = detectSilences(audio);
    assert.equal(silences.length, 1);
    const [gap] = silences;
    assert.ok(Math.abs(gap!.start - 1.2345) <= 0.01, `start ${gap!.start}`);
    assert.ok(Math.abs(gap!.end - 3.2345) <= 0.01, `end ${gap!.end}`);
  });

  test('a threshold below the noise floor finds no silence; short gaps are ignored', () => {
    assert.deepEqual(detectSilences(audio, { thresholdDb: -80 }), []);
    assert.deepEqual(detectSilences(audio, { minDurationSec: 2.5 }), []);
  });

  test('leading and trailing silence count', () => {
    const padded = concatPcm([makeSilence(rate, 0.3), sine(rate, 300, 0.5), makeSilence(rate, 0.2)]);
    const silences = detectSilences(padded);
    assert.equal(silences.length, 2);
    assert.equal(silences[0]!.start, 0);
    assert.ok(Math.abs(silences[0]!.end - 0.3) <= 0.002);
    assert.ok(Math.abs(silences[1]!.end - 1.0) < 1e-9);
  });

  test('speechRatio is 1 over the sound, 0 over the gap, and in between across both', () => {
    assert.equal(speechRatio(audio, 0, 1.2), 1);
    assert.equal(speechRatio(audio, 1.3, 3.2), 0);
    const mixed = speechRatio(audio, 0.2345, 2.2345); // 1 s of sound, 1 s of gap
    assert.ok(Math.abs(mixed - 0.5) < 0.02, `ratio ${mixed}`);
    assert.equal(speechRatio(audio, 10, 11), 0);
  });
});

describe('estimatePitch', () => {
  for (const rate of [16000, 22050, 44100]) {
    for (const f0 of [110, 220]) {
      test(`harmonic voice at ${f0} Hz (${rate} Hz audio) within 2%`, () => {
        const pitch = estimatePitch(harmonicVoice(rate, f0, 1));
        assert.ok(Math.abs(pitch.medianHz - f0) / f0 < 0.02, `median ${pitch.medianHz}`);
        assert.ok(Math.abs(pitch.meanHz - f0) / f0 < 0.02, `mean ${pitch.meanHz}`);
        assert.ok(pitch.stdHz < f0 * 0.01);
        assert.ok(pitch.voicedRatio > 0.95);
        // Frames start every 10 ms while a whole 40 ms window fits.
        assert.equal(pitch.frames.length, 97);
      });
    }
  }

  test('silence and white noise are unvoiced; a gap shows up as unvoiced frames', () => {
    assert.equal(estimatePitch(makeSilence(16000, 0.5)).voicedRatio, 0);
    assert.equal(estimatePitch(makeSilence(16000, 0.5)).medianHz, 0);
    assert.ok(estimatePitch(noise(16000, 0.5)).voicedRatio < 0.1);
    const gapped = concatPcm([harmonicVoice(16000, 150, 0.5), makeSilence(16000, 0.5)]);
    const pitch = estimatePitch(gapped);
    assert.ok(pitch.voicedRatio > 0.4 && pitch.voicedRatio < 0.6, `voiced ${pitch.voicedRatio}`);
    assert.equal(pitch.frames[80], 0);
  });

  test('the search range is honoured', () => {
    // 600 Hz is above the default 500 Hz ceiling, so the tracker reports a subharmonic or nothing.
    assert.notEqual(Math.round(estimatePitch(sine(16000, 600, 0.5)).medianHz), 600);
    assert.ok(Math.abs(estimatePitch(sine(16000, 600, 0.5), { maxHz: 800 }).medianHz - 600) < 3);
  });
});

describe('spectrum', () => {
  test('fft of a cosine puts its energy in one bin, and the inverse restores the signal', () => {
    const n = 64;
    const re = Float64Array.from({ length: n }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / n));
    const im = new Float64Array(n);
    const original = re.slice();
    fft(re, im);
    assert.ok(Math.abs(re[5]! - n / 2) < 1e-9 && Math.abs(re[n - 5]! - n / 2) < 1e-9);
    assert.ok(Math.abs(re[6]!) < 1e-9 && Math.abs(im[5]!) < 1e-9);
    fft(re, im, true);
    for (let i = 0; i < n; i++) assert.ok(Math.abs(re[i]! - original[i]!) < 1e-12);
  });

  test('spectral centroid: a 1 kHz sine at 1 kHz, white noise near a quarter of the rate', () => {
    assert.ok(Math.abs(spectralCentroidHz(sine(22050, 1000, 1)) - 1000) < 30);
    const white = spectralCentroidHz(noise(22050, 1));
    assert.ok(Math.abs(white - 22050 / 4) < 300, `white ${white}`);
  });

  test('longTermSpectrum ignores loudness but tells voices apart', () => {
    const bands = 24;
    const loud = longTermSpectrum(harmonicVoice(16000, 120, 1, 0.8), { bands });
    const quiet = longTermSpectrum(harmonicVoice(16000, 120, 1, 0.1), { bands });
    const white = longTermSpectrum(noise(16000, 1), { bands });
    assert.equal(loud.length, bands);
    assert.ok(spectralDistance(loud, quiet) < 0.5, 'same shape, different level');
    assert.ok(spectralDistance(loud, white) > 6, 'harmonic 1/k slope vs flat noise');
    // White noise is flat: every band within a few dB of the mean.
    const mean = white.reduce((a, b) => a + b, 0) / white.length;
    assert.ok(white.every((v) => Math.abs(v - mean) < 3));
    assert.throws(() => spectralDistance(loud, longTermSpectrum(noise(16000, 1), { bands: 8 })), {
      code: 'internal_error',
    });
  });
});
