import { AppError } from '../errors.js';
import { decodeG711, encodeG711, g711DecodeTable } from './g711.js';
import type { PcmAudio } from './pcm.js';
import { floatsToInt16, floatsToS16le, s16leToFloats } from './pcm16.js';
import { resample } from './resample.js';

/**
 * RIFF WAVE files: writes mono 16-bit PCM or G.711, reads most of what is found in the wild.
 * Layout: "RIFF" size "WAVE", then chunks ("fmt ", "data", and others that are skipped), each
 * an id, a little-endian 32-bit size and the payload padded to an even length.
 */

/** The sample encodings `encodeWav` writes. */
export type WavEncoding = 'pcm16' | 'alaw' | 'mulaw';

/** Options for `encodeWav`. */
export interface EncodeWavOptions {
  /** Output rate in Hz; the audio is resampled when it differs from `pcm.sampleRate`. */
  sampleRate?: number;
  encoding: WavEncoding;
}

/** WAVE format tags (Microsoft registry): PCM, IEEE float, A-law, µ-law, and the extensible wrapper. */
const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_ALAW = 6;
const FORMAT_MULAW = 7;
const FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Encodes mono PCM as a WAV file. `pcm16` writes format tag 1 with 16-bit samples; `alaw` and
 * `mulaw` write format tags 6 and 7 with one G.711 byte per sample (and the `fact` chunk that
 * non-PCM WAV files carry).
 */
export function encodeWav(pcm: PcmAudio, options: EncodeWavOptions): Buffer {
  const audio = options.sampleRate === undefined ? pcm : resample(pcm, options.sampleRate);
  const payload = wavPayload(audio.samples, options.encoding);
  return wavFile(audio.sampleRate, options.encoding, audio.samples.length, [payload]);
}

/** The data chunk's bytes for `samples`: 16-bit little-endian, or one G.711 byte per sample. */
export function wavPayload(samples: Float32Array, encoding: WavEncoding): Buffer {
  return encoding === 'pcm16'
    ? floatsToS16le(samples)
    : Buffer.from(encodeG711(floatsToInt16(samples), encoding === 'alaw' ? 'alaw' : 'mulaw'));
}

/**
 * A whole WAV file around payload pieces made by `wavPayload` (in order, `sampleCount` samples in
 * all): the header with its sizes, the pieces, and the pad byte an odd data chunk needs.
 */
export function wavFile(sampleRate: number, encoding: WavEncoding, sampleCount: number, payload: Buffer[]): Buffer {
  const header = wavHeader(sampleRate, encoding, sampleCount);
  const parts = [header, ...payload, ...wavPadding(encoding, sampleCount)];
  return Buffer.concat(parts, header.length + paddedDataBytes(encoding, sampleCount));
}

/** Bytes of the fmt chunk's body (PCM 16; G.711 adds cbSize) and of the fact chunk (G.711 only). */
function chunkBytes(encoding: WavEncoding): { fmtSize: number; factSize: number } {
  return encoding === 'pcm16' ? { fmtSize: 16, factSize: 0 } : { fmtSize: 18, factSize: 12 };
}

/** The length of `wavHeader` for `encoding`, whatever the length of the audio. */
export function wavHeaderBytes(encoding: WavEncoding): number {
  const { fmtSize, factSize } = chunkBytes(encoding);
  return 12 + 8 + fmtSize + factSize + 8;
}

/** Bytes of the data chunk's samples: 16-bit, or one G.711 byte each. */
function dataBytes(encoding: WavEncoding, sampleCount: number): number {
  return sampleCount * (encoding === 'pcm16' ? 2 : 1);
}

/** The pad byte (or none) that follows an odd data chunk of `sampleCount` samples. */
export function wavPadding(encoding: WavEncoding, sampleCount: number): Buffer[] {
  return dataBytes(encoding, sampleCount) % 2 === 1 ? [Buffer.alloc(1)] : [];
}

function paddedDataBytes(encoding: WavEncoding, sampleCount: number): number {
  const dataSize = dataBytes(encoding, sampleCount);
  return dataSize + (dataSize % 2);
}

