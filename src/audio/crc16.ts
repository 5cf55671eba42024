/**
 * CRC-16/ARC (polynomial 0x8005 reflected, initial value 0): the checksum the LAME tag of an MP3
 * Info frame uses for its own bytes and for the music data.
 */

let table: Uint16Array | undefined;

function crcTable(): Uint16Array {
  if (!table) {
    table = new Uint16Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
      table[n] = c;
    }
  }
  return table;
}

/** CRC-16/ARC of `bytes`, continuing from `crc` (0 to start). */
export function crc16Arc(bytes: Uint8Array, crc = 0): number {
  const t = crcTable();
  let c = crc;
  for (let i = 0; i < bytes.length; i++) c = (c >>> 8) ^ t[(c ^ bytes[i]!) & 0xff]!;
  return c;
}
