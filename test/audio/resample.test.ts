import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimatePitch, loudnessDb } from '../../src/audio/analysis/index.js';
import { SAMPLE_RATES } from '../../src/audio/formats.js';
import { resample } from '../../src/audio/resample.js';
import { sine } from './signals.js';

describe('resample', () => {
  test('is the identity when the rates match', () => {
    const tone = sine(22050, 440, 0.1);
    assert.equal(resample(tone, 22050), tone);
  });

  test('output length is ceil(n * out / in) for every pair of service rates', () => {
    const n = 12345;
    for (const from of SAMPLE_RATES) {
      for (const to of SAMPLE_RATES) {
        const out = resample({ sampleRate: from, samples: new Float32Array(n) }, to);
        assert.equal(out.sampleRate, to);
        assert.equal(out.samples.length, Math.ceil((n * to) / from), `${from} -> ${to}`);
      }
    }
  });

  for (const [from, to] of [
    [22050, 44100],
    [44100, 16000],
    [24000, 22050],
    [16000, 48000],
    [48000, 8000],
  ] as const) {
    test(`a 440 Hz tone stays at 440 Hz and keeps its level, ${from} -> ${to} Hz`, () => {
      const tone = sine(from, 440, 0.6, 0.5);
      const out = resample(tone, to);
      const pitch = estimatePitch(out);
      assert.ok(Math.abs(pitch.medianHz - 440) / 440 < 0.005, `median ${pitch.medianHz}`);
      // Ignore the filter's ramp at the edges (well under 10 ms).
      const middle = {
        sampleRate: to,
        samples: out.samples.subarray(Math.round(to * 0.05), Math.round(to * 0.55)),
      };
      assert.ok(Math.abs(loudnessDb(middle) - loudnessDb(tone)) < 0.1, `level ${loudnessDb(middle)}`);
    });
  }

  test('downsampling removes what the new rate cannot hold (no aliasing)', () => {
    // 10 kHz cannot exist at 16 kHz (Nyquist 8 kHz); without filtering it would alias to 6 kHz at full level.
    const high = sine(44100, 10000, 0.5, 0.5);
    const out = resample(high, 16000);
    const middle = { sampleRate: 16000, samples: out.samples.subarray(800, 7200) };
    assert.ok(
      loudnessDb(middle) - loudnessDb(high) < -60,
      `alias level ${loudnessDb(middle) - loudnessDb(high)} dB`,
    );
  });

  test('a constant stays exactly constant (unit DC gain in every phase)', () => {
    const dc = { sampleRate: 22050, samples: new Float32Array(2000).fill(0.25) };
    const out = resample(dc, 48000);
    for (let i = 200; i < out.samples.length - 200; i++) assert.ok(Math.abs(out.samples[i]! - 0.25) < 1e-5);
  });

  test('ratios with more phases than the table holds (44100 -> 47999 Hz) keep pitch and length', () => {
    const tone = sine(44100, 300, 0.3);
    const out = resample(tone, 47999);
    assert.equal(out.samples.length, Math.ceil((tone.samples.length * 47999) / 44100));
    assert.ok(Math.abs(estimatePitch(out).medianHz - 300) / 300 < 0.005);
  });

  test('rejects impossible rates', () => {
    assert.throws(() => resample(sine(8000, 100, 0.01), 0), { code: 'internal_error' });
  });
});
