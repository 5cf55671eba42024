import { filterInPlace, lowPass } from '../../biquad.js';
import type { PcmAudio } from '../../pcm.js';

/** A copy of `pcm` through a second-order Butterworth high-pass at `cornerHz` (cookbook biquad). */
export function highPass(pcm: PcmAudio, cornerHz: number): PcmAudio {
  const w = (2 * Math.PI * cornerHz) / pcm.sampleRate;
  const alpha = Math.sin(w) / Math.SQRT2;
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const samples = pcm.samples.slice();
  filterInPlace(samples, {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  });
  return { sampleRate: pcm.sampleRate, samples };
}

/** High-pass at `lowHz`, then low-pass at `highHz` (second-order Butterworth each). */
export function bandPass(pcm: PcmAudio, lowHz: number, highHz: number): PcmAudio {
  const high = highPass(pcm, lowHz);
  return {
    sampleRate: pcm.sampleRate,
    samples: lowPass(high.samples, pcm.sampleRate, Math.min(highHz, 0.45 * pcm.sampleRate), 1),
  };
}
