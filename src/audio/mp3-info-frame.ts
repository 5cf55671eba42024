import { AppError } from '../errors.js';
import { crc16Arc } from './crc16.js';

/**
 * The Xing "Info" frame with a LAME tag that MP3 encoders put in front of CBR audio. It records
 * the frame count (so players know the duration without scanning) and the encoder delay and
 * padding (so decoders drop the silence lame adds and return exactly the input samples).
 *
 * ffmpeg writes this frame only when it can seek back in its output, which a pipe cannot do;
 * we let it write plain frames to stdout and prepend the frame here, laid out as ffmpeg lays it out
 * for files (Xing flags 0x0F, a linear TOC, "Lavf" as the encoder string).
 */

/** Samples of delay lame puts before the audio (lame 3.100, all modes); decoders also skip their own 529. */
export const LAME_ENCODER_DELAY = 576;

/** Layer III bitrates in kbit/s by index, for MPEG-1 and for MPEG-2/2.5 (index 0 = free format, unused). */
const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES_MPEG1 = [44100, 48000, 32000];

/** Bytes from the Xing tag to the end of the LAME tag: id, flags, frames, bytes, TOC(100), quality, LAME(36). */
const TAG_BYTES = 4 + 4 + 4 + 4 + 100 + 4 + 36;

interface FrameHeader {
  /** 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5 (the two version bits of the header). */
  versionBits: number;
  bitrateIndex: number;
  sampleRateIndex: number;
  sampleRate: number;
  frameBytes: number;
  samplesPerFrame: number;
}

function sampleRateOf(versionBits: number, index: number): number {
  const base = SAMPLE_RATES_MPEG1[index] ?? 0;
  return versionBits === 3 ? base : versionBits === 2 ? base / 2 : base / 4;
}

function frameBytesOf(
  versionBits: number,
  bitrateIndex: number,
  sampleRate: number,
  padding: number,
): number {
  const kbps = (versionBits === 3 ? BITRATES_MPEG1 : BITRATES_MPEG2)[bitrateIndex] ?? 0;
  // Layer III: 144 bytes per kbit/s per kHz for MPEG-1, half that for the 576-sample frames of MPEG-2/2.5.
  return Math.floor(((versionBits === 3 ? 144000 : 72000) * kbps) / sampleRate) + padding;
}

/** Parses the 4-byte header at `offset`, or returns undefined if it is not a Layer III frame header. */
function parseHeader(data: Buffer, offset: number): FrameHeader | undefined {
  if (offset + 4 > data.length) return undefined;
  const h = data.readUInt32BE(offset);
  const versionBits = (h >>> 19) & 3;
  const layerBits = (h >>> 17) & 3;
  const bitrateIndex = (h >>> 12) & 15;
  const sampleRateIndex = (h >>> 10) & 3;
  if (h >>> 21 !== 0x7ff || versionBits === 1 || layerBits !== 1) return undefined;
  if (bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3) return undefined;
  const sampleRate = sampleRateOf(versionBits, sampleRateIndex);
  return {
    versionBits,
    bitrateIndex,
    sampleRateIndex,
    sampleRate,
    frameBytes: frameBytesOf(versionBits, bitrateIndex, sampleRate, (h >>> 9) & 1),
    samplesPerFrame: versionBits === 3 ? 1152 : 576,
  };
}

/** Counts the frames of a stream that holds nothing but back-to-back Layer III frames. */
function countFrames(data: Buffer): { first: FrameHeader; frames: number } {
  const first = parseHeader(data, 0);
  let frames = 0;
  let offset = 0;
  while (offset < data.length) {
    const header = parseHeader(data, offset);
    if (!header || offset + header.frameBytes > data.length) {
      throw new AppError('internal_error', `Unexpected bytes in MP3 stream at offset ${offset}`);
    }
    frames++;
    offset += header.frameBytes;
  }
  if (!first) throw new AppError('internal_error', 'MP3 stream is empty');
  return { first, frames };
}

