import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { endianness, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { AppError } from '../errors.js';
import { DECODE_LIMITS, checkSourceClaims, wavClaims } from './decode-limits.js';
import { FfmpegFailure, type FfmpegRunOptions, runFfmpeg } from './ffmpeg-process.js';
import type { PcmAudio } from './pcm.js';

/** Options for `decodeAudio`. */
export interface DecodeAudioOptions {
  /** Output rate in Hz; default: the file's own rate. */
  sampleRate?: number;
  /** Decode at most this many seconds from the start; default: everything. */
  maxSeconds?: number;
  /** The ffmpeg binary; default `'ffmpeg'`. */
  ffmpegPath?: string;
  /** The ffprobe binary; default: `ffprobe` next to `ffmpegPath` (or on PATH). */
  ffprobePath?: string;
  /** Kill ffmpeg/ffprobe after this long; default 30 000 ms. */
  timeoutMs?: number;
  /**
   * Folder that receives the temporary copy of the file; default: the OS temp folder. The service
   * passes `DATA_DIR/tmp`, which it empties at start, so a killed process leaves nothing behind.
   */
  tempDir?: string;
  /** Whose decode this is (an account id): waiting decodes take turns round-robin by key. */
  queueKey?: string;
  /**
   * Caps decodes running at once across the process (each ffmpeg may hold a few hundred MB): the
   * container passes one fair queue of `DECODE_LIMITS.concurrency` slots to every caller. Without
   * one, the decode runs at once.
   */
  limiter?: DecodeLimiter;
}

/** Runs tasks a few at a time, round-robin by key, refusing with 503 `queue_full` past its backlog. */
export interface DecodeLimiter {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** What the file was, as ffprobe describes its first audio stream. */
export interface DecodedAudioInfo {
  /** ffmpeg's codec name, e.g. `mp3`, `aac`, `opus`, `pcm_s16le`. */
  codec: string;
  /** The stream's own rate in Hz (Opus streams always report 48000). */
  sampleRate: number;
  channels: number;
  /** Length of the whole file as ffprobe reports it (falls back to the decoded length). */
  durationSeconds: number;
  /** ffmpeg's demuxer name, e.g. `mp3`, `wav`, `ogg`, `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`. */
  formatName: string;
}

/** Decoded mono audio and a description of the source. */
export interface DecodedAudio {
  audio: PcmAudio;
  info: DecodedAudioInfo;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
}

interface ProbeResult {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

function ffprobeNextTo(ffmpegPath: string): string {
  const name = basename(ffmpegPath);
  if (!name.startsWith('ffmpeg')) return 'ffprobe';
  const probe = `ffprobe${name.slice('ffmpeg'.length)}`;
  return ffmpegPath.includes('/') ? join(dirname(ffmpegPath), probe) : probe;
}

/** Turns a process failure into the error the client sees: its file is unreadable, or we are broken. */
function translate(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FfmpegFailure && (error.kind === 'exit' || error.kind === 'output_limit')) {
    return new AppError('unreadable_audio', 'The audio file could not be read', { cause: error });
  }
  return new AppError('provider_error', 'Audio decoding is unavailable', { retryable: true, cause: error });
}

function positiveNumber(value: string | undefined): number | undefined {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Decodes any audio ffmpeg reads (mp3, wav, m4a/aac, ogg, opus, flac, webm, the audio track of an
 * mp4...) to mono Float32 PCM. The bytes go through a temporary file because MP4/M4A files often
 * keep their index (`moov`) at the end, which ffmpeg can only reach by seeking; a pipe cannot seek.
 *
 * Uploads are hostile until proven otherwise (docs/reliability.md, F3): a WAV header is checked
 * before anything runs, ffprobe's description of the file is checked before ffmpeg decodes it, at
 * most `DECODE_LIMITS.concurrency` decodes run at once (through `options.limiter`), and ffmpeg runs with a per-allocation cap,
 * an address-space limit, a time limit and a cap on the bytes it may write.
 * Throws `AppError('unreadable_audio')` when there is no decodable audio or the file claims an
 * absurd rate or channel count, `sample_too_large` when it claims an absurd length, and
 * `queue_full` (503) when too many decodes already wait.
 */
export async function decodeAudio(buffer: Buffer, options: DecodeAudioOptions = {}): Promise<DecodedAudio> {
  if (buffer.length === 0) throw new AppError('unreadable_audio', 'The audio file is empty');
  // The WAV header is read here, so the commonest bomb costs no process at all.
  const claims = wavClaims(buffer);
  if (claims !== null) checkSourceClaims(claims);
  try {
    const decode = () => decodeInTempFile(buffer, options);
    return await (options.limiter ? options.limiter.run(options.queueKey ?? 'default', decode) : decode());
  } catch (error) {
    if (error instanceof AppError && error.code === 'queue_full') {
      throw new AppError('queue_full', 'Too many recordings are being decoded; try again shortly', {
        headers: error.headers,
      });
    }
    throw error;
  }
}

async function decodeInTempFile(buffer: Buffer, options: DecodeAudioOptions): Promise<DecodedAudio> {
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const ffprobePath = options.ffprobePath ?? ffprobeNextTo(ffmpegPath);
  const timeoutMs = options.timeoutMs ?? DECODE_LIMITS.timeoutMs;
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'voicelib-decode-'));
  const file = join(dir, 'input');
  try {
    await writeFile(file, buffer);
    // Probe first, decode second: the decode is what a lying header turns into a memory bomb.
    const probeArgs = [...MAX_ALLOC, '-v', 'error', '-show_streams', '-show_format', '-of', 'json', file];
    const probeOutput = await runFfmpeg(ffprobePath, probeArgs, processLimits(timeoutMs));
    const probe = JSON.parse(probeOutput.toString('utf8')) as ProbeResult;
    const stream = probe.streams?.find((s) => s.codec_type === 'audio');
    if (!stream) throw new AppError('unreadable_audio', 'The file contains no audio stream');
    const sourceRate = positiveNumber(stream.sample_rate) ?? 0;
    const claimedSeconds = positiveNumber(probe.format?.duration) ?? positiveNumber(stream.duration);
    checkSourceClaims({ sampleRate: sourceRate, channels: stream.channels ?? 0, durationSeconds: claimedSeconds });

    const sampleRate = options.sampleRate ?? sourceRate;
    const samples = await decodeFile(file, { ffmpegPath, sampleRate, maxSeconds: options.maxSeconds, timeoutMs });
    return {
      audio: { sampleRate, samples },
      info: {
        codec: stream.codec_name ?? 'unknown',
        sampleRate: sourceRate,
        channels: stream.channels ?? 1,
        durationSeconds: claimedSeconds ?? samples.length / sampleRate,
        formatName: probe.format?.format_name ?? 'unknown',
      },
    };
  } catch (error) {
    throw translate(error);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** ffmpeg/ffprobe `-max_alloc`: a global option, so it goes before everything else. */
const MAX_ALLOC = ['-max_alloc', String(DECODE_LIMITS.maxAllocBytes)];

function processLimits(timeoutMs: number): FfmpegRunOptions {
  return { timeoutMs, addressSpaceBytes: DECODE_LIMITS.addressSpaceBytes };
}

/** How `decodeFile` runs ffmpeg. */
export interface DecodeFileOptions {
  ffmpegPath: string;
  /** Output rate in Hz. */
  sampleRate: number;
  /** Decode at most this many seconds; default: everything. */
  maxSeconds?: number | undefined;
  timeoutMs?: number;
}

/**
 * ffmpeg's half of `decodeAudio`, without the checks on what the file claims: the file's first
 * audio stream as mono Float32 at `sampleRate`, under every process limit of `DECODE_LIMITS` and
 * with its output capped at `maxSeconds` of samples (plus one second). Exported so that those
 * limits can be tested on their own; the service always goes through `decodeAudio`.
 * Throws `FfmpegFailure`, or `AppError('unreadable_audio')` when no sample comes out.
 */
export async function decodeFile(file: string, options: DecodeFileOptions): Promise<Float32Array> {
  const { sampleRate, maxSeconds } = options;
  const args = [...MAX_ALLOC, '-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file];
  // Mono float32 at a fixed rate for at most maxSeconds: the output size is known in advance.
  args.push('-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate));
  if (maxSeconds !== undefined) args.push('-t', String(maxSeconds));
  args.push('-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1');
  const limits = processLimits(options.timeoutMs ?? DECODE_LIMITS.timeoutMs);
  if (maxSeconds !== undefined) limits.maxOutputBytes = Math.ceil((maxSeconds + 1) * sampleRate) * 4;
  const raw = await runFfmpeg(options.ffmpegPath, args, limits);
  const count = Math.floor(raw.length / 4);
  if (count === 0) throw new AppError('unreadable_audio', 'The file contains no audio samples');
  if (endianness() === 'BE') raw.swap32();
  const samples = new Float32Array(count);
  new Uint8Array(samples.buffer).set(raw.subarray(0, count * 4));
  return samples;
}
