/**
 * Mono PCM audio as it travels between the engines, the voice transforms and the encoders.
 * Samples are Float32 in [-1, 1]; every stage keeps the sample rate explicit.
 */
export interface PcmAudio {
  /** Samples per second, e.g. 22050. */
  sampleRate: number;
  /** Mono samples in [-1, 1]. */
  samples: Float32Array;
}

/** Length of the audio in seconds. */
export function durationSeconds(audio: PcmAudio): number {
  return audio.samples.length / audio.sampleRate;
}