/** Side information of a mono frame: 17 bytes (MPEG-1) or 9 (MPEG-2/2.5); the Xing tag follows it. */
function sideInfoBytes(versionBits: number): number {
  return versionBits === 3 ? 17 : 9;
}

/** The stream's bitrate index, raised until a frame holds the Info tag (low bitrates are too small). */
function infoBitrateIndex(versionBits: number, bitrateIndex: number, sampleRate: number): number {
  let index = bitrateIndex;
  while (frameBytesOf(versionBits, index, sampleRate, 0) < 4 + sideInfoBytes(versionBits) + TAG_BYTES) index++;
  return index;
}

/**
 * The length of the Info frame that `infoFrame` makes for a stream LAME encodes at `sampleRate`
 * and `kbps` (a bitrate it uses at that rate: see `nearestMp3Kbps`), or null for any other pair.
 */
export function infoFrameBytes(sampleRate: number, kbps: number): number | null {
  const versionBits = sampleRate >= 32000 ? 3 : sampleRate >= 16000 ? 2 : 0;
  const bitrateIndex = (versionBits === 3 ? BITRATES_MPEG1 : BITRATES_MPEG2).indexOf(kbps);
  if (bitrateIndex <= 0) return null;
  return frameBytesOf(versionBits, infoBitrateIndex(versionBits, bitrateIndex, sampleRate), sampleRate, 0);
}

/**
 * Returns `frames` (an MP3 stream of plain Layer III frames, mono, as lame made it from
 * `sampleCount` input samples) with an Info frame in front.
 */
export function withInfoFrame(frames: Buffer, sampleCount: number): Buffer {
  return Buffer.concat([infoFrame(frames, sampleCount), frames]);
}

/** The Info frame that goes in front of `frames` (see `withInfoFrame`). */
export function infoFrame(frames: Buffer, sampleCount: number): Buffer {
  const { first, frames: frameCount } = countFrames(frames);
  const sideInfo = sideInfoBytes(first.versionBits);
  const bitrateIndex = infoBitrateIndex(first.versionBits, first.bitrateIndex, first.sampleRate);
  const size = frameBytesOf(first.versionBits, bitrateIndex, first.sampleRate, 0);
  const frame = Buffer.alloc(size);
  const header =
    (0x7ff << 21) |
    (first.versionBits << 19) |
    (1 << 17) |
    (1 << 16) |
    (bitrateIndex << 12) |
    (first.sampleRateIndex << 10);
  frame.writeUInt32BE((header | (3 << 6)) >>> 0, 0); // channel mode 3 = mono

  const totalBytes = size + frames.length;
  let o = 4 + sideInfo;
  o += frame.write('Info', o, 'latin1');
  o = frame.writeUInt32BE(0x0f, o); // frames, bytes, TOC and quality present
  o = frame.writeUInt32BE(frameCount, o);
  o = frame.writeUInt32BE(totalBytes, o);
  // Constant bitrate: byte position grows linearly with time, so the TOC is a straight line.
  for (let i = 0; i < 100; i++) frame[o++] = Math.floor((256 * i) / 100);
  o = frame.writeUInt32BE(0, o); // quality: unknown
  o += frame.write('Lavf', o, 'latin1');
  o += 5; // rest of the 9-byte encoder string
  o += 1 + 1 + 4 + 2 + 2 + 1 + 1; // tag revision, lowpass, peak, two replay gains, flags, ABR rate: unknown
  const padding = Math.max(0, frameCount * first.samplesPerFrame - LAME_ENCODER_DELAY - sampleCount);
  o = frame.writeUIntBE((LAME_ENCODER_DELAY << 12) | Math.min(padding, 0xfff), o, 3);
  o += 1 + 1 + 2; // misc, MP3 gain, preset
  o = frame.writeUInt32BE(totalBytes, o);
  o = frame.writeUInt16BE(crc16Arc(frames), o);
  frame.writeUInt16BE(crc16Arc(frame.subarray(0, o)), o);
  return frame;
}
