import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseMarkup } from '../../src/speech/markup.js';
import { batchSentences, evenPieces, planUnits, type Unit } from '../../src/speech/pipeline-units.js';

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

describe('even pieces for an answer wanted whole from an engine that runs several calls at once', () => {
  const even = (text: string, pieces: number) => evenPieces(planUnits(parseMarkup(text).segments), pieces);

  test('the sentences go into that many pieces of about equal length, in order', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} is here.`);
    const text = sentences.join(' ');
    const two = said(even(text, 2));
    assert.equal(two.length, 2);
    assert.equal(two.join(' '), text, 'nothing lost, nothing reordered');
    assert.ok(Math.abs(two[0]!.length - two[1]!.length) <= sentences[0]!.length + 1, `even: ${two.map((t) => t.length)}`);
    assert.deepEqual(said(even(text, 3)).map((t) => t.split('.').length - 1), [4, 4, 4]);
    assert.deepEqual(said(even(text, 1)), [text]);
  });

  test('a pause or a change of delivery still splits, and the gap after each piece is kept', () => {
    const units = even('One is here. Two is here. <break time="500ms"/> Three is here. Four is here.', 2);
    assert.deepEqual(said(units), ['One is here. Two is here.', '|', 'Three is here. Four is here.']);
    const first = units[0]!;
    assert.ok(first.kind === 'speech' && first.trimEnd && !first.sentenceFollows, 'the piece before the pause is cut at the pause');
    const steered = even('One is here. [sad] Two is here. Three is here. Four is here.', 2);
    assert.deepEqual(said(steered), ['One is here.', 'Two is here. Three is here.', 'Four is here.']);
    assert.deepEqual(steered.map((unit) => (unit.kind === 'speech' ? unit.emotion : '|')), [null, 'sad', 'sad']);
  });
});
