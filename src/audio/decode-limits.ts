import { AppError } from '../errors.js';

/**
 * What an uploaded recording may claim before anything decodes it, and the bounds every decode
 * runs under (docs/reliability.md, F3). A 4 KB WAV whose header says 1 Hz made ffmpeg allocate
 * 1.3 GB to resample it; the header checks turn such files away, and the process limits hold
 * whatever slips past them.
 */
export const DECODE_LIMITS = {
  /** Below this no real recording exists (telephone audio is 8 kHz). */
  minSampleRateHz: 4_000,
  /** Above this is studio mastering, not a voice sample. */
  maxSampleRateHz: 192_000,
  /** 7.1 surround. */
  maxChannels: 8,
  /**
   * 3 hours: an 8,000,000-character upload (6 MB) lasts at most ~3.3 h even at 4 kbit/s, below
   * any codec's speech setting, so a longer claimed length is a lie. Longer honest files are
   * trimmed to the first seconds the caller asked for, never refused.
   */
  maxSourceSeconds: 3 * 3600,
  /** ffmpeg/ffprobe `-max_alloc`: no single buffer above 64 MiB (a 30 s decode needs < 1 MiB each). */
  maxAllocBytes: 64 * 1024 * 1024,
  /**
   * Address space of each ffmpeg/ffprobe process (RLIMIT_AS through `prlimit` where it exists):
   * 1 GiB. Debian's ffmpeg maps ~285 MB of shared libraries before it reads a byte and peaks
   * below 300 MB on an ordinary 30 s decode.
   */
  addressSpaceBytes: 1024 * 1024 * 1024,
  /** ffmpeg/ffprobe is killed after this long (ms); a 30 s decode takes well under a second. */
  timeoutMs: 30_000,
  /** Decodes running at once in this process; more wait their turn (each ffmpeg may take ~300 MB). */
  concurrency: 2,
  /** Decodes allowed to wait; more are refused with 503 and Retry-After. */
  maxWaiting: 16,
} as const;

/** A recording's own description of itself, from its header or from ffprobe. */
export interface SourceClaims {
  sampleRate: number;
  channels: number;
  /** Undefined when the container does not say. */
  durationSeconds?: number | undefined;
}

/** Throws a 4xx when a recording claims a rate, channel count or length no real recording has. */
export function checkSourceClaims(claims: SourceClaims): void {
  const { sampleRate, channels, durationSeconds } = claims;
  if (
    !Number.isFinite(sampleRate) ||
    sampleRate < DECODE_LIMITS.minSampleRateHz ||
    sampleRate > DECODE_LIMITS.maxSampleRateHz
  ) {
    throw new AppError(
      'unreadable_audio',
      `The recording says it is sampled at ${sampleRate} Hz; ${DECODE_LIMITS.minSampleRateHz} to ${DECODE_LIMITS.maxSampleRateHz} Hz is accepted`,
    );
  }
  if (!Number.isInteger(channels) || channels < 1 || channels > DECODE_LIMITS.maxChannels) {
    throw new AppError(
      'unreadable_audio',
      `The recording says it has ${channels} channels; 1 to ${DECODE_LIMITS.maxChannels} are accepted`,
    );
  }
  if (durationSeconds !== undefined && durationSeconds > DECODE_LIMITS.maxSourceSeconds) {
    throw new AppError(
      'sample_too_large',
      `The recording says it lasts ${(durationSeconds / 3600).toFixed(1)} h; at most ${DECODE_LIMITS.maxSourceSeconds / 3600} h is accepted`,
    );
  }
}

/**
 * Channels and rate from a RIFF/WAVE file's `fmt ` chunk, or null when `bytes` is not a WAV or
 * the chunk cannot be found in the bytes given. Only what the header says: nothing is checked here.
 */
export function wavClaims(bytes: Buffer): SourceClaims | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
    return null;
  }
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (size < 16 || offset + 24 > bytes.length) return null;
      return { channels: bytes.readUInt16LE(offset + 10), sampleRate: bytes.readUInt32LE(offset + 12) };
    }
    // Chunks are padded to an even length.
    offset += 8 + size + (size % 2);
  }
  return null;
}
