import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { encoderError, FfmpegFailure } from './ffmpeg-process.js';
import { setFlacTotalSamples } from './flac-stream-info.js';
import type { PcmAudio } from './pcm.js';
import { convertPcm } from './pcm-convert.js';
import { wavFile, wavStreamHeader } from './wav.js';

/**
 * Streamed encoding: PCM arriving piece by piece (one per synthesized sentence group) becomes ONE
 * continuous file whose bytes are handed out as the encoder produces them, so a listener hears
 * the first sentence while the next is still being synthesized. The OpenAI-compatible formats:
 * mp3, opus (Ogg), aac (ADTS), flac, wav and pcm (raw signed 16-bit little-endian).
 */
export const STREAM_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];

export const STREAM_FORMAT_INFO: Readonly<Record<StreamFormat, { mimeType: string; extension: string }>> = {
  mp3: { mimeType: 'audio/mpeg', extension: 'mp3' },
  opus: { mimeType: 'audio/ogg', extension: 'ogg' },
  aac: { mimeType: 'audio/aac', extension: 'aac' },
  flac: { mimeType: 'audio/flac', extension: 'flac' },
  wav: { mimeType: 'audio/wav', extension: 'wav' },
  pcm: { mimeType: 'audio/pcm', extension: 'pcm' },
};

export interface StreamEncodeOptions {
  format: StreamFormat;
  /** Output rate, Hz; every piece is resampled to it. 24 000 for the OpenAI formats. */
  sampleRate: number;
  /** ffmpeg binary for mp3, opus, aac and flac; default `'ffmpeg'`. */
  ffmpegPath?: string;
}

/** ffmpeg output options per format; input is always raw mono s16le at the output rate. */
function outputArgs(format: 'mp3' | 'opus' | 'aac' | 'flac'): string[] {
  switch (format) {
    case 'mp3':
      // 24 kHz is MPEG-2, whose ceiling is 160 kbit/s; no ID3 and no Xing frame (a pipe cannot seek back).
      return '-c:a libmp3lame -b:a 128k -id3v2_version 0 -write_xing 0 -f mp3'.split(' ');
    case 'opus':
      // Ogg pages of 100 ms (default 1 s) so a sentence's audio leaves as soon as it is encoded.
      return '-c:a libopus -b:a 64k -vbr constrained -page_duration 100000 -f ogg'.split(' ');
    case 'aac':
      // ADTS: self-framed AAC, playable from any frame on, so it streams like MP3.
      return '-c:a aac -b:a 96k -f adts'.split(' ');
    case 'flac':
      return '-c:a flac -f flac'.split(' ');
  }
}

function ffmpegArgs(format: 'mp3' | 'opus' | 'aac' | 'flac', sampleRate: number): string[] {
  const input = `-hide_banner -loglevel error -nostdin -f s16le -ar ${sampleRate} -ac 1 -i pipe:0`.split(' ');
  const clean = '-map_metadata -1 -fflags +bitexact -flags +bitexact -flush_packets 1'.split(' ');
  return [...input, ...clean, ...outputArgs(format), 'pipe:1'];
}

/**
 * Encodes `pieces` as one file and yields its bytes as they come out of the encoder. wav and pcm
 * are written here (a streamed WAV header says "length unknown"; `finalizeStreamed` fixes the
 * stored copy); the others go through one ffmpeg process fed each piece as it arrives. Stopping
 * the iteration early (client gone) kills ffmpeg and stops pulling pieces. Encoder failures are
 * `provider_error`; a failure of `pieces` itself is rethrown as it is.
 *
 * @example
 * for await (const bytes of encodeStream(sentences(), { format: 'aac', sampleRate: 24000 })) res.write(bytes);
 */
export async function* encodeStream(pieces: AsyncIterable<PcmAudio>, options: StreamEncodeOptions): AsyncGenerator<Buffer> {
  const { format, sampleRate } = options;
  if (format === 'wav' || format === 'pcm') {
    // The WAV header leaves with the first piece, so the first bytes out always mean "synthesis worked".
    let header: Buffer | null = format === 'wav' ? wavStreamHeader(sampleRate, 'pcm16') : null;
    for await (const piece of pieces) {
      const bytes = await convertPcm(piece, sampleRate, 'pcm16');
      yield header ? Buffer.concat([header, bytes]) : bytes;
      header = null;
    }
    if (header) yield header;
    return;
  }
  yield* ffmpegStream(pieces, format, sampleRate, options.ffmpegPath ?? 'ffmpeg');
}

async function* ffmpegStream(
  pieces: AsyncIterable<PcmAudio>,
  format: 'mp3' | 'opus' | 'aac' | 'flac',
  sampleRate: number,
  ffmpegPath: string,
): AsyncGenerator<Buffer> {
  const child = spawn(ffmpegPath, ffmpegArgs(format, sampleRate), { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  // A killed or failed ffmpeg closes its stdin under us (EPIPE): the exit status tells what happened.
  child.stdin.on('error', () => undefined);
  let spawnError: Error | undefined;
  child.on('error', (error) => {
    spawnError = error;
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

  let stopped = false;
  let piecesError: { error: unknown } | undefined;
  const iterator = pieces[Symbol.asyncIterator]();
  const pump = (async () => {
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done || stopped) break;
        const bytes = await convertPcm(next.value, sampleRate, 'pcm16');
        if (!child.stdin.write(bytes)) await Promise.race([once(child.stdin, 'drain'), closed]);
      }
      child.stdin.end();
    } catch (error) {
      piecesError = { error };
      child.kill('SIGKILL');
    }
  })();

  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) yield chunk;
    await pump;
    if (piecesError) throw piecesError.error;
    const code = await closed;
    if (spawnError || code !== 0) {
      throw encoderError(format, spawnError ?? new FfmpegFailure('exit', `ffmpeg exited with ${code}`, code, stderr));
    }
  } finally {
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    // Let a synthesis in progress finish quietly and close the source, so nothing keeps running.
    await pump;
    await iterator.return?.();
  }
}

/**
 * The stored copy of a streamed file, made whole: a WAV gets its real sizes, a FLAC its sample
 * count (ffmpeg cannot seek back on a pipe to write them). The other formats are complete as sent.
 */
export function finalizeStreamed(format: StreamFormat, data: Buffer, totalSamples: number): Buffer {
  if (format === 'wav') return wavFile(wavRate(data), 'pcm16', (data.length - 44) / 2, [data.subarray(44)]);
  if (format === 'flac') return setFlacTotalSamples(data, totalSamples);
  return data;
}

function wavRate(data: Buffer): number {
  return data.readUInt32LE(24);
}
