import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { CLI, type RunResult } from '../helpers/process.js';
import { CLONE_SCRIPT, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');
const execFileAsync = promisify(execFile);

/** The CLI with `stdin` piped in and only the given VOICELIB_* / XDG variables. */
function cli(args: string[], env: Record<string, string>, stdin = ''): Promise<RunResult> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VOICELIB_') && k !== 'XDG_CONFIG_HOME'),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await execFileAsync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/** End of the last cue of an SRT file, in seconds. */
function lastCueEnd(srt: string): number {
  const ends = [...srt.matchAll(/--> (\d\d):(\d\d):(\d\d),(\d{3})/g)].map((m) => +m[1]! * 3600 + +m[2]! * 60 + +m[3]! + +m[4]! / 1000);
  return ends.at(-1) ?? 0;
}

describe('voicelib client commands (say, voices, clone, login) against the real server', () => {
  let server: TestServer;
  let account: Account;
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    account = await server.createAccount('pro', 100_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-client-cli-'));
    env = { VOICELIB_URL: server.url, VOICELIB_API_KEY: account.api_key, XDG_CONFIG_HOME: path.join(dir, 'config') };
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('login checks the key, saves it readable by its owner only, and later commands use it', async () => {
    const config = { XDG_CONFIG_HOME: path.join(dir, 'login-config') };
    const bad = await cli(['login', '--url', server.url], config, 'vl_not_a_real_key\n');
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /unauthorized|HTTP 401/);
    const ok = await cli(['login', '--url', server.url], config, `${account.api_key}\n`);
    assert.equal(ok.code, 0, ok.stderr);
    const file = path.join(dir, 'login-config', 'voicelib', 'client.json');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { url: server.url, api_key: account.api_key });
    const voices = await cli(['voices', VOICE.slug], config);
    assert.equal(voices.code, 0, voices.stderr);
    assert.match(voices.stdout, new RegExp(`^${VOICE.id}\\tpreset\\t${VOICE.slug}\\t`));
  });

  test('say by voice name writes the audio and an SRT; an unknown voice fails with its code', async () => {
    const name = (await server.request('GET', `/api/v1/voices?q=${VOICE.slug}`, { key: account.api_key })).body.voices[0].name;
    const out = path.join(dir, 'hello.wav');
    const srt = path.join(dir, 'hello.srt');
    const res = await cli(['say', 'Hello from the command line.', '--voice', name, '--model', 'v-lite', '--out', out, '--srt', srt], env);
    assert.equal(res.code, 0, res.stderr);
    assert.equal(fs.readFileSync(out).subarray(0, 4).toString('latin1'), 'RIFF');
    assert.match(fs.readFileSync(srt, 'utf8'), /^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nHello from the command/);
    const missing = await cli(['say', 'Hi', '--voice', 'no such voice at all', '--out', out], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /voice_not_found/);
  });

  test('say - reads long text from stdin, speaks it in chunks with progress, joins MP3 and captions', async () => {
    const paragraph = 'This sentence is here to make the text long enough for several requests. ';
    const text = paragraph.repeat(Math.ceil(2600 / paragraph.length));
    const out = path.join(dir, 'long.mp3');
    const srt = path.join(dir, 'long.srt');
    const res = await cli(['say', '-', '--voice', VOICE.id, '--model', 'v-lite', '--out', out, '--srt', srt], env, text);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, /\[1\/2\] \d+ characters\n\[2\/2\]/);
    // One decodable stream whose length matches the joined captions (the second chunk's cues were moved).
    await execFileAsync('ffmpeg', ['-v', 'error', '-xerror', '-i', out, '-f', 'null', '-']);
    const seconds = await probeSeconds(out);
    const captions = fs.readFileSync(srt, 'utf8');
    assert.ok(Math.abs(seconds - lastCueEnd(captions)) < 1.5, `audio ${seconds} s, captions end ${lastCueEnd(captions)} s`);
    assert.ok(seconds > 60, `${seconds} s of speech for ${text.length} characters`);
  });

  test('say --format WAV joins WAV chunks into one valid file', async () => {
    const sentence = 'Every chunk of this text becomes one request, and the parts become one file. ';
    const text = sentence.repeat(Math.ceil(2000 / sentence.length));
    const out = path.join(dir, 'long.wav');
    const res = await cli(['say', text, '--voice', VOICE.id, '--model', 'v-lite', '--format', 'WAV', '--out', out], env);
    assert.equal(res.code, 0, res.stderr);
    const wav = fs.readFileSync(out);
    assert.equal(wav.readUInt32LE(4), wav.length - 8, 'RIFF size covers the joined file');
    assert.ok((await probeSeconds(out)) > 50);
  });

  test('clone FILE --name --language, then find it with voices', async () => {
    const recording = path.join(dir, 'me.wav');
    fs.writeFileSync(recording, await speechWav(server, account.api_key, VOICE.id, CLONE_SCRIPT));
    const res = await cli(['clone', recording, '--name', 'Command line clone', '--language', 'en-US', '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    const clone = JSON.parse(res.stdout);
    assert.equal(clone.type, 'clone');
    const listed = JSON.parse((await cli(['voices', 'command line', '--json'], env)).stdout);
    assert.deepEqual(listed.voices.map((v: { id: string }) => v.id), [clone.id]);
  });

  test('admin commands refuse to create a fresh database where the server has none', async () => {
    const empty = fs.mkdtempSync(path.join(dir, 'empty-'));
    const res = await cli(['admin', 'account', 'list'], { DATA_DIR: empty, LOG_LEVEL: 'silent' });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /no database at .*voicelib\.db.*DATA_DIR/s);
    assert.deepEqual(fs.readdirSync(empty), [], 'nothing was created');
    const migrated = await cli(['migrate', '--json'], { DATA_DIR: empty, LOG_LEVEL: 'silent' });
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.equal((await cli(['admin', 'account', 'list', '--json'], { DATA_DIR: empty, LOG_LEVEL: 'silent' })).code, 0);
  });
});
