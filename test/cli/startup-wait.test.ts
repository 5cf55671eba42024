import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { ROOT, runCli } from '../helpers/process.js';
import { freePort } from '../helpers/server.js';

/**
 * STARTUP_WAIT_SECONDS (src/startup-wait.ts): a stack started at once (compose.yaml; podman-compose
 * 1.0 does not wait for health) may start voicelib before PostgreSQL listens. With a wait, start-up
 * tries again until the database answers; without one it fails at once, naming the database. Run
 * against a real PostgreSQL that is started only after the command (scripts/test-postgres.sh).
 */
const POSTGRES = fs.readdirSync('/usr/lib/postgresql', { withFileTypes: true }).length > 0;
const postgres = (cmd: 'start' | 'stop', dir: string, port?: number) =>
  spawnSync('bash', [path.join(ROOT, 'scripts', 'test-postgres.sh'), cmd, dir, ...(port ? [String(port)] : [])], { encoding: 'utf8' });

describe('start-up waits for its database (STARTUP_WAIT_SECONDS)', { skip: POSTGRES ? false : 'PostgreSQL is not installed' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-startup-wait-'));
  after(() => {
    postgres('stop', dir);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('without a wait an unreachable database fails at once; with one, migrate succeeds once PostgreSQL starts', async () => {
    const port = await freePort();
    const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`, DATA_DIR: dir };

    const started = Date.now();
    const refused = await runCli(['migrate'], { ...env, STARTUP_WAIT_SECONDS: '0' });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /ECONNREFUSED|connect/);
    assert.ok(Date.now() - started < 10_000, 'no wait: it gives up at once');

    const waiting = runCli(['migrate', '--json'], { ...env, STARTUP_WAIT_SECONDS: '60' });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const up = postgres('start', path.join(dir, 'pg'), port);
    assert.equal(up.status, 0, up.stderr);
    const migrated = await waiting;
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.equal(JSON.parse(migrated.stdout).database, 'postgres');
    assert.match(migrated.stderr, /The database is not reachable yet .*waiting up to \d+ s more/);
  });
});
