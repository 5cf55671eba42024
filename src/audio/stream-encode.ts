import {
  type EncodeAudioOptions,
  type EncodedAudio,
  MP3_MIN_OUTPUT_SAMPLES,
  checkedFormat,
  encodeAudio,
  ffmpegArgs,
  markMp3InProcessUnavailable,
  mp3Kbps,
  mp3InProcessUsable,
  outputArgs,
  sampleEncoding,
} from './encode.js';
import { encoderError } from './ffmpeg-process.js';
import { type FfmpegStream, openFfmpegStream } from './ffmpeg-stream.js';
import { AUDIO_FORMAT_INFO } from './formats.js';
import { infoFrame, infoFrameBytes } from './mp3-info-frame.js';
import { Mp3EncoderUnavailableError, openMp3Session } from './mp3-pool.js';
import { setOpusInputSampleRate } from './ogg-opus-head.js';
import type { PcmAudio } from './pcm.js';
import { convertPcm } from './pcm-convert.js';
import { floatsToS16le } from './pcm16.js';
import { wavHeader, wavHeaderBytes, wavPadding, wavStreamHeader } from './wav.js';

/**
 * Encoding while the audio is still arriving: PCM goes in chunk by chunk (the speech pipeline's
 * sentences and pauses, all at one rate), encoded bytes come out through `emit` as soon as the
 * encoder has them.
 *
 * - MP3: LAME in-process (a session on one worker thread, `mp3-pool.ts`), or ffmpeg when that
 *   cannot load. A stream has no Info/LAME frame (it cannot be written before the length is known),
 *   so decoders keep LAME's 576 + 529 samples of delay at the start (~46 ms at 24 kHz).
 * - OGG_OPUS, FLAC: one ffmpeg process fed on stdin (Ogg pages of at most 200 ms so audio leaves
 *   promptly); FLAC's STREAMINFO says "length unknown".
 * - PCM: raw s16le; WAV/LINEAR16, ALAW, MULAW: a WAV header with "unknown" sizes
 *   (`wavStreamHeader`) and then the samples.
 *
 * In-process formats and the in-process MP3 resample each chunk on its own; the pipeline cuts
 * chunks at silent sentence and pause edges, so this is inaudible, and each chunk can add up to one
 * output sample of rounding.
 */
export interface StreamEncoder {
  readonly mimeType: string;
  readonly extension: string;
  /** Encodes one chunk; resolves once its bytes (those the encoder has ready) were emitted. */
  write(pcm: PcmAudio): Promise<void>;
  /** Flushes: resolves after the last bytes were emitted. */
  end(): Promise<void>;
  /** Abandons the stream (client gone): frees the worker session or kills ffmpeg. */
  abort(): void;
}

/** Ogg page length while streaming (µs): the most audio ffmpeg holds back before writing a page. */
const OGG_PAGE_MICROSECONDS = 200_000;

