import { AppError } from '../errors.js';

/**
 * FLAC's STREAMINFO block records the total number of samples, which is what gives players (and
 * ffprobe) the duration. ffmpeg fills it in by seeking back at the end of the file, which a pipe
 * cannot do, so a piped FLAC says "unknown length"; we write the count in ourselves.
 * The MD5 of the audio stays zero, which the format defines as "not computed".
 */

/** Offset of STREAMINFO's payload: "fLaC" (4) plus the metadata block header (4). */
const STREAMINFO_OFFSET = 8;

/** Sets the total sample count (a 36-bit field) in the STREAMINFO block of a FLAC stream, in place. */
export function setFlacTotalSamples(flac: Buffer, totalSamples: number): Buffer {
  if (
    flac.length < STREAMINFO_OFFSET + 34 ||
    flac.toString('latin1', 0, 4) !== 'fLaC' ||
    (flac[4]! & 0x7f) !== 0
  ) {
    throw new AppError('internal_error', 'FLAC stream does not start with a STREAMINFO block');
  }
  // The count occupies the low 4 bits of payload byte 13 and all of bytes 14..17.
  const at = STREAMINFO_OFFSET + 13;
  const high = Math.floor(totalSamples / 2 ** 32);
  flac[at] = (flac[at]! & 0xf0) | (high & 0x0f);
  flac.writeUInt32BE(totalSamples % 2 ** 32, at + 1);
  return flac;
}
