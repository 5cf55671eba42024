import { AppError } from '../errors.js';
import { encoderError, runFfmpeg } from './ffmpeg-process.js';
import { setFlacTotalSamples } from './flac-stream-info.js';
import { AUDIO_FORMAT_INFO, type AudioFormat, isSampleRate } from './formats.js';
import { withInfoFrame } from './mp3-info-frame.js';
import { encodeMp3InProcess, Mp3EncoderUnavailableError, nearestMp3Kbps } from './mp3-pool.js';
import { setOpusInputSampleRate } from './ogg-opus-head.js';
import type { PcmAudio } from './pcm.js';
import { floatsToS16le } from './pcm16.js';
import { resample } from './resample.js';
import { type WavEncoding, encodeWav } from './wav.js';

export {
  AUDIO_FORMAT_INFO,
  AUDIO_FORMATS,
  type AudioFormat,
  SAMPLE_RATES,
  type SampleRate,
} from './formats.js';

/** What to encode to. */
export interface EncodeAudioOptions {
  format: AudioFormat;
  /** Output rate in Hz, one of `SAMPLE_RATES`; the audio is resampled to it when needed. */
  sampleRate: number;
  /**
   * Target bits per second for MP3 (CBR; default 128 000; clamped to 64 000 at 8 kHz and 160 000 at
   * 16-24 kHz) and OGG_OPUS (constrained VBR; default 64 000); ignored by the other formats.
   */
  bitRate?: number;
  /** The ffmpeg binary for FLAC, OGG_OPUS and the MP3 fallback; default `'ffmpeg'` (looked up on PATH). */
  ffmpegPath?: string;
  /**
   * MP3 encoder: `in-process` (default; LAME in worker threads, natively or in WebAssembly, see
   * `mp3-pool.ts`) or `ffmpeg` (libmp3lame in a spawned process). `in-process` falls back to ffmpeg
   * for good if neither LAME can load here.
   */
  mp3Encoder?: 'in-process' | 'ffmpeg';
  /** Kill ffmpeg after this long; default 60 000 ms. */
  timeoutMs?: number;
}

/** An encoded file, ready to send with its Content-Type. */
export interface EncodedAudio {
  data: Buffer;
  mimeType: string;
  /** File extension without the dot, e.g. `mp3`. */
  extension: string;
}

export const DEFAULT_MP3_BIT_RATE = 128_000;
const DEFAULT_OPUS_BIT_RATE = 64_000;
/** Shorter MP3 input is padded to one MPEG-1 frame (1152 samples), keeping the LAME padding field (12 bits) in range. */
export const MP3_MIN_OUTPUT_SAMPLES = 1152;
/** Rates libopus encodes natively; anything else is resampled to 48 kHz, which keeps the full band. */
const OPUS_NATIVE_RATES = new Set([8000, 12000, 16000, 24000, 48000]);

/**
 * Highest bitrate lame will produce at a rate: MPEG-1 (32-48 kHz) allows 320 kbit/s, MPEG-2
 * (16-24 kHz) 160 kbit/s, and lame caps MPEG-2.5 (8-12 kHz) at 64 kbit/s. Higher requests are
 * clamped (lame would clamp silently anyway); within range lame picks the nearest legal bitrate.
 */
export function mp3BitRate(requested: number, sampleRate: number): number {
  const ceiling = sampleRate >= 32000 ? 320_000 : sampleRate >= 16000 ? 160_000 : 64_000;
  return Math.max(8000, Math.min(Math.round(requested), ceiling));
}

/** The bitrate LAME encodes at for these options (kbit/s): the request clamped, then its nearest legal value. */
export function mp3Kbps({ bitRate, sampleRate }: Pick<EncodeAudioOptions, 'bitRate' | 'sampleRate'>): number {
  return nearestMp3Kbps(mp3BitRate(bitRate ?? DEFAULT_MP3_BIT_RATE, sampleRate), sampleRate);
}

/** The ffmpeg arguments shared by every format: raw mono s16le in on stdin, no metadata, errors only. */
export function ffmpegArgs(inputRate: number, outputArgs: readonly string[]): string[] {
  const input = `-hide_banner -loglevel error -nostdin -f s16le -ar ${inputRate} -ac 1 -i pipe:0`;
  // No metadata and no version strings in the output, so the same input always gives the same bytes.
  const clean = '-map_metadata -1 -fflags +bitexact -flags +bitexact';
  return [...input.split(' '), ...clean.split(' '), ...outputArgs, 'pipe:1'];
}

/** ffmpeg output options for the formats ffmpeg encodes. */
export function outputArgs(format: 'MP3' | 'FLAC' | 'OGG_OPUS', sampleRate: number, bitRate?: number): string[] {
  if (format === 'MP3') {
    const rate = mp3BitRate(bitRate ?? DEFAULT_MP3_BIT_RATE, sampleRate);
    // No ID3 tag, and no Xing frame from ffmpeg (it cannot fill one in on a pipe): we add our own.
    return `-ar ${sampleRate} -c:a libmp3lame -b:a ${rate} -id3v2_version 0 -write_xing 0 -f mp3`.split(' ');
  }
  if (format === 'FLAC') {
    // No 8 KiB padding block: nobody edits the tags of a generated file in place.
    return `-ar ${sampleRate} -c:a flac -metadata_header_padding 0 -f flac`.split(' ');
  }
  const opusRate = OPUS_NATIVE_RATES.has(sampleRate) ? sampleRate : 48000;
  const rate = Math.max(6000, Math.min(Math.round(bitRate ?? DEFAULT_OPUS_BIT_RATE), 510_000));
  // Constrained VBR stays within ~10% of the target; plain VBR ran up to twice the target on tonal speech.
  return `-ar ${opusRate} -c:a libopus -b:a ${rate} -vbr constrained -f ogg`.split(' ');
}