/** The header of a WAV file of `sampleCount` samples: RIFF, fmt (and fact for G.711), data sizes. */
export function wavHeader(sampleRate: number, encoding: WavEncoding, sampleCount: number): Buffer {
  const isPcm = encoding === 'pcm16';
  const bytesPerSample = isPcm ? 2 : 1;
  const dataSize = dataBytes(encoding, sampleCount);
  const formatTag = isPcm ? FORMAT_PCM : encoding === 'alaw' ? FORMAT_ALAW : FORMAT_MULAW;
  const { fmtSize, factSize } = chunkBytes(encoding);
  const dataPadded = paddedDataBytes(encoding, sampleCount);
  const header = Buffer.alloc(wavHeaderBytes(encoding));
  let o = 0;
  o += header.write('RIFF', o, 'latin1');
  o = header.writeUInt32LE(4 + 8 + fmtSize + factSize + 8 + dataPadded, o);
  o += header.write('WAVEfmt ', o, 'latin1');
  o = header.writeUInt32LE(fmtSize, o);
  o = header.writeUInt16LE(formatTag, o);
  o = header.writeUInt16LE(1, o); // channels
  o = header.writeUInt32LE(sampleRate, o);
  o = header.writeUInt32LE(sampleRate * bytesPerSample, o); // byte rate
  o = header.writeUInt16LE(bytesPerSample, o); // block align
  o = header.writeUInt16LE(bytesPerSample * 8, o); // bits per sample
  if (!isPcm) {
    o = header.writeUInt16LE(0, o); // cbSize
    o += header.write('fact', o, 'latin1');
    o = header.writeUInt32LE(4, o);
    o = header.writeUInt32LE(sampleCount, o); // samples per channel
  }
  o += header.write('data', o, 'latin1');
  header.writeUInt32LE(dataSize, o);
  return header;
}

/** RIFF and data sizes of a WAV whose length is unknown when its header is sent (the largest value). */
export const WAV_STREAM_SIZE = 0xffffffff;

/**
 * The header of a WAV that is streamed before its length is known: mono, `encoding` at
 * `sampleRate`, RIFF and data sizes set to `WAV_STREAM_SIZE` (readers take it as "to the end of the
 * file", as ffmpeg, sox and browsers do), and no `fact` chunk (it would need the sample count).
 */
export function wavStreamHeader(sampleRate: number, encoding: WavEncoding): Buffer {
  const isPcm = encoding === 'pcm16';
  const bytesPerSample = isPcm ? 2 : 1;
  const fmtSize = isPcm ? 16 : 18;
  const header = Buffer.alloc(12 + 8 + fmtSize + 8);
  let o = 0;
  o += header.write('RIFF', o, 'latin1');
  o = header.writeUInt32LE(WAV_STREAM_SIZE, o);
  o += header.write('WAVEfmt ', o, 'latin1');
  o = header.writeUInt32LE(fmtSize, o);
  o = header.writeUInt16LE(isPcm ? FORMAT_PCM : encoding === 'alaw' ? FORMAT_ALAW : FORMAT_MULAW, o);
  o = header.writeUInt16LE(1, o); // channels
  o = header.writeUInt32LE(sampleRate, o);
  o = header.writeUInt32LE(sampleRate * bytesPerSample, o); // byte rate
  o = header.writeUInt16LE(bytesPerSample, o); // block align
  o = header.writeUInt16LE(bytesPerSample * 8, o); // bits per sample
  if (!isPcm) o = header.writeUInt16LE(0, o); // cbSize
  o += header.write('data', o, 'latin1');
  header.writeUInt32LE(WAV_STREAM_SIZE, o);
  return header;
}

interface WavFormat {
  tag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
}

function unreadable(message: string): AppError {
  return new AppError('unreadable_audio', message);
}

/** Reads the fmt chunk, resolving WAVE_FORMAT_EXTENSIBLE to the tag in its sub-format GUID. */
function parseFmt(chunk: Buffer): WavFormat {
  if (chunk.length < 16) throw unreadable('WAV fmt chunk is too short');
  let tag = chunk.readUInt16LE(0);
  if (tag === FORMAT_EXTENSIBLE && chunk.length >= 26) tag = chunk.readUInt16LE(24);
  return {
    tag,
    channels: chunk.readUInt16LE(2),
    sampleRate: chunk.readUInt32LE(4),
    blockAlign: chunk.readUInt16LE(12),
    bitsPerSample: chunk.readUInt16LE(14),
  };
}