/** Starts a streaming encoder; `emit` receives the encoded bytes in order. */
export async function openStreamEncoder(
  options: EncodeAudioOptions,
  emit: (bytes: Buffer) => void,
): Promise<StreamEncoder> {
  const { format, sampleRate } = options;
  const info = checkedFormat(options);
  const described = { mimeType: info.mimeType, extension: info.extension };

  if (format === 'MP3' && mp3InProcessUsable(options)) {
    try {
      const session = await openMp3Session(sampleRate, mp3Kbps(options));
      return {
        ...described,
        write: async (pcm) => {
          const { data } = await session.write(pcm).catch((error: unknown) => Promise.reject(encoderError(format, error)));
          if (data.length > 0) emit(data);
        },
        end: async () => {
          const tail = await session.finish().catch((error: unknown) => Promise.reject(encoderError(format, error)));
          if (tail.length > 0) emit(tail);
        },
        abort: () => session.discard(),
      };
    } catch (error) {
      if (!(error instanceof Mp3EncoderUnavailableError)) throw encoderError(format, error);
      markMp3InProcessUnavailable(error);
    }
  }

  if (format === 'MP3' || format === 'OGG_OPUS' || format === 'FLAC') {
    let process: FfmpegStream | undefined;
    let head = format === 'OGG_OPUS' ? Buffer.alloc(0) : null;
    const onData = (bytes: Buffer): void => {
      if (head === null) return emit(bytes);
      // The first Ogg page (OpusHead) is held until whole, to put the requested input rate in it.
      head = Buffer.concat([head, bytes]);
      const end = firstPageEnd(head);
      if (end === null) return;
      const page = setOpusInputSampleRate(Buffer.from(head.subarray(0, end)), sampleRate);
      const rest = head.subarray(end);
      head = null;
      emit(page);
      if (rest.length > 0) emit(rest);
    };
    const start = (inputRate: number): FfmpegStream => {
      const extra = format === 'OGG_OPUS' ? ['-flush_packets', '1', '-page_duration', String(OGG_PAGE_MICROSECONDS)] : ['-flush_packets', '1'];
      const args = ffmpegArgs(inputRate, [...outputArgs(format, sampleRate, options.bitRate), ...extra]);
      return openFfmpegStream(options.ffmpegPath ?? 'ffmpeg', args, onData);
    };
    return {
      ...described,
      write: async (pcm) => {
        // The input rate is the pipeline's, known from the first chunk.
        process ??= start(pcm.sampleRate);
        await process.write(floatsToS16le(pcm.samples)).catch((error: unknown) => Promise.reject(encoderError(format, error)));
      },
      end: async () => {
        if (!process) return;
        await process.end().catch((error: unknown) => Promise.reject(encoderError(format, error)));
        if (head !== null && head.length > 0) throw encoderError(format, new Error('ffmpeg wrote no complete Ogg page'));
      },
      abort: () => process?.kill(),
    };
  }

  // In-process formats: a header first (WAV family), then each chunk as it comes.
  const encoding = sampleEncoding(format);
  const header = format !== 'PCM';
  let headerSent = false;
  return {
    ...described,
    write: async (pcm) => {
      if (!headerSent && header) emit(wavStreamHeader(sampleRate, encoding));
      headerSent = true;
      if (pcm.samples.length === 0) return;
      emit(await convertPcm(pcm, sampleRate, encoding));
    },
    end: async () => {
      if (!headerSent && header) emit(wavStreamHeader(sampleRate, encoding));
      headerSent = true;
    },
    abort: () => undefined,
  };
}

/** WAV, LINEAR16, ALAW, MULAW and PCM files, each chunk resampled and converted as it arrives. */
function inProcessFileEncoder(options: EncodeAudioOptions, onPiece: (bytes: Buffer) => void): FileEncoder {
  const { format, sampleRate } = options;
  const info = checkedFormat(options);
  const encoding = sampleEncoding(format);
  const wav = format !== 'PCM';
  const payload: Buffer[] = [];
  let sampleCount = 0;
  return {
    headBytes: wav ? wavHeaderBytes(encoding) : 0,
    write: async (pcm) => {
      const bytes = await convertPcm(pcm, sampleRate, encoding);
      sampleCount += encoding === 'pcm16' ? bytes.length / 2 : bytes.length;
      payload.push(bytes);
      onPiece(bytes);
    },
    finish: async () => {
      const padding = wav ? wavPadding(encoding, sampleCount) : [];
      for (const piece of padding) onPiece(piece);
      const head = wav ? wavHeader(sampleRate, encoding, sampleCount) : Buffer.alloc(0);
      return {
        data: Buffer.concat([head, ...payload, ...padding]),
        head,
        mimeType: info.mimeType,
        extension: info.extension,
      };
    },
    abort: () => undefined,
  };
}

/** Where the first Ogg page ends in `bytes`, or null while it is incomplete. */
function firstPageEnd(bytes: Buffer): number | null {
  if (bytes.length < 27) return null;
  const segments = bytes[26]!;
  if (bytes.length < 27 + segments) return null;
  let body = 0;
  for (let i = 0; i < segments; i++) body += bytes[27 + i]!;
  const end = 27 + segments + body;
  return bytes.length >= end ? end : null;
}

