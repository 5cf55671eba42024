import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_SENTENCE_CHARACTERS, splitSentences } from '../../src/speech/sentences.js';

describe('splitSentences', () => {
  test('cuts at sentence ends, not after abbreviations, initials or before lower-case words', () => {
    assert.deepEqual(splitSentences('Dr. Smith joined the U.S. army in 1990. J. R. Tolkien wrote it! Did he? Yes.'), [
      'Dr. Smith joined the U.S. army in 1990.',
      'J. R. Tolkien wrote it!',
      'Did he?',
      'Yes.',
    ]);
  });

  test('a numbering abbreviation before a number ends no sentence; before a word it may', () => {
    assert.deepEqual(splitSentences('Room No. 5 is free. Nr. 3 und pág. 12 auch.'), ['Room No. 5 is free.', 'Nr. 3 und pág. 12 auch.']);
    assert.deepEqual(splitSentences('The answer is no. Then we left.'), ['The answer is no.', 'Then we left.']);
  });

  test('keeps every word, in order', () => {
    const text = 'One two. Three, four! Five… six? «Seven.» Eight';
    assert.equal(splitSentences(text).join(' ').split(/\s+/).join(' '), text.split(/\s+/).join(' '));
  });

  test('splits Japanese at 。！？ and attaches punctuation-only pieces to the sentence before', () => {
    assert.deepEqual(splitSentences('今日は晴れです。明日は雨でしょう！'), ['今日は晴れです。', '明日は雨でしょう！']);
    assert.deepEqual(splitSentences('Wait. ... Go.'), ['Wait. ...', 'Go.']);
  });

  test('cuts a sentence over the limit at a clause mark, never inside a word', () => {
    const clause = 'the quiet harbour lights came on one by one, ';
    const text = `${clause.repeat(12).trim()}.`;
    const pieces = splitSentences(text);
    assert.ok(pieces.length > 1);
    for (const piece of pieces) {
      assert.ok(piece.length <= MAX_SENTENCE_CHARACTERS, `${piece.length} characters`);
      assert.match(piece, /^the /);
    }
    assert.equal(pieces.join(' '), text);
  });
});
