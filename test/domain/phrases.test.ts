import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PhraseBuffer } from '../../src/domain/generations/phrases.js';

/** Text pushed as an LLM sends it (a word with its space at a time); the phrases in the order handed out. */
function phrasesOf(text: string): string[] {
  const buffer = new PhraseBuffer();
  const out = text.split(/(?<= )/).flatMap((token) => buffer.push(token));
  const rest = buffer.flush();
  return rest === null ? out : [...out, rest];
}

/**
 * Where streamed text is cut (phrases.ts): the first phrase at its first clause or sentence end,
 * every later one at sentence ends only, a long run without a boundary at a space.
 */
describe('phrases of streamed text', () => {
  test('the first phrase ends at the first clause, even one word long; later clauses do not cut', () => {
    assert.deepEqual(phrasesOf('Well, hello there my friend, this is a reply. It ends, finally, here.'), [
      'Well,',
      'hello there my friend, this is a reply.',
      'It ends, finally, here.',
    ]);
  });

  test('a first sentence shorter than its first clause is the first phrase', () => {
    assert.deepEqual(phrasesOf('Sure! Here it is, as you asked. Done.'), ['Sure!', 'Here it is, as you asked.', 'Done.']);
  });

  test('a clause mark without a space after it does not cut (numbers, times)', () => {
    assert.deepEqual(phrasesOf('It costs 1,500 euros at 10:30 today. Bye.'), ['It costs 1,500 euros at 10:30 today.', 'Bye.']);
  });

  test('a phrase only ends once the space after its mark has arrived', () => {
    const buffer = new PhraseBuffer();
    assert.deepEqual(buffer.push('Well,'), []);
    assert.deepEqual(buffer.push(' hello'), ['Well,']);
    assert.deepEqual(buffer.push(' there.'), []);
    assert.equal(buffer.flush(), 'hello there.');
    assert.equal(buffer.flush(), null);
  });

  test('text with no boundary is cut at a space once it passes 250 characters', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const phrases = phrasesOf(`${words} `);
    assert.ok(phrases.length >= 2, `${phrases.length} phrases`);
    assert.ok(phrases[0]!.length <= 250, `${phrases[0]!.length} characters`);
    assert.equal(phrases.join(' '), words);
  });

  test('Chinese and Japanese marks cut with no space after them, once the next character is there', () => {
    const buffer = new PhraseBuffer();
    assert.deepEqual(buffer.push('你好，'), []);
    assert.deepEqual(buffer.push('今天天气很好。'), ['你好，']);
    assert.deepEqual(buffer.push('我很好，谢谢。」'), ['今天天气很好。']);
    assert.deepEqual(buffer.push('再见'), ['我很好，谢谢。」']);
    assert.equal(buffer.flush(), '再见');
    assert.deepEqual(phrasesOf('はい、わかりました。また明日。'), ['はい、', 'わかりました。', 'また明日。']);
  });
});
