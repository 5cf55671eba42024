import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeAudio } from '../../src/audio/decode.js';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { voicePitch } from '../../src/audio/analysis/voice/measure-pitch.js';

const run = promisify(execFile);

/** Splits `data:<mime>;base64,<data>` into its MIME type and bytes. */
export function parseDataUri(uri: string): { mime: string; data: Buffer } {
  const match = /^data:([^;,]+);base64,([A-Za-z0-9+/=]+)$/.exec(uri);
  if (!match) throw new Error(`not a base64 data URI: ${uri.slice(0, 60)}`);
  return { mime: match[1]!, data: Buffer.from(match[2]!, 'base64') };
}

export interface ProbeResult {
  format: { format_name: string; duration?: string; bit_rate?: string };
  streams: Array<{ codec_name: string; sample_rate: string; channels: number; duration?: string; bit_rate?: string }>;
}

/** Real ffprobe on bytes (written to a temporary file). `inputFormat` forces a demuxer for raw PCM. */
export async function ffprobe(data: Buffer, inputArgs: string[] = []): Promise<ProbeResult> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vl-probe-')), 'audio');
  fs.writeFileSync(file, data);
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      ...inputArgs,
      '-show_streams',
      '-show_format',
      '-of',
      'json',
      file,
    ]);
    return JSON.parse(stdout) as ProbeResult;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Decodes any audio the service returned into PCM for analysis. */
export async function decode(data: Buffer, sampleRate?: number): Promise<PcmAudio> {
  return (await decodeAudio(data, sampleRate ? { sampleRate } : {})).audio;
}

/**
 * How animated a reading is: the 10th-90th percentile spread of its voiced F0 around the median, in
 * semitones, and that median.
 */
export function intonation(audio: PcmAudio): { spread: number; medianHz: number } {
  const { frames, medianHz } = voicePitch(audio);
  const semitones = Array.from(frames)
    .filter((hz) => hz > 0)
    .map((hz) => 12 * Math.log2(hz / medianHz))
    .sort((a, b) => a - b);
  const at = (q: number) => semitones[Math.round(q * (semitones.length - 1))] ?? 0;
  return { spread: at(0.9) - at(0.1), medianHz };
}
