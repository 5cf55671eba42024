import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DIST, startProcess } from '../helpers/process.js';
import { freePort } from '../helpers/server.js';
import { type Syscall, openedFile, readTrace, straceCommand, straceMissing } from '../helpers/strace.js';
import { presetFor } from '../helpers/voices.js';
import { until } from '../helpers/wait.js';

/**
 * docs/reliability.md, F14: a file that a commit names (the spooled audio of a pending record, the
 * stored audio of a ready one, a blob) is synced, with its name, before that commit is written.
 * Otherwise a power loss can keep the record and lose the audio. A power loss cannot be staged
 * here, so the tests watch the system calls under strace and check their order.
 */
const SYSCALLS = ['openat', 'close', 'fsync', 'fdatasync', 'pwrite64', 'rename', 'renameat', 'renameat2', 'link', 'linkat'];
const skip = process.env['CI'] ? false : (straceMissing() ?? false);
const LONG_TEXT = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} of a longer answer, spoken at an even pace for the test.`).join(' ');

/** Runs `node <script>` under strace until it exits; returns the calls. */
async function traceScript(dir: string, script: string): Promise<Syscall[]> {
  const file = path.join(dir, 'script.mjs');
  fs.writeFileSync(file, script);
  const out = path.join(dir, 'script.trace');
  const [command, ...args] = [...straceCommand(out, SYSCALLS), process.execPath, file];
  const child = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 0, 'the traced script succeeds');
  return readTrace(out);
}

/** Where in `calls` (at or after `from`) a successful fsync of `folder`, opened at or after `from`, returned; -1 if none. */
function folderSyncedAt(calls: readonly Syscall[], folder: string, from: number): number {
  for (let i = from; i < calls.length; i++) {
    const call = calls[i]!;
    if (call.name !== 'openat' || !call.args.startsWith(`AT_FDCWD, "${folder}",`) || !/^\d+/.test(call.result)) continue;
    const { uses } = openedFile(calls, folder, i);
    const sync = uses.find((u) => u.name === 'fsync' && u.result.startsWith('0'));
    if (sync) return calls.indexOf(sync);
  }
  return -1;
}

/** Index of the first write to a SQLite write-ahead log at or after `from` (-1 if none). */
function firstWalWrite(calls: readonly Syscall[], from: number): number {
  const open = new Map<string, string>(); // fd → path
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    const fd = /^(\d+)/.exec(call.args)?.[1];
    if (call.name === 'openat' && /^\d+/.test(call.result)) {
      open.set(/^\d+/.exec(call.result)![0], /^AT_FDCWD, "([^"]*)"/.exec(call.args)?.[1] ?? '');
    } else if (call.name === 'close' && fd !== undefined) {
      open.delete(fd);
    } else if (i >= from && call.name === 'pwrite64' && fd !== undefined && open.get(fd)?.endsWith('-wal')) {
      return i;
    }
  }
  return -1;
}

/** Checks that `file` (opened at or after `from`) was synced, and its folder too, before the next commit. */
function assertSyncedBeforeCommit(calls: readonly Syscall[], file: string, what: string, from = 0): number {
  const { open, uses } = openedFile(calls, file, from);
  const opened = calls.indexOf(open);
  const sync = uses.find((u) => u.name === 'fsync' || u.name === 'fdatasync');
  assert.ok(sync && sync.result.startsWith('0'), `${what}: the file is synced`);
  const close = uses.find((u) => u.name === 'close');
  assert.ok(close && calls.indexOf(sync) < calls.indexOf(close), `${what}: synced before it is closed`);
  const folderSync = folderSyncedAt(calls, path.dirname(file), opened);
  assert.ok(folderSync > opened, `${what}: its folder is synced after the file appears`);
  const commit = firstWalWrite(calls, opened);
  assert.ok(commit > 0, `${what}: a commit follows`);
  assert.ok(calls.indexOf(sync) < commit, `${what}: the file is on disk before the record naming it is written`);
  assert.ok(folderSync < commit, `${what}: its name is on disk before the record naming it is written`);
  return commit;
}

describe('files a commit names reach the disk before the commit (F14)', { skip }, () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-synced-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('the local blob store syncs the bytes before the rename, and the new name after it', async () => {
    const blobs = path.join(dir, 'blobs');
    const source = path.join(dir, 'spooled.mp3');
    const calls = await traceScript(
      dir,
      `import { LocalDiskBlobStore } from ${JSON.stringify(path.join(DIST, 'src/storage/local-blob-store.js'))};
       import { writeFileSynced } from ${JSON.stringify(path.join(DIST, 'src/storage/synced-files.js'))};
       const store = new LocalDiskBlobStore(${JSON.stringify(blobs)});
       await store.put('audio/a.mp3', Buffer.alloc(3000, 1));
       await writeFileSynced(${JSON.stringify(source)}, Buffer.alloc(2000, 2));
       await store.putFile('clips/b.mp3', ${JSON.stringify(source)});`,
    );
    assert.equal(fs.readFileSync(path.join(blobs, 'audio/a.mp3')).length, 3000);
    assert.equal(fs.readFileSync(path.join(blobs, 'clips/b.mp3')).length, 2000);

    // put: a temporary file under .partial, synced, renamed into place, then its folder synced.
    const { uses } = openedFile(calls, new RegExp(`^${blobs}/\\.partial/.*\\.tmp$`));
    const sync = uses.find((u) => u.name === 'fsync');
    const rename = calls.find((c) => c.name.startsWith('rename') && c.args.includes(`"${blobs}/audio/a.mp3"`));
    assert.ok(sync && rename, 'put syncs its temporary file and renames it');
    assert.ok(calls.indexOf(sync) < calls.indexOf(rename), 'the bytes are on disk before the name');
    assert.ok(folderSyncedAt(calls, `${blobs}/audio`, calls.indexOf(rename)) > calls.indexOf(rename), 'the new name is synced');
    // The store's folders were new: the folders holding their names are synced too.
    assert.ok(folderSyncedAt(calls, dir, 0) >= 0 && folderSyncedAt(calls, blobs, 0) >= 0, 'new folders are synced');

    // putFile: a link, then its folder synced.
    const link = calls.find((c) => c.name.startsWith('link') && c.args.includes(`"${blobs}/clips/b.mp3"`));
    assert.ok(link, 'putFile links the file');
    assert.ok(folderSyncedAt(calls, `${blobs}/clips`, calls.indexOf(link)) > calls.indexOf(link), 'the link is synced');
  });

  test('a folder made by two callers at once: neither goes on before the new names are synced', async () => {
    const made = path.join(dir, 'twice');
    const folder = path.join(made, 'inner');
    const marks = [path.join(dir, 'first.done'), path.join(dir, 'second.done')];
    const calls = await traceScript(
      dir,
      `import fs from 'node:fs';
       import { makeFolderSynced } from ${JSON.stringify(path.join(DIST, 'src/storage/synced-files.js'))};
       const marks = ${JSON.stringify(marks)};
       await Promise.all(marks.map((mark) => makeFolderSynced(${JSON.stringify(folder)}).then(() => fs.writeFileSync(mark, ''))));`,
    );
    assert.ok(fs.statSync(folder).isDirectory());
    // Both new names (\`twice\` in dir, \`inner\` in twice) are synced before either caller writes into them.
    const synced = [folderSyncedAt(calls, dir, 0), folderSyncedAt(calls, made, 0)];
    assert.ok(synced.every((at) => at >= 0), 'the folders holding the new names are synced');
    for (const mark of marks) {
      const at = calls.indexOf(openedFile(calls, mark).open);
      assert.ok(synced.every((sync) => sync < at), `${path.basename(mark)}: returned after the syncs`);
    }
  });

  test('a generation: its spool before its record, its stored audio before `ready`; the same when streamed', async () => {
    const trace = path.join(dir, 'server.trace');
    const port = await freePort();
    const dataDir = path.join(dir, 'data');
    const server = await startProcess(
      {
        DATABASE_URL: `sqlite:${path.join(dir, 'voicelib.db')}`,
        DATA_DIR: dataDir,
        ADMIN_TOKEN: 'synced-files-admin-token-0123',
        ENGINE_WARMUP: 'false',
      },
      port,
      straceCommand(trace, SYSCALLS),
    );
    const url = `http://127.0.0.1:${port}`;
    const post = (route: string, key: string, body: unknown) =>
      fetch(url + route, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    try {
      const account = (await (await post('/admin/v1/accounts', 'synced-files-admin-token-0123', { plan: 'pro', points: 1000 })).json()) as {
        api_key: string;
      };
      const body = { text: 'The ferry crossed the quiet bay.', voice: presetFor('en-US').id, model: 'v-lite', format: 'WAV' };
      // One at a time, each until it is ready, so that the first commit after a file is the one naming it.
      const ready = (id: string) =>
        until(`${id} ready`, async () => {
          const res = await fetch(`${url}/api/v1/tts/${id}`, { headers: { authorization: `Bearer ${account.api_key}` } });
          return ((await res.json()) as { status: string }).status === 'ready';
        });
      const json = await post('/api/v1/tts', account.api_key, body);
      assert.equal(json.status, 200);
      const first = ((await json.json()) as { id: string }).id;
      await ready(first);
      // ~40 s of WAV (~1.9 MB): spooled while it is encoded, so synced more than once.
      const long = await post('/api/v1/tts', account.api_key, { ...body, text: LONG_TEXT });
      assert.equal(long.status, 200);
      const longId = ((await long.json()) as { id: string }).id;
      await ready(longId);
      const streamed = await post('/api/v1/tts/stream', account.api_key, body);
      assert.equal(streamed.status, 200);
      await streamed.arrayBuffer();
      const second = streamed.headers.get('x-generation-id')!;
      await ready(second);
      // SIGTERM to the server itself (strace would only detach); strace ends with it.
      const serverPid = Number(fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
      process.kill(serverPid, 'SIGTERM');
      await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));

      const calls = readTrace(trace);
      const longSpool = path.join(dataDir, 'spool', `${longId}.wav`);
      assertSyncedBeforeCommit(calls, longSpool, 'a long answer, the spool');
      const { uses } = openedFile(calls, longSpool);
      const syncs = uses.filter((u) => u.name === 'fsync' || u.name === 'fdatasync');
      const writes = uses.filter((u) => u.name === 'pwrite64');
      assert.ok(syncs.length >= 3, `a long spool is synced as it is written (${syncs.length} syncs)`);
      // The head (the WAV header with the sizes) is written last, at the start of the file.
      assert.match(writes.at(-1)!.args, /, 44, 0\)?$/, 'the header goes in last, at offset 0');
      for (const [id, what] of [
        [first, 'POST /api/v1/tts'],
        [second, 'POST /api/v1/tts/stream'],
      ] as const) {
        const spool = path.join(dataDir, 'spool', `${id}.wav`);
        assertSyncedBeforeCommit(calls, spool, `${what}, the spool`);
        // The upload links the spool into the store; the link's name is synced before `ready` commits.
        const stored = path.join(dataDir, 'blobs', 'audio', `${id}.wav`);
        const link = calls.find((c) => c.name.startsWith('link') && c.args.includes(`"${stored}"`));
        assert.ok(link, `${what}: the upload links the spool into the store`);
        const at = calls.indexOf(link);
        const folderSync = folderSyncedAt(calls, path.dirname(stored), at);
        const ready = firstWalWrite(calls, at);
        assert.ok(folderSync > at && ready > folderSync, `${what}: the stored name is on disk before \`ready\` is written`);
      }
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  });
});
