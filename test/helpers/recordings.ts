import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseDataUri } from './audio.js';
import type { TestServer } from './server.js';

const run = promisify(execFile);

/** Real speech for clone tests: a WAV rendered by the service itself (espeak-ng). */
export async function speechWav(server: TestServer, key: string, voice: string, text: string): Promise<Buffer> {
  const res = await server.request('POST', '/api/v1/tts', {
    key,
    body: { text, voice, format: 'WAV', sample_rate: 22050, model: 'v-lite' },
  });
  if (res.status !== 200) throw new Error(`speech for a test recording failed: ${res.text}`);
  return parseDataUri(res.body.audio_base64).data;
}

/** Runs ffmpeg on `input` with output options and an output extension; returns the bytes. */
export async function convert(input: Buffer, outputArgs: string[], extension: string, inputArgs: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vl-rec-'));
  const src = path.join(dir, 'in.wav');
  const dst = path.join(dir, `out.${extension}`);
  fs.writeFileSync(src, input);
  try {
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputArgs, '-i', src, ...outputArgs, dst]);
    return fs.readFileSync(dst);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
