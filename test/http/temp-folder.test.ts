import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { PRESETS } from '../../src/voices/catalog/catalog.js';
import { startProcess } from '../helpers/process.js';
import { freePort } from '../helpers/server.js';

/**
 * Temporary work lives under DATA_DIR/tmp and is emptied at start (docs/reliability.md, F11):
 * a server killed with -9 in the middle of a Flite synthesis leaves its scratch folder there, not
 * in the system temp folder, and the next start removes it along with any other leftovers.
 */

const TOKEN = 'temp-folder-admin-token-1';
/** An American preset that v-pro speaks on Flite when no neural model is installed. */
const FLITE_PRESET = PRESETS.find((p) => p.language_code === 'en-US' && p.identity.engines['flite']);
/** About 2,000 characters: Flite (slt) needs over a second for it, a wide window to kill it in. */
const LONG_TEXT = Array.from({ length: 20 }, (_, i) => `Sentence ${i + 1} walks slowly past the quiet harbour at dawn.`).join(' ');

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

async function waitFor<T>(what: string, probe: () => T | undefined, limitMs = 120_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const found = probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never saw ${what}`);
}

describe('temporary files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'voicelib-tempdir-test-'));
  const dataDir = path.join(root, 'data');
  const tempDir = path.join(dataDir, 'tmp');
  // The server's system temp folder: a private one, so nothing else writes there meanwhile.
  const systemTemp = path.join(root, 'system-tmp');
  mkdirSync(systemTemp, { recursive: true });
  const env = {
    DATA_DIR: dataDir,
    TMPDIR: systemTemp,
    ADMIN_TOKEN: TOKEN,
    LOG_LEVEL: 'silent',
    ENGINE_WARMUP: 'false',
    MODELS_SEARCH_PATH: '',
    RATE_LIMIT_PER_MINUTE: '10000',
  };
  const running: ChildProcess[] = [];
  after(() => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  test('kill -9 mid-synthesis leaves scratch only under DATA_DIR/tmp, and the next start empties it', async () => {
    assert.ok(FLITE_PRESET, 'an en-US preset with a Flite realization');
    mkdirSync(path.join(tempDir, 'voicelib-decode-stale'), { recursive: true });
    writeFileSync(path.join(tempDir, 'voicelib-decode-stale', 'input'), 'left by a crash');
    writeFileSync(path.join(tempDir, 'stray.wav'), 'left by a crash');

    const port = await freePort();
    const first = await startProcess(env, port);
    running.push(first);
    assert.deepEqual(entries(tempDir), [], 'the start removed the stale files');

    const created = await fetch(`http://127.0.0.1:${port}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro', points: 100_000 }),
    });
    const { api_key: key } = (await created.json()) as { api_key: string };
    const speech = fetch(`http://127.0.0.1:${port}/api/v1/tts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: LONG_TEXT, voice: FLITE_PRESET.id, model: 'v-pro', format: 'WAV' }),
    }).catch(() => null);
    const scratch = await waitFor('a Flite scratch folder under DATA_DIR/tmp', () =>
      entries(tempDir).find((name) => name.startsWith('voicelib-flite-')),
    );
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    await speech;
    assert.ok(entries(tempDir).includes(scratch), 'the killed synthesis left its folder under DATA_DIR/tmp');
    assert.deepEqual(entries(systemTemp), [], 'nothing in the system temp folder');

    const second = await startProcess(env, await freePort());
    running.push(second);
    assert.deepEqual(entries(tempDir), [], 'the restart removed what the killed process left');
    second.kill('SIGTERM');
  });
});
