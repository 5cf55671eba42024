import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convertPcm } from '../../src/audio/pcm-convert.js';
import { resample } from '../../src/audio/resample.js';
import { wavPayload } from '../../src/audio/wav.js';

/** The in-process formats' conversion on worker threads gives the bytes the calling thread would, and leaves the caller's samples alone. */

function tone(seconds: number, rate: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.6 * Math.sin((2 * Math.PI * 220 * i) / rate) + 0.2 * Math.sin(i / 7);
  return samples;
}

for (const encoding of ['pcm16', 'alaw', 'mulaw'] as const) {
  test(`${encoding}: a long chunk (worker thread) and a short one (in place) equal wavPayload(resample(...))`, async () => {
    for (const seconds of [3, 0.1]) {
      const samples = tone(seconds, 22_050);
      const before = samples.slice();
      // A view into a larger buffer, as the pipeline's chunks can be.
      const wide = new Float32Array(samples.length + 100);
      wide.set(samples, 50);
      const view = wide.subarray(50, 50 + samples.length);
      const pcm = { sampleRate: 22_050, samples: view };
      const converted = await convertPcm(pcm, 24_000, encoding);
      const expected = wavPayload(resample({ sampleRate: 22_050, samples }, 24_000).samples, encoding);
      assert.equal(converted.length, expected.length, `${seconds} s`);
      assert.ok(converted.equals(expected), `${seconds} s: same bytes`);
      assert.deepEqual(view, before, 'the caller keeps its samples');
    }
  });
}

test('chunks converted at the same time come back each to its own caller', async () => {
  const chunks = [1, 2, 3, 4].map((n) => tone(n, 16_000));
  const converted = await Promise.all(chunks.map((samples) => convertPcm({ sampleRate: 16_000, samples }, 24_000, 'pcm16')));
  converted.forEach((bytes, i) => assert.equal(bytes.length, 2 * Math.ceil((chunks[i]!.length * 24_000) / 16_000)));
});
