import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseMarkup } from '../../src/speech/markup.js';
import { batchSentences, planUnits, type Unit } from '../../src/speech/pipeline-units.js';

/** What each unit says ('|' for a pause), to compare plans at a glance. */
const said = (units: readonly Unit[]) => units.map((unit) => (unit.kind === 'pause' ? '|' : unit.text));
const plan = (text: string, max: number) => batchSentences(planUnits(parseMarkup(text).segments), max);

describe('sentences batched for engines that prefer longer calls', () => {
  test('the first sentence stays alone; the rest are joined up to the limit', () => {
    const units = plan('One is first. Two follows. Three is here. Four ends it.', 30);
    assert.deepEqual(said(units), ['One is first.', 'Two follows. Three is here.', 'Four ends it.']);
    const last = units.at(-1)!;
    assert.ok(last.kind === 'speech' && !last.sentenceFollows, 'the last piece has no gap after it');
    const middle = units[1]!;
    assert.ok(middle.kind === 'speech' && middle.sentenceFollows, 'a joined piece keeps the gap after its last sentence');
  });

  test('a pause or a change of delivery is never joined across', () => {
    assert.deepEqual(said(plan('One. Two. <break time="500ms"/> Three. Four.', 400)), ['One.', 'Two.', '|', 'Three. Four.']);
    const steered = plan('One. Two. [sad] Three. Four.', 400);
    assert.deepEqual(said(steered), ['One.', 'Two.', 'Three. Four.']);
    assert.deepEqual(steered.map((unit) => (unit.kind === 'speech' ? unit.emotion : '|')), [null, null, 'sad']);
  });

  test('no limit joins nothing: a sentence longer than the limit stays whole', () => {
    const long = 'This sentence is rather long for the tiny limit.';
    assert.deepEqual(said(plan(`Hi. ${long} ${long}`, 10)), ['Hi.', long, long]);
  });
});
