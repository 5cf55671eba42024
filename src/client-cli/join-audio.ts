/**
 * Joins audio files of one format made by separate requests (long text is spoken in chunks) into
 * one file, without decoding: WAV-family files share one header, PCM is concatenated, MP3 frames
 * are concatenated without each chunk's ID3 tag and Xing/Info frame (a single leading Info frame
 * would state the first chunk's length). FLAC and Ogg Opus cannot be joined this way.
 */
export const JOINABLE_FORMATS = ['WAV', 'LINEAR16', 'ALAW', 'MULAW', 'PCM', 'MP3'] as const;

export function joinAudio(format: string, parts: Uint8Array[]): Buffer {
  if (parts.length === 1) return Buffer.from(parts[0]!);
  if (format === 'PCM') return Buffer.concat(parts);
  if (format === 'MP3') return Buffer.concat(parts.map((p) => mp3Frames(Buffer.from(p))));
  if (['WAV', 'LINEAR16', 'ALAW', 'MULAW'].includes(format)) return joinWav(parts.map((p) => Buffer.from(p)));
  throw new Error(`${format} audio cannot be joined; use WAV, PCM or MP3 for long text`);
}

function chunksOf(wav: Buffer): Map<string, Buffer> {
  if (wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  const chunks = new Map<string, Buffer>();
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('latin1', at, at + 4);
    // Streamed WAVs may state 0xFFFFFFFF as the data size: the data then runs to the end.
    const size = Math.min(wav.readUInt32LE(at + 4), wav.length - at - 8);
    chunks.set(id, wav.subarray(at + 8, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return chunks;
}

function chunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
}

function joinWav(parts: Buffer[]): Buffer {
  const first = chunksOf(parts[0]!);
  const fmt = first.get('fmt ');
  if (!fmt) throw new Error('WAV without a fmt chunk');
  const data = Buffer.concat(parts.map((p) => chunksOf(p).get('data') ?? Buffer.alloc(0)));
  const blockAlign = fmt.readUInt16LE(12);
  // Non-PCM WAVs (A-law, mu-law) carry a fact chunk: the sample count per channel.
  const fact = first.has('fact') ? [chunk('fact', Buffer.from(new Uint32Array([data.length / blockAlign]).buffer))] : [];
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt), ...fact, chunk('data', data)]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from(new Uint32Array([body.length]).buffer), body]);
}

/** Layer III bitrates in kbit/s by index: MPEG-1, then MPEG-2/2.5. */
const BITRATES = [
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The MP3's audio frames: without a leading ID3v2 tag and without a Xing/Info first frame. */
function mp3Frames(mp3: Buffer): Buffer {
  let at = 0;
  if (mp3.toString('latin1', 0, 3) === 'ID3') {
    // The tag size is four 7-bit bytes, after a 10-byte header.
    at = 10 + ((mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!);
  }
  const header = mp3.readUInt32BE(at);
  const version = (header >>> 19) & 3;
  const bitrate = (BITRATES[version === 3 ? 0 : 1]![(header >>> 12) & 15] ?? 0) * 1000;
  const rate = RATES[version]?.[(header >>> 10) & 3];
  if ((header >>> 21) !== 0x7ff || !bitrate || !rate) return mp3.subarray(at);
  const length = Math.floor(((version === 3 ? 144 : 72) * bitrate) / rate) + ((header >>> 9) & 1);
  const frame = mp3.subarray(at, at + length).toString('latin1');
  return frame.includes('Info') || frame.includes('Xing') ? mp3.subarray(at + length) : mp3.subarray(at);
}
