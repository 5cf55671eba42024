import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SpeakerEncoder } from '../../src/audio/analysis/speaker/speaker-encoder.js';
import { NaturalnessJudge } from '../../src/audio/analysis/naturalness/naturalness-judge.js';
import { concatPcm } from '../../src/audio/silence.js';
import { splitSentences } from '../../src/speech/sentences.js';
import { checkText } from '../../src/voices/probe-texts.js';
import { decodeWav } from '../../src/audio/wav.js';
import type { EngineRealization, VoiceSpace } from '../../src/speech/engine.js';
import { createKokoroEngine, type KokoroEngine } from '../../src/speech/engines/kokoro/index.js';
import { voiceTarget, type SpeakerTarget } from '../../src/voices/clone/refine/fit-score.js';
import { NATURALNESS_SLACK, type RefineCheckpoint, refineClone } from '../../src/voices/clone/refine/refine.js';
import { KOKORO_SKIP, NATURALNESS_JUDGE_PATH, NATURALNESS_JUDGE_SKIP, neuralEnv, SPEAKER_ENCODER_PATH, SPEAKER_ENCODER_SKIP } from '../helpers/models.js';

/**
 * The refinement itself on the real engine and encoder (no server): deterministic for a recording and
 * a seed, and the voice space moves a voice the way its contract says.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures', 'speaker');
const START: EngineRealization = { id: 'am_michael', params: { blend: 'am_michael:1', language: 'en-US' } };

describe('clone refinement on Kokoro', { skip: KOKORO_SKIP.skip ?? SPEAKER_ENCODER_SKIP.skip }, () => {
  let engine: KokoroEngine;
  let encoder: SpeakerEncoder;
  let space: VoiceSpace;
  let target: SpeakerTarget;
  before(async () => {
    const env = neuralEnv();
    engine = createKokoroEngine({ modelFolders: [...env.MODELS_SEARCH_PATH!.split(':'), env.MODELS_DIR!] });
    encoder = await SpeakerEncoder.load(SPEAKER_ENCODER_PATH!);
    space = (await engine.voiceSpace!())!;
    target = (await voiceTarget(encoder, decodeWav(readFileSync(path.join(FIXTURES, 'jfk-ask-not.wav'))), 120))!;
  });
  after(async () => {
    await engine?.close();
    await encoder?.close();
  });

  const refine = (steps: RefineCheckpoint[], seed: number, stopAfter = Number.POSITIVE_INFINITY, extra: { judge?: NaturalnessJudge; evaluations?: number } = {}) =>
    refineClone({
      engine,
      space,
      encoder,
      ...(extra.judge ? { judge: extra.judge } : {}),
      target,
      job: { start: START, language: 'en-US', seed, budgetCpuSeconds: 1e6, maxEvaluations: extra.evaluations ?? 4 },
      cpuSeconds: () => 0,
      onCheckpoint: async (checkpoint) => {
        steps.push(checkpoint);
        return steps.length < stopAfter;
      },
    });

  test('the same recording and seed take the same path', async () => {
    const a: RefineCheckpoint[] = [];
    const b: RefineCheckpoint[] = [];
    const first = await refine(a, 42);
    const second = await refine(b, 42);
    assert.equal(first.search.evaluations, 4);
    assert.deepEqual(second, first);
    assert.deepEqual(b, a);
    // Every evaluation measured a voice: embedding, spectrum and pitch miss.
    assert.ok(first.search.points.every((p) => p.outputs.length === 256 + 32 + 1));
    assert.ok(first.best.similarity >= first.startSimilarity);
  });

  test('with the naturalness judge, the search moves only to voices that say other sentences nearly as naturally as the start', NATURALNESS_JUDGE_SKIP, async () => {
    const judge = await NaturalnessJudge.load(NATURALNESS_JUDGE_PATH!);
    {
      const steps: RefineCheckpoint[] = [];
      const last = await refine(steps, 42, Number.POSITIVE_INFINITY, { judge, evaluations: 10 });
      const start = last.startNaturalness!;
      assert.ok(start > 1 && start < 5, `start rated ${start}`);
      const moves = steps.filter((step, i) => i > 0 && step.best !== steps[i - 1]!.best);
      assert.ok(moves.length > 0, 'the search moved');
      for (const step of moves) assert.ok(step.best.naturalness! >= start - NATURALNESS_SLACK, `moved to a voice rated ${step.best.naturalness} (start ${start})`);
      // The rating is the judge's on the check sentences, said as the pipeline says sentences.
      const said = [];
      for (const text of splitSentences(checkText('en-US')!)) {
        said.push((await engine.synthesize({ text, language: 'en-US', voice: last.best.realization, speed: 1, variation: 0.5 })).audio);
      }
      assert.ok(Math.abs((await judge.rate(concatPcm(said)))!.ovrl - last.best.naturalness!) < 1e-6);
    }
  });

  test('a checkpoint answered false stops the refinement at once', async () => {
    const steps: RefineCheckpoint[] = [];
    const last = await refine(steps, 42, 1);
    assert.equal(steps.length, 1);
    assert.equal(last.search.evaluations, 1);
  });

  test('the voice space: axes add up and move timbre only, pitch is the last axis, spread counts style only', () => {
    assert.equal(space.dimensions, 25);
    const a = new Array(25).fill(0).map((_, i) => (i % 3) * 0.4 - 0.3);
    const b = new Array(25).fill(0).map((_, i) => (i % 5) * 0.2 - 0.1);
    const twice = space.move(space.move(START, a), b);
    const once = space.move(START, a.map((v, i) => v + b[i]!));
    const style = (v: EngineRealization) => Buffer.from(String(v.params?.['style']), 'base64');
    const [x, y] = [style(twice), style(once)];
    for (let i = 0; i < 256; i += 1) assert.ok(Math.abs(x.readFloatLE(i * 4) - y.readFloatLE(i * 4)) < 1e-5);
    // Timbre moves, prosody stays: the decoder's half changed, the predictor's half still the voice's own (zero here).
    assert.ok([...Array(128).keys()].some((i) => Math.abs(x.readFloatLE(i * 4)) > 1e-3));
    assert.ok([...Array(128).keys()].every((i) => x.readFloatLE((128 + i) * 4) === 0));
    assert.ok(Math.abs(Number(twice.params?.['pitch']) - Number(once.params?.['pitch'])) < 1e-3);
    const pitchOnly = new Array(25).fill(0);
    pitchOnly[24] = 1;
    assert.equal(space.move(START, pitchOnly).params?.['pitch'], Number((2 ** (2 / 12)).toFixed(4)));
    assert.equal(space.spreadFrom(START)(pitchOnly), 0);
    assert.ok(Math.abs(space.spreadFrom(START)([3, 4, ...new Array(23).fill(0)]) - 5) < 1e-12);
  });

  test("spread counts the move a voice already carries (an instant clone's style offset)", () => {
    const axis = (j: number, by: number) => Object.assign(new Array(25).fill(0), { [j]: by });
    const spreadMoved = space.spreadFrom(space.move(START, axis(0, 3)));
    // The carried offset (here a timbre move of 3 units, so part of axis 0's length) counts from the start.
    const own = spreadMoved(new Array(25).fill(0));
    assert.ok(own > 1 && own < 3, String(own));
    // Spread is the length of carried offset + point: the parallelogram law holds along any axis.
    for (const j of [0, 1, 7]) {
      const [plus, minus] = [spreadMoved(axis(j, 2)), spreadMoved(axis(j, -2))];
      assert.ok(Math.abs(plus ** 2 + minus ** 2 - 2 * (own ** 2 + 4)) < 1e-6, `axis ${j}: ${plus}, ${minus}`);
    }
  });
});
