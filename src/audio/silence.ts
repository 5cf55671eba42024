import { AppError } from '../errors.js';
import type { PcmAudio } from './pcm.js';

/** `seconds` of digital silence at `sampleRate` Hz (rounded to the nearest sample). */
export function makeSilence(sampleRate: number, seconds: number): PcmAudio {
  if (!(sampleRate > 0) || !(seconds >= 0) || !Number.isFinite(seconds)) {
    throw new AppError('internal_error', `Cannot make ${seconds} s of silence at ${sampleRate} Hz`);
  }
  return { sampleRate, samples: new Float32Array(Math.round(seconds * sampleRate)) };
}

/**
 * Joins PCM parts end to end. All parts must share one sample rate (resample first); joining
 * different rates would silently change pitch and timing.
 */
export function concatPcm(parts: readonly PcmAudio[]): PcmAudio {
  const first = parts[0];
  if (!first) throw new AppError('internal_error', 'concatPcm needs at least one part');
  let length = 0;
  for (const part of parts) {
    if (part.sampleRate !== first.sampleRate) {
      throw new AppError(
        'internal_error',
        `Cannot join ${part.sampleRate} Hz audio to ${first.sampleRate} Hz audio`,
      );
    }
    length += part.samples.length;
  }
  const samples = new Float32Array(length);
  let offset = 0;
  for (const part of parts) {
    samples.set(part.samples, offset);
    offset += part.samples.length;
  }
  return { sampleRate: first.sampleRate, samples };
}
