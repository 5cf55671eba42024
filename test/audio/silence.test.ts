import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { concatPcm, makeSilence } from '../../src/audio/silence.js';
import { sine } from './signals.js';

describe('silence and concatenation', () => {
  test('makeSilence rounds to whole samples and is all zeros', () => {
    const silence = makeSilence(22050, 0.25);
    assert.equal(silence.sampleRate, 22050);
    assert.equal(silence.samples.length, 5513);
    assert.ok(silence.samples.every((v) => v === 0));
    assert.equal(makeSilence(8000, 0).samples.length, 0);
    assert.throws(() => makeSilence(8000, -1), { code: 'internal_error' });
  });

  test('concatPcm joins in order', () => {
    const a = sine(16000, 200, 0.1);
    const b = makeSilence(16000, 0.05);
    const joined = concatPcm([a, b, a]);
    assert.equal(joined.samples.length, 1600 + 800 + 1600);
    assert.equal(joined.samples[100], a.samples[100]);
    assert.equal(joined.samples[2000], 0);
    assert.equal(joined.samples[2400 + 100], a.samples[100]);
  });

  test('concatPcm refuses mixed rates and empty input', () => {
    assert.throws(() => concatPcm([makeSilence(16000, 0.1), makeSilence(22050, 0.1)]), {
      code: 'internal_error',
    });
    assert.throws(() => concatPcm([]), { code: 'internal_error' });
  });
});
