import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ffprobe } from '../helpers/audio.js';
import { CLI } from '../helpers/process.js';
import { CLONE_SCRIPT, convert, speechWav } from '../helpers/recordings.js';
import { type TestServer, startServer } from '../helpers/server.js';
import { type ShellResult, type ShellSession, shellSession } from '../helpers/shell.js';
import { readmeCommands } from '../helpers/readme.js';
import { presetFor } from '../helpers/voices.js';

/**
 * The README's curl walk-through, pasted into bash as a reader would: the ```sh blocks of
 * "Walk-through with curl" and of "OpenAI-compatible API", read from README.md at test time, run
 * in order in one shell in an empty folder. Nothing else tested that they work as written (the
 * clone example once failed with "Argument list too long"). When this test fails, fix the README.
 */
const SECTIONS = ['Walk-through with curl', 'OpenAI-compatible API'];
const VOICE = presetFor('en-US');

/** What the commands printed so far that later commands refer to (placeholders such as `prev_…`). */
interface Seen {
  apiKey?: string;
  previewId?: string;
  lexiconId?: string;
}

/**
 * The only changes made to the README's commands, in the order they are applied. The shell also has
 * the server's DATA_DIR and DATABASE_URL exported, as the README tells admin-command users to do, and
 * `set -o pipefail`, so a failing `jq … | base64 -d > hello.mp3` is not hidden by its last command.
 */
const SUBSTITUTIONS: Array<{ from: string; to: (server: TestServer, seen: Seen) => string }> = [
  // The test server listens on an ephemeral port.
  { from: 'localhost:8080', to: (server) => new URL(server.url).host },
  // `npx voicelib` works in the project folder the README means; these commands run in a temp folder.
  { from: 'npx voicelib', to: () => `'${process.execPath}' '${CLI}'` },
  // "export KEY=vl_…   # the api_key from above": the key the admin command printed.
  { from: 'export KEY=vl_…', to: (_, seen) => `export KEY=${need(seen.apiKey, 'an api_key printed before')}` },
  // "`VOICE_ID` is any catalog voice id": an American English preset.
  { from: 'VOICE_ID', to: () => VOICE.id },
  // The design save names a preview the previews call just answered.
  { from: 'prev_…', to: (_, seen) => need(seen.previewId, 'a preview_id printed before') },
  // The lexicon export (brands.pls) and the speech request use the first lexicon created, "Brands".
  { from: 'lex_…', to: (_, seen) => need(seen.lexiconId, 'a lexicon_id printed before') },
  // No player here (mpv is not installed): the streamed audio is kept and checked.
  { from: '| mpv -', to: () => '> stream.mp3' },
];

function need(value: string | undefined, what: string): string {
  if (value === undefined) throw new Error(`README walk-through: a placeholder needs ${what}, and none was printed`);
  return value;
}

