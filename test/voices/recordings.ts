import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeAudio } from '../../src/audio/decode.js';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { encodeWav } from '../../src/audio/wav.js';
import type { SpeechEngine } from '../../src/speech/engine.js';
import { hasCommand } from '../helpers/process.js';

/**
 * Stand-in "recordings" for clone and measurement tests: real espeak-ng speech pushed away from
 * every stock voice with sox and ffmpeg (pitch shifts, vocal-tract changes by resampling, tempo,
 * noise), then encoded in a real container and decoded again like an upload.
 */

const run = promisify(execFile);

/**
 * Why the tests whose recordings go through sox skip here, or null when they run. Outside CI a
 * missing sox skips them (`apt-get install sox`); with CI set, `.ci/run` installs it and they fail
 * rather than skip.
 */
export const SOX_SKIP: string | null =
  process.env['CI'] || hasCommand('sox')
    ? null
    : 'sox is not installed (apt-get install sox): these recordings are pitch-shifted with it';

/** Sentences of about 10 s each, per language, with plenty of voiced speech. */
export const SENTENCES: Record<string, string> = {
  en: 'Every morning she walks along the river to the little bakery, where the bread is still warm and the coffee is strong. Later, when the market opens, she buys apples, cheese and flowers for her mother.',
  es: 'Cada mañana camina por la orilla del río hasta la pequeña panadería, donde el pan todavía está caliente y el café es fuerte. Después compra manzanas, queso y flores para su madre.',
  fr: 'Chaque matin, elle longe la rivière jusqu’à la petite boulangerie, où le pain est encore chaud et le café bien fort. Ensuite, elle achète des pommes, du fromage et des fleurs pour sa mère.',
  de: 'Jeden Morgen geht sie am Fluss entlang zur kleinen Bäckerei, wo das Brot noch warm und der Kaffee stark ist. Danach kauft sie Äpfel, Käse und Blumen für ihre Mutter.',
};

/** How to make one recording. */
export interface RecordingSpec {
  label: string;
  /** BCP-47 tag the recording speaks (`en-US`, `es-ES`). */
  language: string;
  /** espeak-ng voice id and parameters (variant, pitch, range, rate). */
  voice: { id: string; params: Record<string, string | number> };
  /** sox effects applied to the 22.05 kHz WAV (e.g. `['pitch', '300']`). */
  sox?: string[];
  /** ffmpeg `-af` filter graph applied while encoding; `{rate}` stands for the source rate. */
  filter?: string;
  /** Container and codec: `wav`, `mp3`, `ogg` (Vorbis), `flac`, `m4a` (AAC). */
  format: 'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a';
  /** Output sample rate of the file, Hz. */
  sampleRate: number;
  /** White noise mixed in, dB relative to the speech RMS (e.g. -20); omit for none. */
  noiseDb?: number;
  text?: string;
}

const CODEC_ARGS: Record<RecordingSpec['format'], string[]> = {
  wav: ['-c:a', 'pcm_s16le'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '5'],
  flac: ['-c:a', 'flac'],
  m4a: ['-c:a', 'aac', '-b:a', '128k'],
};

/** A "asetrate + aresample + atempo" chain that scales formants and F0 by `factor`, duration kept. */
export function vocalTractFilter(factor: number): string {
  return `asetrate={rate}*${factor},aresample={rate},atempo=${(1 / factor).toFixed(6)}`;
}

/** The recording's file bytes and what `decodeAudio` makes of them (at `decodeRate`, default the file's). */
export async function makeRecording(
  engine: SpeechEngine,
  spec: RecordingSpec,
  decodeRate?: number,
): Promise<{ bytes: Buffer; pcm: PcmAudio; text: string }> {
  const base = spec.language.split('-')[0] ?? 'en';
  const text = spec.text ?? SENTENCES[base] ?? SENTENCES['en']!;
  const { audio } = await engine.synthesize({
    text,
    language: spec.language,
    voice: spec.voice,
    speed: 1,
    variation: 0.5,
  });
  const dir = await mkdtemp(join(tmpdir(), 'voicelib-recording-'));
  try {
    await writeFile(join(dir, 'source.wav'), encodeWav(audio, { encoding: 'pcm16' }));
    let input = join(dir, 'source.wav');
    if (spec.sox && spec.sox.length > 0) {
      await run('sox', [input, join(dir, 'sox.wav'), ...spec.sox]);
      input = join(dir, 'sox.wav');
    }
    const filters: string[] = [];
    if (spec.filter) filters.push(spec.filter.replaceAll('{rate}', String(audio.sampleRate)));
    const output = join(dir, `out.${spec.format}`);
    const args = ['-v', 'error', '-nostdin', '-i', input];
    if (spec.noiseDb !== undefined) {
      const amplitude = rms(audio.samples) * 10 ** (spec.noiseDb / 20) * Math.sqrt(3);
      args.push(
        '-f',
        'lavfi',
        '-i',
        `anoisesrc=color=white:amplitude=${amplitude}:seed=7:r=${audio.sampleRate}`,
      );
      const chain = filters.length > 0 ? `${filters.join(',')},` : '';
      args.push(
        '-filter_complex',
        `[0:a]${chain}aresample=${audio.sampleRate}[v];[1:a]aresample=${audio.sampleRate}[n];[v][n]amix=inputs=2:duration=first:normalize=0[out]`,
        '-map',
        '[out]',
      );
    } else if (filters.length > 0) {
      args.push('-af', filters.join(','));
    }
    args.push('-ac', '1', '-ar', String(spec.sampleRate), ...CODEC_ARGS[spec.format], '-y', output);
    await run('ffmpeg', args);
    const bytes = await readFile(output);
    const decoded = await decodeAudio(bytes, decodeRate === undefined ? {} : { sampleRate: decodeRate });
    return { bytes, pcm: decoded.audio, text };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function rms(samples: Float32Array): number {
  let sum = 0;
  let count = 0;
  for (const x of samples) {
    if (Math.abs(x) < 1e-4) continue;
    sum += x * x;
    count++;
  }
  return count > 0 ? Math.sqrt(sum / count) : 0;
}