async function encodeWithFfmpeg(
  pcm: PcmAudio,
  format: 'MP3' | 'FLAC' | 'OGG_OPUS',
  options: EncodeAudioOptions,
): Promise<Buffer> {
  const { sampleRate } = options;
  // ffmpeg's resampler gives ceil(n * out / in) samples, like ours; the MP3 and FLAC headers need the count.
  const outputSamples = Math.ceil((pcm.samples.length * sampleRate) / pcm.sampleRate);
  let samples = pcm.samples;
  if (format === 'MP3' && outputSamples < MP3_MIN_OUTPUT_SAMPLES) {
    // A few samples vanish into the resampler's delay and lame then writes no frame at all. Padding
    // with silence costs nothing: the LAME tag records the true length and decoders drop the rest.
    samples = new Float32Array(Math.ceil((MP3_MIN_OUTPUT_SAMPLES * pcm.sampleRate) / sampleRate));
    samples.set(pcm.samples);
  }
  const encoded = await runFfmpeg(
    options.ffmpegPath ?? 'ffmpeg',
    ffmpegArgs(pcm.sampleRate, outputArgs(format, sampleRate, options.bitRate)),
    { input: floatsToS16le(samples), timeoutMs: options.timeoutMs },
  );
  if (format === 'MP3') return withInfoFrame(encoded, outputSamples);
  if (format === 'FLAC') return setFlacTotalSamples(encoded, outputSamples);
  return setOpusInputSampleRate(encoded, sampleRate);
}

/** Set when the in-process MP3 encoder failed to load; from then on MP3 goes through ffmpeg. */
let mp3InProcessFailure: Mp3EncoderUnavailableError | undefined;

/** Remembers that the in-process MP3 encoder cannot load (warned once); later MP3s use ffmpeg. */
export function markMp3InProcessUnavailable(error: Mp3EncoderUnavailableError): void {
  if (mp3InProcessFailure) return;
  mp3InProcessFailure = error;
  process.emitWarning(`${error.message}; MP3 is encoded with ffmpeg from now on`, 'VoicelibWarning');
}

/** True while MP3 may still go through the in-process encoder. */
export function mp3InProcessUsable(options: Pick<EncodeAudioOptions, 'mp3Encoder'>): boolean {
  return options.mp3Encoder !== 'ffmpeg' && !mp3InProcessFailure;
}

/** MP3 through LAME in worker threads (`mp3-pool.ts`), or ffmpeg when asked or when that cannot load. */
async function encodeMp3(pcm: PcmAudio, options: EncodeAudioOptions): Promise<Buffer> {
  if (options.mp3Encoder !== 'ffmpeg' && !mp3InProcessFailure) {
    const { sampleRate } = options;
    try {
      return await encodeMp3InProcess(pcm, sampleRate, mp3Kbps(options));
    } catch (error) {
      if (!(error instanceof Mp3EncoderUnavailableError)) throw error;
      // Logged once: every later MP3 goes straight to ffmpeg.
      markMp3InProcessUnavailable(error);
    }
  }
  return encodeWithFfmpeg(pcm, 'MP3', options);
}

/** WAV-family and raw formats: done in-process, they cost less than starting a process would. */
function encodeInProcess(pcm: PcmAudio, format: AudioFormat, sampleRate: number): Buffer {
  if (format === 'PCM') return floatsToS16le(resample(pcm, sampleRate).samples);
  return encodeWav(pcm, { sampleRate, encoding: sampleEncoding(format) });
}

/** How WAV, LINEAR16, ALAW, MULAW and PCM store a sample (PCM: the 16-bit samples with no header). */
export function sampleEncoding(format: AudioFormat): WavEncoding {
  return format === 'ALAW' ? 'alaw' : format === 'MULAW' ? 'mulaw' : 'pcm16';
}

/** The format's MIME type and extension; 422 for a format or sample rate the service does not produce. */
export function checkedFormat({ format, sampleRate }: EncodeAudioOptions): (typeof AUDIO_FORMAT_INFO)[AudioFormat] {
  const info = AUDIO_FORMAT_INFO[format];
  if (!info) throw new AppError('validation_error', `Unsupported audio format ${String(format)}`);
  if (!isSampleRate(sampleRate)) throw new AppError('validation_error', `Unsupported sample rate ${sampleRate} Hz`);
  return info;
}

/**
 * Encodes mono PCM to one of the service's output formats at one of its sample rates.
 * WAV, LINEAR16, ALAW, MULAW and PCM are encoded in TypeScript; MP3 (CBR) by LAME in worker
 * threads (`mp3-pool.ts`: libmp3lame, else WebAssembly; ffmpeg if neither loads); FLAC and OGG_OPUS
 * (libopus) by an ffmpeg process fed raw s16le on stdin, with the file read from stdout.
 * Encoder failures become `AppError('provider_error', retryable)` with the details only in `cause`.
 *
 * @example
 * const { data, mimeType } = await encodeAudio(pcm, { format: 'MP3', sampleRate: 24000, bitRate: 64000 });
 */
export async function encodeAudio(pcm: PcmAudio, options: EncodeAudioOptions): Promise<EncodedAudio> {
  const { format, sampleRate } = options;
  const info = checkedFormat(options);
  let data: Buffer;
  if (format === 'MP3' || format === 'FLAC' || format === 'OGG_OPUS') {
    try {
      data = format === 'MP3' ? await encodeMp3(pcm, options) : await encodeWithFfmpeg(pcm, format, options);
    } catch (error) {
      throw encoderError(format, error);
    }
  } else {
    data = encodeInProcess(pcm, format, sampleRate);
  }
  return { data, mimeType: info.mimeType, extension: info.extension };
}
