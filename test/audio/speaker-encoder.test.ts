import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { meanEmbedding, SpeakerEncoder, speakerSimilarity } from '../../src/audio/analysis/speaker/speaker-encoder.js';
import { readTorchCheckpoint } from '../../src/audio/analysis/speaker/torch-checkpoint.js';
import { keptWindows, trimForEmbedding } from '../../src/audio/analysis/speaker/voice-activity.js';
import { resample } from '../../src/audio/resample.js';
import { decodeWav } from '../../src/audio/wav.js';
import { SPEAKER_ENCODER_PATH, SPEAKER_ENCODER_SKIP } from '../helpers/models.js';

/**
 * The speaker encoder against the reference implementation: Resemblyzer 0.1.4's embeddings of three
 * recordings (test/fixtures/speaker, JFK's 1961 address, public domain: a continuous stretch, the same
 * voice with a second of noise cut into it, and a short quiet piece), written once from Python by
 * scripts/speaker-encoder-fixture.py. Every value must agree within 1e-4.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures', 'speaker');
const expected = JSON.parse(readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as {
  clips: Record<string, { trimmed_samples: number; embedding: number[] }>;
};

function clip(name: string) {
  return decodeWav(readFileSync(path.join(FIXTURES, name)));
}

describe('speaker encoder (Resemblyzer GE2E)', SPEAKER_ENCODER_SKIP, () => {
  let encoder: SpeakerEncoder;
  before(async () => {
    encoder = await SpeakerEncoder.load(SPEAKER_ENCODER_PATH!);
  });
  after(() => encoder?.close());

  for (const [name, reference] of Object.entries(expected.clips)) {
    test(`${name}: the same silences cut and the same embedding as the reference, within 1e-4`, async () => {
      const audio = clip(name);
      assert.equal(audio.sampleRate, 16000);
      const trimmed = await trimForEmbedding(audio.samples);
      assert.equal(trimmed.length, reference.trimmed_samples);
      const embedding = await encoder.embed(audio);
      assert.ok(embedding);
      assert.equal(embedding.length, 256);
      let worst = 0;
      embedding.forEach((v, i) => {
        worst = Math.max(worst, Math.abs(v - reference.embedding[i]!));
      });
      assert.ok(worst < 1e-4, `largest difference ${worst}`);
    });
  }

  test('the fixtures exercise trimming, level raising and the single-window path', () => {
    const pause = expected.clips['jfk-with-pause.wav']!;
    assert.ok(pause.trimmed_samples < clip('jfk-with-pause.wav').samples.length - 8000, 'the noise second is cut');
    const quiet = expected.clips['jfk-short-quiet.wav']!;
    assert.ok(quiet.trimmed_samples < 25600, 'shorter than one 1.6 s window');
  });

  test('the same voice measures closer to itself than to a voice an octave and a tract away', async () => {
    const a = clip('jfk-ask-not.wav');
    const b = clip('jfk-with-pause.wav');
    // A crude other voice: the recording sped up 1.6x (pitch and formants move together).
    const other = { sampleRate: 16000, samples: resample({ sampleRate: 25600, samples: a.samples }, 16000).samples };
    const [ea, eb, eo] = await Promise.all([a, b, other].map((x) => encoder.embed(x)));
    const same = speakerSimilarity(ea!, eb!);
    const different = speakerSimilarity(ea!, eo!);
    assert.ok(same > 0.8, `same voice ${same}`);
    assert.ok(different < same - 0.1, `shifted ${different} vs same ${same}`);
    assert.ok(Math.abs(speakerSimilarity(meanEmbedding([ea!, ea!]), ea!) - 1) < 1e-6);
  });

  test('silence has no embedding', async () => {
    assert.equal(await encoder.embed({ sampleRate: 16000, samples: new Float32Array(32000) }), null);
  });

  test('the checkpoint reader finds every weight of the model', () => {
    const weights = readTorchCheckpoint(readFileSync(SPEAKER_ENCODER_PATH!));
    assert.deepEqual(weights.get('lstm.weight_ih_l0')?.shape, [1024, 40]);
    assert.deepEqual(weights.get('lstm.weight_hh_l2')?.shape, [1024, 256]);
    assert.deepEqual(weights.get('linear.weight')?.shape, [256, 256]);
    assert.equal(weights.get('linear.bias')?.values.length, 256);
  });
});

test('kept windows: at least 5 of 8 voiced around a window, then widened by 3 each side', () => {
  const flags = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const kept = keptWindows(flags);
  // Window i sees windows i-3..i+4: windows 9..12 see all 5 voiced ones; widened by 3: 6..15
  // (numpy and scipy give the same).
  assert.deepEqual([...kept].map((k, i) => (k ? i : -1)).filter((i) => i >= 0), [6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  // Four voiced windows are never 5 of 8, and numpy rounds 4/8 down: nothing is kept.
  assert.deepEqual([...keptWindows(Uint8Array.from([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]))].filter((k) => k).length, 0);
});
