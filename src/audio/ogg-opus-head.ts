import { AppError } from '../errors.js';

/**
 * The OpusHead packet of an Ogg Opus file carries an "input sample rate" field: the rate the audio
 * had before encoding. Opus itself always decodes at 48 kHz; players may use the field to pick an
 * output rate. libopus only accepts 8, 12, 16, 24 and 48 kHz, so for other rates ffmpeg resamples
 * and records the rate it resampled to; we put the requested rate back, then fix the page checksum.
 */

/** Ogg page header size before the segment table (RFC 3533 section 6). */
const PAGE_HEADER_BYTES = 27;
/** Offset of the checksum field in an Ogg page header. */
const CRC_OFFSET = 22;
/** Offset of the input sample rate inside the OpusHead packet (RFC 7845 section 5.1). */
const INPUT_RATE_OFFSET = 12;

let crcTable: Uint32Array | undefined;

/** Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0, no final xor. */
function oggCrc(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n << 24;
      for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0;
  for (let i = 0; i < bytes.length; i++)
    crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ bytes[i]!) & 0xff]!) >>> 0;
  return crc;
}

/**
 * Sets the OpusHead input sample rate in the first page of an Ogg Opus stream, in place, and
 * recomputes that page's checksum.
 */
export function setOpusInputSampleRate(ogg: Buffer, sampleRate: number): Buffer {
  if (ogg.length < PAGE_HEADER_BYTES || ogg.toString('latin1', 0, 4) !== 'OggS') {
    throw new AppError('internal_error', 'Ogg stream does not start with a page');
  }
  const segments = ogg[26]!;
  let bodyBytes = 0;
  for (let i = 0; i < segments; i++) bodyBytes += ogg[PAGE_HEADER_BYTES + i]!;
  const body = PAGE_HEADER_BYTES + segments;
  const end = body + bodyBytes;
  if (end > ogg.length || ogg.toString('latin1', body, body + 8) !== 'OpusHead') {
    throw new AppError('internal_error', 'First Ogg page does not hold an OpusHead packet');
  }
  ogg.writeUInt32LE(sampleRate, body + INPUT_RATE_OFFSET);
  ogg.writeUInt32LE(0, CRC_OFFSET);
  ogg.writeUInt32LE(oggCrc(ogg.subarray(0, end)), CRC_OFFSET);
  return ogg;
}
