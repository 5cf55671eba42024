import fs from 'node:fs/promises';
import path from 'node:path';
import type { TtsRequest, Voicelib } from '../../clients/typescript/src/index.js';
import { decodeAudio } from '../../clients/typescript/src/index.js';
import { buildCaptions } from '../speech/captions.js';
import type { WordTiming } from '../speech/engine.js';
import { JOINABLE_FORMATS, joinAudio } from './join-audio.js';
import { splitText } from './text-chunks.js';

export interface SayOptions {
  text: string;
  voice?: string | undefined;
  model?: string | undefined;
  format?: string | undefined;
  /** A file, or undefined / '-' for stdout. */
  out?: string | undefined;
  srt?: string | undefined;
}

export interface Io {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
}

type Format = NonNullable<TtsRequest['format']>;
const BY_EXTENSION: Record<string, Format> = {
  '.mp3': 'MP3',
  '.wav': 'WAV',
  '.flac': 'FLAC',
  '.ogg': 'OGG_OPUS',
  '.opus': 'OGG_OPUS',
  '.pcm': 'PCM',
  '.raw': 'PCM',
};
const FORMATS: readonly string[] = ['MP3', 'WAV', 'FLAC', 'OGG_OPUS', 'LINEAR16', 'PCM', 'ALAW', 'MULAW'];

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/** --voice as given (id, slug or name), or the first US English catalog voice. */
async function voiceId(vl: Voicelib, wanted: string | undefined): Promise<string> {
  if (wanted) return (await vl.voices.get(wanted)).id;
  const { voices } = await vl.voices.list({ type: 'preset', q: 'en-us', limit: 1 });
  const first = voices[0] ?? (await vl.voices.list({ type: 'preset', limit: 1 })).voices[0];
  if (!first) throw new Error('the server lists no voices; pass --voice');
  return first.id;
}

/**
 * `voicelib say`: speaks the text, writing audio to --out (or stdout) and captions to --srt.
 * Text over one request's limit is spoken in chunks at sentence ends, with progress on stderr,
 * and joined into one file with one caption track.
 */
export async function say(vl: Voicelib, options: SayOptions, io: Io): Promise<void> {
  const toStdout = options.out === undefined || options.out === '-';
  if (toStdout && io.stdout.isTTY) throw new Error('audio is binary: pass --out FILE or redirect stdout');
  const format = (options.format?.toUpperCase() ??
    (options.out ? BY_EXTENSION[path.extname(options.out).toLowerCase()] : undefined) ??
    'MP3') as Format;
  if (!FORMATS.includes(format)) throw new Error(`unknown --format ${options.format}; one of ${FORMATS.join(', ')}`);

  const text = options.text === '-' ? await readAll(io.stdin) : options.text;
  const chunks = splitText(text);
  if (chunks.length === 0) throw new Error('no text to speak');
  if (chunks.length > 1 && !(JOINABLE_FORMATS as readonly string[]).includes(format)) {
    throw new Error(`${format} files cannot be joined: text this long needs --format WAV, PCM or MP3`);
  }
  const voice = await voiceId(vl, options.voice);

  const audio: Uint8Array[] = [];
  const words: WordTiming[] = [];
  let offsetSeconds = 0;
  let points = 0;
  for (const [i, chunk] of chunks.entries()) {
    if (chunks.length > 1) io.stderr.write(`[${i + 1}/${chunks.length}] ${chunk.length} characters\n`);
    const created = await vl.tts.create({
      text: chunk,
      voice,
      format,
      ...(options.model ? { model: options.model } : {}),
    });
    audio.push(decodeAudio(created.audio_base64));
    points += created.points_used;
    if (options.srt) {
      const timings = await vl.tts.captionsJson(created.id);
      for (const w of timings.words) words.push({ word: w.word, start: w.start + offsetSeconds, end: w.end + offsetSeconds });
      offsetSeconds += timings.duration;
    }
  }

  const joined = joinAudio(format, audio);
  if (toStdout) await new Promise<void>((resolve, reject) => io.stdout.write(joined, (err) => (err ? reject(err) : resolve())));
  else await fs.writeFile(options.out!, joined);
  if (options.srt) await fs.writeFile(options.srt, buildCaptions(words, { mode: 'phrase', maxWords: 4 }).srt);
  io.stderr.write(
    `${toStdout ? 'audio written to stdout' : `wrote ${options.out}`} (${joined.length} bytes, ${format}, ${points} points)\n`,
  );
}