/**
 * A whole file encoded while its audio arrives (the JSON route): MP3 and OGG_OPUS are encoded
 * chunk by chunk (MP3 gets its Info/LAME frame in front at the end, so decoders return exactly the
 * input samples); the in-process formats are resampled and converted chunk by chunk too, their
 * header (with the sizes) put in front at the end; FLAC (whose header records the length, and
 * which ffmpeg encodes) once all audio is in, as `encodeAudio` does.
 *
 * The in-process formats were converted at the end: resampling 2 minutes of espeak-ng's 22,050 Hz
 * to 24 kHz then took ~115 ms after synthesis instead of during it (bench:http, 1,982-character WAV).
 *
 * Every byte of the file but its first `headBytes` goes to `onPiece` as soon as it is encoded, in
 * order, so a caller can store the file while it is made; `finish` gives the whole file and those
 * first bytes (`head`, a header holding the length, known only at the end). Where the head cannot
 * be known in advance `headBytes` is a guess: `head` may then be longer or shorter.
 */
export interface FileEncoder {
  readonly headBytes: number;
  write(pcm: PcmAudio): Promise<void>;
  finish(): Promise<EncodedFile>;
  abort(): void;
}

/** A finished file: the whole of it, and the bytes at its start that `onPiece` never saw. */
export interface EncodedFile extends EncodedAudio {
  head: Buffer;
}

export async function openFileEncoder(
  options: EncodeAudioOptions,
  onPiece: (bytes: Buffer) => void = () => undefined,
): Promise<FileEncoder> {
  const { format, sampleRate } = options;
  const chunks: PcmAudio[] = [];
  const whole = async (): Promise<EncodedFile> => {
    const rate = chunks[0]?.sampleRate ?? sampleRate;
    const samples = new Float32Array(chunks.reduce((n, c) => n + c.samples.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      samples.set(chunk.samples, at);
      at += chunk.samples.length;
    }
    const encoded = await encodeAudio({ sampleRate: rate, samples }, options);
    onPiece(encoded.data);
    return { ...encoded, head: Buffer.alloc(0) };
  };
  if (format === 'FLAC') {
    return { headBytes: 0, write: async (pcm) => void chunks.push(pcm), finish: whole, abort: () => undefined };
  }
  if (format !== 'MP3' && format !== 'OGG_OPUS') return inProcessFileEncoder(options, onPiece);
  const out: Buffer[] = [];
  const stream = await openStreamEncoder(options, (bytes) => {
    out.push(bytes);
    onPiece(bytes);
  });
  // Output samples as the encoder's resampling counts them: ceil(n × out / in) per chunk.
  let outputSamples = 0;
  let inputRate = sampleRate;
  const info = AUDIO_FORMAT_INFO[format];
  return {
    headBytes: format === 'MP3' ? (infoFrameBytes(sampleRate, mp3Kbps(options)) ?? 0) : 0,
    write: async (pcm) => {
      inputRate = pcm.sampleRate;
      outputSamples += Math.ceil((pcm.samples.length * sampleRate) / pcm.sampleRate);
      await stream.write(pcm);
    },
    finish: async () => {
      if (format === 'MP3' && outputSamples < MP3_MIN_OUTPUT_SAMPLES) {
        // Too short for LAME to write a frame: padded with silence, the Info frame keeps the true length.
        const padding = Math.ceil((MP3_MIN_OUTPUT_SAMPLES * inputRate) / sampleRate);
        await stream.write({ sampleRate: inputRate, samples: new Float32Array(padding) });
      }
      await stream.end();
      const body = Buffer.concat(out);
      const head = format === 'MP3' ? infoFrame(body, outputSamples) : Buffer.alloc(0);
      return {
        data: head.length > 0 ? Buffer.concat([head, body]) : body,
        head,
        mimeType: info.mimeType,
        extension: info.extension,
      };
    },
    abort: () => stream.abort(),
  };
}
