import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AppError } from '../../src/errors.js';
import { buildCaptions, srtTimestamp, toSrt } from '../../src/speech/captions.js';
import type { WordTiming } from '../../src/speech/engine.js';

/** Words 0.3 s long with `gap` seconds between them (default 0.05 s, below the pause threshold). */
function timed(text: string, gap = 0.05): WordTiming[] {
  let time = 0;
  return text.split(' ').map((word) => {
    const timing = { word, start: time, end: time + 0.3 };
    time += 0.3 + gap;
    return timing;
  });
}

const lines = (words: WordTiming[], maxWords: number) =>
  buildCaptions(words, { mode: 'phrase', maxWords }).cues.map((cue) => cue.text);

describe('word mode', () => {
  test('one cue per word with the word times', () => {
    const { cues } = buildCaptions(timed('Hello, big world.'), { mode: 'word', maxWords: 4 });
    assert.deepEqual(cues, [
      { start: 0, end: 0.3, text: 'Hello,' },
      { start: 0.35, end: 0.65, text: 'big' },
      { start: 0.7, end: 1, text: 'world.' },
    ]);
  });
});

describe('phrase mode', () => {
  test('max_words 2 splits an unpunctuated run into pairs', () => {
    assert.deepEqual(lines(timed('one two three four five'), 2), ['one two', 'three four', 'five']);
  });

  test('max_words 7 keeps up to seven words per line', () => {
    assert.deepEqual(lines(timed('a b c d e f g h i j'), 7), ['a b c d e f g', 'h i j']);
  });

  test('lines break at sentence ends', () => {
    assert.deepEqual(lines(timed('Hello there. How are you? Fine! Thanks'), 7), [
      'Hello there.',
      'How are you?',
      'Fine!',
      'Thanks',
    ]);
  });

  test('lines break at clause ends', () => {
    assert.deepEqual(lines(timed('Well, I think so; maybe: yes — or – not'), 7), [
      'Well,',
      'I think so;',
      'maybe:',
      'yes —',
      'or –',
      'not',
    ]);
  });

  test('sentence ends followed by closing quotes or brackets still break', () => {
    assert.deepEqual(lines(timed('He said "stop." and (left.) then'), 7), [
      'He said "stop."',
      'and (left.)',
      'then',
    ]);
  });

  test('CJK sentence and clause marks break lines', () => {
    assert.deepEqual(lines(timed('你好。 我们 今天， 很好！ 谢谢'), 7), [
      '你好。',
      '我们 今天，',
      '很好！',
      '谢谢',
    ]);
  });

  test('a pause of 0.3 s or more between words breaks the line; shorter ones do not', () => {
    const words: WordTiming[] = [
      { word: 'one', start: 0, end: 0.3 },
      { word: 'two', start: 0.55, end: 0.8 },
      { word: 'three', start: 1.12, end: 1.4 },
      { word: 'four', start: 1.45, end: 1.7 },
    ];
    assert.deepEqual(lines(words, 7), ['one two', 'three four']);
  });

  test('cue times span their first and last word', () => {
    const { cues } = buildCaptions(timed('one two three'), { mode: 'phrase', maxWords: 2 });
    assert.deepEqual(cues, [
      { start: 0, end: 0.65, text: 'one two' },
      { start: 0.7, end: 1, text: 'three' },
    ]);
  });

  test('max_words outside 2-7 is rejected', () => {
    for (const maxWords of [1, 8, 2.5]) {
      assert.throws(
        () => buildCaptions([], { mode: 'phrase', maxWords }),
        (error: unknown) => error instanceof AppError && error.code === 'validation_error',
      );
    }
  });
});

describe('text handling', () => {
  test('uppercase upper-cases the caption text', () => {
    const { cues } = buildCaptions(timed('Hello there, straße'), {
      mode: 'phrase',
      maxWords: 4,
      uppercase: true,
    });
    assert.deepEqual(
      cues.map((cue) => cue.text),
      ['HELLO THERE,', 'STRASSE'],
    );
  });

  test('stray markup is stripped and words left empty are dropped', () => {
    const words: WordTiming[] = [
      { word: '[happy]Hello', start: 0, end: 0.3 },
      { word: '<break time="1s"/>', start: 0.3, end: 0.3 },
      { word: '[sad]', start: 0.3, end: 0.3 },
      { word: 'world<b>', start: 0.4, end: 0.7 },
    ];
    const { cues } = buildCaptions(words, { mode: 'word', maxWords: 4 });
    assert.deepEqual(
      cues.map((cue) => cue.text),
      ['Hello', 'world'],
    );
  });

  test('punctuation-only words join their neighbour instead of making their own cue', () => {
    const words = timed('— Wait ... what');
    const { cues } = buildCaptions(words, { mode: 'word', maxWords: 4 });
    assert.deepEqual(
      cues.map((cue) => cue.text),
      ['— Wait ...', 'what'],
    );
  });
});

describe('SRT', () => {
  test('cues are numbered from 1 with HH:MM:SS,mmm timestamps and blank lines between', () => {
    const words: WordTiming[] = [
      { word: 'First', start: 0, end: 0.5 },
      { word: 'second', start: 62.3449, end: 63.0004 },
    ];
    const { srt } = buildCaptions(words, { mode: 'word', maxWords: 4 });
    assert.equal(
      srt,
      '1\n00:00:00,000 --> 00:00:00,500\nFirst\n\n2\n00:01:02,345 --> 00:01:03,000\nsecond\n',
    );
  });

  test('an end before its start is raised to the start', () => {
    const srt = toSrt([{ start: 1.2, end: 1.1, text: 'x' }]);
    assert.equal(srt, '1\n00:00:01,200 --> 00:00:01,200\nx\n');
  });

  test('timestamps cover hours and round to milliseconds', () => {
    assert.equal(srtTimestamp(3_723_004), '01:02:03,004');
    assert.equal(srtTimestamp(0.4), '00:00:00,000');
    assert.equal(srtTimestamp(-5), '00:00:00,000');
  });

  test('every cue block has an index, a time line and text', () => {
    const { srt, cues } = buildCaptions(timed('a b c d e f g h i j k'), { mode: 'phrase', maxWords: 3 });
    const blocks = srt.trimEnd().split('\n\n');
    assert.equal(blocks.length, cues.length);
    blocks.forEach((block, index) => {
      const [number, times, text] = block.split('\n');
      assert.equal(number, String(index + 1));
      assert.match(times ?? '', /^\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}$/);
      assert.equal(text, cues[index]?.text);
    });
  });

  test('no words give no cues and an empty SRT', () => {
    assert.deepEqual(buildCaptions([], { mode: 'phrase', maxWords: 4 }), { cues: [], srt: '' });
  });
});
