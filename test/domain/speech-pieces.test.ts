import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_PIECE_CHARACTERS, splitIntoPieces } from '../../src/domain/generations/speech-pieces.js';
import { parseMarkup } from '../../src/speech/markup.js';

const spoken = (piece: ReturnType<typeof splitIntoPieces>[number]) =>
  piece.flatMap((s) => (s.kind === 'speech' ? [s.text] : [])).join(' ');

describe('long input → pieces for streaming', () => {
  test('the first sentence is a piece alone; the rest pack whole sentences up to 2,000 characters', () => {
    const sentence = 'Every piece ends at the end of a sentence, never inside one. ';
    const text = `Short start. ${sentence.repeat(65)}`.slice(0, 4096);
    const pieces = splitIntoPieces(parseMarkup(text, { maxCharacters: 4096 }).segments, 'en-US');
    assert.equal(spoken(pieces[0]!), 'Short start.');
    assert.ok(pieces.length >= 3);
    for (const piece of pieces) {
      assert.ok([...spoken(piece)].length <= MAX_PIECE_CHARACTERS);
    }
    for (const piece of pieces.slice(0, -1)) assert.match(spoken(piece), /[.!?]$/);
    // Nothing lost or repeated: the pieces read back as the text.
    assert.equal(pieces.map(spoken).join(' ').replace(/\s+/g, ' '), text.trim().replace(/\s+/g, ' '));
  });

  test('pauses and [emotion] tags stay with their text, in order', () => {
    const { segments } = parseMarkup('[sad] One. Two. <break time="1s"/> [happy] Three. Four.');
    const pieces = splitIntoPieces(segments, 'en');
    assert.deepEqual(pieces, [
      [{ kind: 'speech', text: 'One.', emotion: 'sad' }],
      [
        { kind: 'speech', text: 'Two.', emotion: 'sad' },
        { kind: 'pause', seconds: 1 },
        { kind: 'speech', text: 'Three. Four.', emotion: 'happy' },
      ],
    ]);
  });

  test('a sentence with no end in sight is cut at a space within the limit', () => {
    const text = 'word '.repeat(900).trim(); // 4,499 characters, no sentence end
    const pieces = splitIntoPieces(parseMarkup(text, { maxCharacters: 5000 }).segments, 'en');
    for (const piece of pieces) {
      assert.ok([...spoken(piece)].length <= MAX_PIECE_CHARACTERS);
      assert.match(spoken(piece), /^(word ?)+$/);
    }
    assert.equal(pieces.map(spoken).join(' ').split(' ').length, 900);
  });

  test('say-as, sub, phoneme, prosody and emphasis stay with their text', () => {
    const { segments } = parseMarkup(
      'Call <say-as interpret-as="digits">123</say-as> or the <sub alias="World Wide Web Consortium">W3C</sub>. ' +
        '<prosody rate="slow">Slow one. Slow two.</prosody> Say <phoneme ph="təmˈɑːtoʊ">tomato</phoneme>.',
    );
    const pieces = splitIntoPieces(segments, 'en');
    assert.deepEqual(pieces.flat(), segments, 'nothing of the markup is lost');
  });
});