/** Parses what looks like JSON; undefined for anything else (audio, SRT, PLS, empty). */
function json(text: string): any {
  if (!/^\s*[{[]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface Ran extends ShellResult {
  /** The README's command as written. */
  readme: string;
  /** What bash ran. */
  command: string;
}

describe('README walk-through with curl, pasted into bash', () => {
  let server: TestServer;
  let work: string;
  let shell: ShellSession;
  const ran: Ran[] = [];
  /** Set once every command ran, so the checks below fail with one clear reason when it did not. */
  let walked = false;
  /** The command whose README text contains `needle`, with what it printed. */
  const find = (needle: string): Ran => {
    const found = ran.find((r) => r.readme.includes(needle));
    assert.ok(found, `no README command containing ${JSON.stringify(needle)} ran: update this test`);
    return found;
  };
  const file = (name: string) => fs.readFileSync(path.join(work, name));

  before(async () => {
    server = await startServer();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'vl-readme-'));
    // The inputs the README expects the reader to have: a short speech recording made by the server's
    // own TTS (another account's points, so the walk-through's balance is its own) and a small PLS file.
    const other = await server.createAccount('pro', 1000);
    const wav = await speechWav(server, other.api_key, presetFor('en-US', 'male').id, CLONE_SCRIPT);
    // 128 kbit/s, as recorders save: its base64 is then over Linux's 128 KiB limit for one command-line
    // argument, so a README that put the recording in `-d "…$(base64 me.mp3)…"` fails here as it did.
    const recording = await convert(wav, ['-b:a', '128k'], 'mp3');
    assert.ok(Math.ceil(recording.length / 3) * 4 > 128 * 1024, `me.mp3 is only ${recording.length} bytes`);
    fs.writeFileSync(path.join(work, 'me.mp3'), recording);
    fs.writeFileSync(
      path.join(work, 'lexicon.pls'),
      `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>NASA</grapheme><alias>nasa</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><phoneme>təmˈɑːtoʊ</phoneme></lexeme>
</lexicon>
`,
    );
    const { dataDir, databaseUrl } = server.container.config;
    shell = shellSession(work, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  });
  after(async () => {
    shell?.close();
    await server?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('every command exits 0, prints no error and no stderr', { timeout: 300_000 }, async (t) => {
    const seen: Seen = {};
    for (const readme of SECTIONS.flatMap(readmeCommands)) {
      const command = SUBSTITUTIONS.reduce(
        (text, { from, to }) => (text.includes(from) ? text.replaceAll(from, to(server, seen)) : text),
        readme,
      );
      const result = await shell.run(command);
      ran.push({ ...result, readme, command });
      const missing = result.status === 127 ? ' (command not found: the README uses a tool not installed here)' : '';
      const shown =
        `${command}\n→ exit ${result.status}${missing}\n` +
        `stdout: ${result.stdout.slice(0, 600)}\nstderr: ${result.stderr}`;
      assert.equal(result.status, 0, shown);
      assert.equal(result.stderr, '', shown);
      const answer = json(result.stdout);
      assert.equal(answer?.error, undefined, shown);
      seen.apiKey = answer?.api_key ?? seen.apiKey;
      seen.previewId = answer?.previews?.[0]?.preview_id ?? seen.previewId;
      seen.lexiconId ??= answer?.lexicon_id;
      const firstLine = readme.split('\n')[0]!.replace(/\s*\\$/, '');
      if (result.durationMs > 1000) t.diagnostic(`${(result.durationMs / 1000).toFixed(1)} s: ${firstLine}`);
    }
    // Answers written to files (`> gen.json`, `-o hello2.mp3`) must not be errors either.
    for (const name of fs.readdirSync(work)) {
      const text = file(name).toString('utf8');
      assert.equal(json(text)?.error, undefined, `${name}: ${text.slice(0, 300)}`);
    }
    walked = true;
  });

  test('the files the walk-through writes are what it says', async () => {
    assert.ok(walked, 'the walk-through stopped early (see the first test)');
    for (const name of ['hello.mp3', 'hello2.mp3', 'stream.mp3']) {
      const probe = await ffprobe(file(name));
      assert.equal(probe.format.format_name, 'mp3', name);
      assert.ok(Number(probe.format.duration) > 0.5, `${name}: ${probe.format.duration} s`);
    }
    assert.deepEqual(file('hello.mp3'), file('hello2.mp3'), 'GET /audio gives the bytes the POST returned');
    assert.equal((await ffprobe(file('hello.aac'))).streams[0]?.codec_name, 'aac');
    const exported = file('brands.pls').toString('utf8');
    assert.match(exported, /<lexicon [^>]*vl:name="Brands"[\s\S]*<grapheme>W3C<\/grapheme>/);
  });

  test('the answers are what the README says', () => {
    assert.ok(walked, 'the walk-through stopped early (see the first test)');
    const srtCue = /^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n\S/;
    assert.match(find('/captions?mode=word').stdout, srtCue);
    assert.equal(json(find('api/v1/ping').stdout).points, 1000, 'the account the admin command made');
    const clone = json(find('/voices/clones').stdout);
    assert.match(clone.id, /^voice_/);
    assert.equal(clone.type, 'clone');
    const previews = json(find('/designs/previews').stdout).previews;
    assert.ok(previews.length > 0, JSON.stringify(previews));
    for (const preview of previews) assert.match(preview.preview_id, /^prev_/);
    assert.equal(json(find('"preview_id":"prev_…"').stdout).type, 'designed');
    assert.match(json(find('"lexicon_ids"').stdout).id, /^gen_/);
    assert.match(find("jq '.languages | length'").stdout, /^\d+\n$/);
  });
});
