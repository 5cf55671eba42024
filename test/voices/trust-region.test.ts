import assert from 'node:assert/strict';
import { test } from 'node:test';
import { advance, type Evaluated, nextPoints, type SearchState, startSearch } from '../../src/voices/clone/refine/trust-region.js';

/**
 * The refinement's search on a function with a known answer: 6 axes, outputs a fixed linear map of
 * the point (what the model fits exactly), scored by their cosine to a target the map reaches at a
 * known point, minus a little for distance. No engine: each evaluation is arithmetic.
 */

const K = 6;
const OUTPUTS = 12;
const map = Array.from({ length: OUTPUTS }, (_, m) => Array.from({ length: K }, (_, j) => Math.sin(1.7 * m + 2.3 * j + 0.4)));
const offset = Array.from({ length: OUTPUTS }, (_, m) => 1 + 0.3 * Math.cos(m));
const goalPoint = [1.2, -0.8, 0.5, 2.0, -1.5, 0.3];
const outputsAt = (point: readonly number[]) => map.map((row, m) => offset[m]! + row.reduce((s, a, j) => s + a * point[j]!, 0));
const target = outputsAt(goalPoint);
const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < b.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
};
const score = (outputs: ArrayLike<number>, point: readonly number[]) => cosine(outputs, target) - 0.001 * Math.hypot(...point);
const evaluate = (point: number[], start = Number.NaN): Evaluated => {
  const outputs = outputsAt(point);
  const similarity = cosine(outputs, target);
  return { point, outputs, score: score(outputs, point), acceptable: !(similarity < start) };
};

function run(seed: number, evaluations: number): SearchState {
  let state = startSearch(evaluate(new Array(K).fill(0)), seed);
  const start = cosine(state.current.outputs, target);
  while (state.evaluations < evaluations) {
    const { points, proposal } = nextPoints(state, score);
    state = advance(state, points.map((p) => evaluate(p, start)), proposal);
  }
  return state;
}

test('the search climbs to the known answer in a few dozen evaluations', () => {
  const state = run(7, 40);
  const start = cosine(outputsAt(new Array(K).fill(0)), target);
  const reached = cosine(state.current.outputs, target);
  assert.ok(start < 0.95, `start ${start}`);
  assert.ok(reached > 0.999, `reached ${reached} from ${start}`);
});

test('the same seed takes the same path; another seed another one', () => {
  const a = run(11, 25);
  const b = run(11, 25);
  assert.deepEqual(a, b);
  const c = run(12, 25);
  assert.notDeepEqual(a.points.map((p) => p.point), c.points.map((p) => p.point));
});

test('a saved state goes on exactly as the uninterrupted search', () => {
  const whole = run(5, 30);
  let state = run(5, 15);
  state = JSON.parse(JSON.stringify(state)) as SearchState;
  while (state.evaluations < 30) {
    const { points, proposal } = nextPoints(state, score);
    const start = cosine(state.points[0]!.outputs, target);
    state = advance(state, points.map((p) => evaluate(p, start)), proposal);
  }
  assert.deepEqual(state, whole);
});

test('the current point only ever improves, and never moves to an unacceptable one', () => {
  let state = startSearch(evaluate(new Array(K).fill(0)), 3);
  let last = state.current.score;
  while (state.evaluations < 30) {
    const { points, proposal } = nextPoints(state, score);
    // Every point is marked unacceptable: the search must stay where it is.
    state = advance(state, points.map((p) => ({ ...evaluate(p), acceptable: false })), proposal);
    assert.equal(state.current.score, last);
  }
  state = run(3, 30);
  assert.ok(state.current.score > last);
  last = state.current.score;
  assert.ok(state.points.every((p) => p.score <= last || !p.acceptable));
});
