import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { NaturalnessJudge } from '../../src/audio/analysis/naturalness/naturalness-judge.js';
import { resample } from '../../src/audio/resample.js';
import { decodeWav } from '../../src/audio/wav.js';
import { NATURALNESS_JUDGE_PATH, NATURALNESS_JUDGE_SKIP, TEST_MODELS_DIR } from '../helpers/models.js';

/**
 * The naturalness judge (DNSMOS P.835) against its reference implementation: the ratings of the
 * speaker fixtures (JFK's 1961 address: a continuous stretch, one with a second of noise cut in, a
 * short quiet piece shorter than the 9.01 s window, so repeated) written once from Python by
 * scripts/naturalness-judge-fixture.py. Every rating must agree within 1e-4.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures');
const expected = JSON.parse(readFileSync(path.join(FIXTURES, 'naturalness', 'expected.json'), 'utf8')) as {
  clips: Record<string, { sig: number; bak: number; ovrl: number }>;
};
const clip = (name: string) => decodeWav(readFileSync(path.join(FIXTURES, 'speaker', name)));

describe('naturalness judge (DNSMOS P.835)', NATURALNESS_JUDGE_SKIP, () => {
  let judge: NaturalnessJudge;
  before(async () => {
    judge = await NaturalnessJudge.load(NATURALNESS_JUDGE_PATH!);
  });

  for (const [name, reference] of Object.entries(expected.clips)) {
    test(`${name}: the reference's ratings within 1e-4`, async () => {
      const rating = (await judge.rate(clip(name)))!;
      for (const key of ['sig', 'bak', 'ovrl'] as const) {
        assert.ok(Math.abs(rating[key] - reference[key]) < 1e-4, `${key}: ${rating[key]} against ${reference[key]}`);
      }
    });
  }

  test('found in a models folder; any sample rate is rated at 16 kHz; no audio, no rating', async () => {
    const found = await NaturalnessJudge.find(['/nonexistent', TEST_MODELS_DIR!]);
    assert.equal(found?.file, NATURALNESS_JUDGE_PATH);
    assert.equal(await NaturalnessJudge.find(['/nonexistent']), null);
    const audio = clip('jfk-ask-not.wav');
    const [a, b] = [await judge.rate(audio), await judge.rate(resample(audio, 24000))];
    assert.ok(Math.abs(a!.ovrl - b!.ovrl) < 0.05, `${a!.ovrl} at 16 kHz, ${b!.ovrl} from 24 kHz`);
    assert.equal(await judge.rate({ sampleRate: 16000, samples: new Float32Array(0) }), null);
  });
});