/** Returns a reader for one sample at a byte offset, scaled to [-1, 1]. */
function sampleReader(format: WavFormat, data: Buffer): (offset: number) => number {
  const { tag, bitsPerSample: bits } = format;
  if (tag === FORMAT_PCM && bits === 8) return (o) => (data[o]! - 128) / 128; // 8-bit WAV is unsigned
  if (tag === FORMAT_PCM && bits === 16) return (o) => data.readInt16LE(o) / 32768;
  if (tag === FORMAT_PCM && bits === 24) return (o) => data.readIntLE(o, 3) / 8388608;
  if (tag === FORMAT_PCM && bits === 32) return (o) => data.readInt32LE(o) / 2147483648;
  if (tag === FORMAT_FLOAT && bits === 32) return (o) => data.readFloatLE(o);
  if (tag === FORMAT_FLOAT && bits === 64) return (o) => data.readDoubleLE(o);
  if ((tag === FORMAT_ALAW || tag === FORMAT_MULAW) && bits === 8) {
    const table = g711DecodeTable(tag === FORMAT_ALAW ? 'alaw' : 'mulaw');
    return (o) => table[data[o]!]! / 32768;
  }
  throw unreadable(`Unsupported WAV encoding (format tag ${tag}, ${bits} bits)`);
}

/**
 * Decodes a WAV file to mono PCM. Reads integer PCM (8/16/24/32-bit), IEEE float (32/64-bit),
 * A-law and µ-law, plain or WAVE_FORMAT_EXTENSIBLE; channels are averaged into one. A data chunk
 * whose size is 0 or runs past the end (as streaming writers leave it) is read to the end of the file.
 * Throws `AppError('unreadable_audio')` for anything else.
 */
export function decodeWav(buffer: Buffer): PcmAudio {
  if (
    buffer.length < 12 ||
    buffer.toString('latin1', 0, 4) !== 'RIFF' ||
    buffer.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    throw unreadable('Not a RIFF WAVE file');
  }
  let format: WavFormat | undefined;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('latin1', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const start = offset + 8;
    if (id === 'fmt ') format = parseFmt(buffer.subarray(start, start + size));
    if (id === 'data') {
      if (!format) throw unreadable('WAV data chunk comes before its fmt chunk');
      const end = size === 0 || start + size > buffer.length ? buffer.length : start + size;
      return decodeData(format, buffer.subarray(start, end));
    }
    offset = start + size + (size % 2);
  }
  throw unreadable('WAV file has no data chunk');
}

function decodeData(format: WavFormat, data: Buffer): PcmAudio {
  const { channels, sampleRate, blockAlign, bitsPerSample } = format;
  const bytesPerSample = bitsPerSample / 8;
  if (
    channels < 1 ||
    sampleRate < 1 ||
    !Number.isInteger(bytesPerSample) ||
    blockAlign < channels * bytesPerSample
  ) {
    throw unreadable('WAV fmt chunk is inconsistent');
  }
  if (format.tag === FORMAT_PCM && bitsPerSample === 16 && channels === 1 && blockAlign === 2) {
    return { sampleRate, samples: s16leToFloats(data) };
  }
  if ((format.tag === FORMAT_ALAW || format.tag === FORMAT_MULAW) && channels === 1 && blockAlign === 1) {
    const int16 = decodeG711(data, format.tag === FORMAT_ALAW ? 'alaw' : 'mulaw');
    return { sampleRate, samples: Float32Array.from(int16, (v) => v / 32768) };
  }
  const read = sampleReader(format, data);
  const frames = Math.floor(data.length / blockAlign);
  const samples = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += read(f * blockAlign + c * bytesPerSample);
    samples[f] = sum / channels;
  }
  return { sampleRate, samples };
}

/** Longest WAV header looked through for the `data` chunk before giving up on a stream. */
const MAX_HEADER_SCAN = 4096;

/**
 * The samples of a WAV stream without its header (everything up to and including the `data`
 * chunk's id and size): headerless G.711 or PCM from one of our WAV encodings, piece by piece.
 */
export async function* wavDataOnly(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const piece of pieces) {
    if (head === null) {
      yield piece;
      continue;
    }
    head = Buffer.concat([head, piece]);
    const at = dataChunkStart(head);
    if (at >= 0) {
      const rest = head.subarray(at);
      head = null;
      if (rest.length > 0) yield rest;
    } else if (head.length > MAX_HEADER_SCAN) {
      throw new Error('no WAV data chunk in the first 4 KiB');
    }
  }
}

/** Offset of the first sample after the `data` chunk header, or -1 if the header is not complete yet. */
function dataChunkStart(head: Buffer): number {
  let o = 12;
  while (o + 8 <= head.length) {
    const id = head.toString('latin1', o, o + 4);
    const size = head.readUInt32LE(o + 4);
    if (id === 'data') return o + 8;
    o += 8 + size + (size % 2);
  }
  return -1;
}
