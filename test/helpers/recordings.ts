import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseDataUri } from './audio.js';
import { type Account, type Response, type TestServer, startServer } from './server.js';

const run = promisify(execFile);

/** What clone tests record: the first two sentences of the Rainbow Passage. */
export const CLONE_SCRIPT =
  'The rainbow is a division of white light into many beautiful colors. These take the shape of a long round arch, ' +
  'with its path high above, and its two ends apparently beyond the horizon.';

/** A server for voice-library tests, a pro account on it, and real speech to clone. */
export interface CloneFixture {
  server: TestServer;
  account: Account;
  /** `CLONE_SCRIPT` spoken by the fixture's voice: a 16-bit mono WAV. */
  recording: Buffer;
  /** POST /api/v1/voices/clones with `key`. */
  clone: (key: string, body: Record<string, unknown>) => Promise<Response>;
}

/** Starts a server with rate limits out of the way and records `CLONE_SCRIPT` in preset `voice`. */
export async function cloneFixture(voice: string): Promise<CloneFixture> {
  const server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
  const account = await server.createAccount('pro', 100_000);
  const recording = await speechWav(server, account.api_key, voice, CLONE_SCRIPT);
  const clone = (key: string, body: Record<string, unknown>) =>
    server.request('POST', '/api/v1/voices/clones', { key, body });
  return { server, account, recording, clone };
}

/** A clone request body: one English sample of `data` as raw base64, with `extra` sample fields. */
export function cloneBody(data: Buffer, extra: Record<string, unknown> = {}) {
  return {
    name: 'My voice',
    language: 'en-US',
    samples: [{ audio_base64: data.toString('base64'), ...extra }],
  };
}

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
