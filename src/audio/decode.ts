import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { endianness, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { AppError } from '../errors.js';
import { FfmpegFailure, runFfmpeg } from './ffmpeg-process.js';
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
  /** Kill ffmpeg/ffprobe after this long; default 60 000 ms. */
  timeoutMs?: number;
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
 * mp4...) to mono Float32 PCM: ffprobe describes the file while ffmpeg decodes it, in parallel.
 * The bytes go through a temporary file because MP4/M4A files often keep their index (`moov`) at
 * the end, which ffmpeg can only reach by seeking; a pipe cannot seek.
 * Throws `AppError('unreadable_audio')` when there is no decodable audio.
 */
export async function decodeAudio(buffer: Buffer, options: DecodeAudioOptions = {}): Promise<DecodedAudio> {
  if (buffer.length === 0) throw new AppError('unreadable_audio', 'The audio file is empty');
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const ffprobePath = options.ffprobePath ?? ffprobeNextTo(ffmpegPath);
  const dir = await mkdtemp(join(tmpdir(), 'voicelib-decode-'));
  const file = join(dir, 'input');
  try {
    await writeFile(file, buffer);
    const probeArgs = ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file];
    const decodeArgs = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-ac',
      '1',
    ];
    if (options.sampleRate !== undefined) decodeArgs.push('-ar', String(options.sampleRate));
    if (options.maxSeconds !== undefined) decodeArgs.push('-t', String(options.maxSeconds));
    decodeArgs.push('-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1');
    const runOptions = { timeoutMs: options.timeoutMs };
    const [probeOutput, raw] = await Promise.all([
      runFfmpeg(ffprobePath, probeArgs, runOptions),
      runFfmpeg(ffmpegPath, decodeArgs, runOptions),
    ]);
    const probe = JSON.parse(probeOutput.toString('utf8')) as ProbeResult;
    const stream = probe.streams?.find((s) => s.codec_type === 'audio');
    if (!stream) throw new AppError('unreadable_audio', 'The file contains no audio stream');
    const sourceRate = positiveNumber(stream.sample_rate) ?? 0;
    const sampleRate = options.sampleRate ?? sourceRate;
    const count = Math.floor(raw.length / 4);
    if (count === 0 || sampleRate === 0)
      throw new AppError('unreadable_audio', 'The file contains no audio samples');
    if (endianness() === 'BE') raw.swap32();
    const samples = new Float32Array(count);
    new Uint8Array(samples.buffer).set(raw.subarray(0, count * 4));
    const durationSeconds =
      positiveNumber(probe.format?.duration) ?? positiveNumber(stream.duration) ?? count / sampleRate;
    return {
      audio: { sampleRate, samples },
      info: {
        codec: stream.codec_name ?? 'unknown',
        sampleRate: sourceRate,
        channels: stream.channels ?? 1,
        durationSeconds,
        formatName: probe.format?.format_name ?? 'unknown',
      },
    };
  } catch (error) {
    throw translate(error);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
