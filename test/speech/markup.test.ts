import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AppError } from '../../src/errors.js';
import { engineText } from '../../src/speech/front-end.js';
import { EMOTIONS, type MarkupSegment, parseMarkup, resolveEmotion } from '../../src/speech/markup.js';

const pause = (seconds: number): MarkupSegment => ({ kind: 'pause', seconds });
const speech = (text: string, emotion: string | null = null): MarkupSegment => ({
  kind: 'speech',
  text,
  emotion,
});

/** Asserts `text` is rejected with `invalid_break_tag` and a message matching every pattern. */
function rejects(text: string, ...patterns: RegExp[]): void {
  assert.throws(
    () => parseMarkup(text),
    (error: unknown) => {
      assert.ok(error instanceof AppError, 'expected an AppError');
      assert.equal(error.code, 'invalid_break_tag');
      assert.equal(error.status, 422);
      for (const pattern of patterns) assert.match(error.message, pattern);
      return true;
    },
  );
}

describe('break tags', () => {
  test('a well-formed tag splits the text into speech, pause, speech', () => {
    const parsed = parseMarkup('Hello <break time="1.5s" /> world');
    assert.deepEqual(parsed.segments, [speech('Hello'), pause(1.5), speech('world')]);
    assert.equal(parsed.breakCount, 1);
    assert.equal(parsed.spokenText, 'Hello world');
  });

  test('tag name is case-insensitive and single quotes work', () => {
    for (const tag of ["<BREAK time='1500ms'/>", '<Break time="1500ms"/>', '<bReAk TIME="1.5S"/>']) {
      assert.deepEqual(parseMarkup(`a ${tag} b`).segments, [speech('a'), pause(1.5), speech('b')], tag);
    }
  });

  test('1.5s and 1500ms are the same pause', () => {
    const [, seconds] = parseMarkup('a <break time="1.5s"/> b').segments;
    const [, millis] = parseMarkup('a <break time="1500ms"/> b').segments;
    assert.deepEqual(seconds, millis);
    assert.deepEqual(seconds, pause(1.5));
  });

  test('whitespace inside the tag is tolerated', () => {
    const parsed = parseMarkup(
      'a <break   time = "2s"   /> b <break time="250ms"/ > c <break\ttime="1s"\n/> d',
    );
    assert.deepEqual(
      parsed.segments.filter((s) => s.kind === 'pause'),
      [pause(2), pause(0.25), pause(1)],
    );
  });

  test('decimals, zero and the 10 s bound are accepted', () => {
    const parsed = parseMarkup(
      'a <break time=".5s"/> b <break time="0s"/> c <break time="10s"/> d <break time="10000ms"/> e <break time="0.25s"/>',
    );
    assert.deepEqual(
      parsed.segments.filter((s) => s.kind === 'pause'),
      [pause(0.5), pause(0), pause(10), pause(10), pause(0.25)],
    );
  });

  test('times above 10 s or negative are rejected as out of range', () => {
    rejects('a <break time="10.5s"/>', /out of range/, /10\.5s/, /0 to 10 s/);
    rejects('a <break time="10001ms"/>', /out of range/);
    rejects('a <break time="-1s"/>', /negative/);
  });

  test('20 tags are accepted, the 21st is rejected', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `w${i} <break time="100ms"/>`).join(' ');
    const parsed = parseMarkup(twenty);
    assert.equal(parsed.breakCount, 20);
    assert.equal(parsed.segments.filter((s) => s.kind === 'pause').length, 20);
    rejects(`${twenty} <break time="1s"/>`, /#21/, /at most 20/);
  });

  test('adjacent pauses are kept in order and empty speech between them dropped', () => {
    const parsed = parseMarkup('a <break time="1s"/><break time="2s"/>  \n <break time="300ms"/> b');
    assert.deepEqual(parsed.segments, [speech('a'), pause(1), pause(2), pause(0.3), speech('b')]);
  });

  test('malformed tags are rejected with a message that names the problem', () => {
    rejects('Hi <break time="2s"> there', /self-closing/, /#1/, /character 4/);
    rejects('Hi <break> there', /self-closing/);
    rejects('Hi <break /> there', /time attribute is missing/);
    rejects('Hi <break/> there', /time attribute is missing/);
    rejects('Hi <break time="2sec" /> there', /unknown unit/, /"s" or "ms"/);
    rejects('Hi <break time="2m" /> there', /unknown unit/);
    rejects('Hi <break time="2" /> there', /needs a unit/);
    rejects('Hi <break time="soon" /> there', /not a number/);
    rejects('Hi <break time="" /> there', /not a number/);
    rejects('Hi <break time="1s" strength="strong" /> there', /unknown attribute "strength"/);
    rejects('Hi <break time=1s /> there', /must be quoted/);
    rejects('Hi <break time /> there', /needs a value/);
    rejects('Hi <break time="1s" time="2s" /> there', /appears twice/);
    rejects('Hi <break time="1s"time="2s" /> there', /separated by whitespace/);
    rejects('Hi </break> there', /closing tags/);
    rejects('Hi < break time="1s" /> there', /space/);
    rejects('Hi <break time="1s"', /not closed/);
    rejects('Hi <break time="1s" <b>', /not closed/);
  });

  test('the message says which tag failed', () => {
    rejects('One <break time="1s"/> two <break time="1s"/> three <break time="x"/>', /#3/, /character 53/);
  });

  test('angle brackets that are not tags are plain text; other tags are removed with a warning', () => {
    const parsed = parseMarkup('if a < b and c > d, write <b>bold</b> for <breakfast> & <br/>');
    assert.deepEqual(parsed.segments, [speech('if a < b and c > d, write bold for &')]);
    assert.equal(parsed.breakCount, 0);
    assert.deepEqual(parsed.warnings.map((w) => w.code), ['unknown_tag', 'unknown_tag', 'unknown_tag']);
    assert.match(parsed.warnings[0]?.message ?? '', /<b> at character 27/);
  });

  test('SSML-like tags are interpreted, never left in the spoken text', () => {
    const parsed = parseMarkup(
      '<speak>Call <say-as interpret-as="telephone">555-1234</say-as> or the <sub alias="World Wide Web Consortium">W3C</sub>. ' +
        '<emphasis level="strong">Really</emphasis> <prosody rate="slow" pitch="+2st">slowly</prosody>.</speak>',
    );
    assert.equal(parsed.spokenText, 'Call 555-1234 or the W3C. Really slowly.');
    assert.doesNotMatch(parsed.spokenText, /[<>]/);
    const [first, second, third] = parsed.segments;
    assert.deepEqual(first, {
      kind: 'speech',
      text: 'Call 555-1234 or the W3C.',
      emotion: null,
      runs: [
        { text: 'Call ' },
        { text: '555-1234', sayAs: { interpretAs: 'telephone' } },
        { text: ' or the ' },
        { text: 'W3C', alias: 'World Wide Web Consortium' },
        { text: '.' },
      ],
    });
    assert.deepEqual(second, { kind: 'speech', text: 'Really', emotion: null, rate: 0.85, pitchSemitones: 2 });
    assert.deepEqual(third, { kind: 'speech', text: 'slowly.', emotion: null, rate: 0.8, pitchSemitones: 2 });
    assert.deepEqual(parsed.warnings, []);
  });

  test('unsupported attributes are reported, their text read', () => {
    const parsed = parseMarkup('<prosody volume="loud">x</prosody>');
    assert.equal(parsed.spokenText, 'x');
    assert.deepEqual(parsed.warnings.map((w) => w.code), ['unsupported_attribute']);
  });
});

describe('phoneme tags', () => {
  test('IPA is carried by its written words into the engine input of IPA engines only', () => {
    const parsed = parseMarkup('I like <phoneme alphabet="ipa" ph="təmˈɑːtoʊ">tomato</phoneme> soup, $3 a bowl.');
    assert.deepEqual(parsed.warnings, []);
    assert.equal(parsed.spokenText, 'I like tomato soup, $3 a bowl.');
    const [segment] = parsed.segments;
    assert.ok(segment?.kind === 'speech');
    assert.deepEqual(segment.runs, [{ text: 'I like ' }, { text: 'tomato', ipa: 'təmˈɑːtoʊ' }, { text: ' soup, $3 a bowl.' }]);

    const ipaEngine = engineText(segment, 'en-US', { takesIpa: true });
    assert.equal(ipaEngine.text, 'I like tomato soup, three dollars a bowl.');
    // One entry per whitespace token of the text: the tagged word's IPA, null elsewhere.
    assert.deepEqual(ipaEngine.pronunciations, [null, null, 'təmˈɑːtoʊ', null, null, null, null, null]);
    assert.deepEqual(ipaEngine.written?.map((w) => w.written), ['I', 'like', 'tomato', 'soup,', '$3', 'a', 'bowl.'], 'captions keep the written words');

    const otherEngine = engineText(segment, 'en-US', { takesIpa: false });
    assert.equal(otherEngine.text, ipaEngine.text, 'without IPA input the word is read as written');
    assert.equal(otherEngine.pronunciations, undefined);
  });

  test('a several-word tag keeps its IPA on the first word; the alphabet defaults to IPA', () => {
    const [segment] = parseMarkup('<phoneme ph="nˈuː jˈɔːɹk">New York</phoneme> today').segments;
    assert.ok(segment?.kind === 'speech');
    assert.deepEqual(engineText(segment, 'en-US', { takesIpa: true }).pronunciations, ['nˈuː jˈɔːɹk', '', null]);
  });

  test('IPA no engine can say is refused with the symbols named', () => {
    assert.throws(
      () => parseMarkup('Say <phoneme alphabet="ipa" ph="tə7ʘ">this</phoneme>.'),
      (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'validation_error');
        assert.equal(error.status, 422);
        assert.match(error.message, /<phoneme> at character 5: ph "tə7ʘ" has symbols no engine can say: "7" \(U\+0037\), "ʘ" \(U\+0298\)/);
        return true;
      },
    );
  });

  test('another alphabet or no ph is a warning; the text inside is read as written', () => {
    const parsed = parseMarkup('<phoneme alphabet="x-sampa" ph="t@\'mA:t@U">tomato</phoneme> <phoneme>soup</phoneme>');
    assert.equal(parsed.spokenText, 'tomato soup');
    assert.deepEqual(parsed.warnings.map((w) => w.code), ['unsupported_attribute', 'unsupported_attribute']);
    assert.match(parsed.warnings[0]?.message ?? '', /alphabet "x-sampa" is not supported/);
    assert.ok(parsed.segments.every((s) => s.kind !== 'speech' || s.runs === undefined), JSON.stringify(parsed.segments));
  });
});

describe('emotion tags', () => {
  test('tags steer the following text until the next tag and are never spoken', () => {
    const parsed = parseMarkup('[happy] Great news! [sad] But it rained. <break time="1s"/> Anyway.');
    assert.deepEqual(parsed.segments, [
      speech('Great news!', 'happy'),
      speech('But it rained.', 'sad'),
      pause(1),
      speech('Anyway.', 'sad'),
    ]);
    assert.equal(parsed.spokenText, 'Great news! But it rained. Anyway.');
  });

  test('aliases resolve to the canonical emotion', () => {
    assert.deepEqual(parseMarkup('[whispering] psst').segments, [speech('psst', 'whisper')]);
    assert.deepEqual(parseMarkup('[Whisper]psst').segments, [speech('psst', 'whisper')]);
    assert.equal(resolveEmotion('  EXCITED '), 'excited');
    assert.equal(resolveEmotion('toString'), null);
  });

  test('unknown tags are removed without changing the steering, and reported', () => {
    const parsed = parseMarkup('[happy] one [mysterious] two [citation needed] three');
    assert.deepEqual(parsed.segments, [speech('one two three', 'happy')]);
    assert.deepEqual(parsed.warnings.map((w) => w.message), [
      'Unknown tag [mysterious] at character 13 was removed',
      'Unknown tag [citation needed] at character 30 was removed',
    ]);
  });

  test('brackets that are not tags stay in the text', () => {
    const text = 'Item [1] costs [$5] and [a_b]';
    assert.deepEqual(parseMarkup(text).segments, [speech(text)]);
    const long = `[${'a'.repeat(31)}] x`;
    assert.deepEqual(parseMarkup(long).segments, [speech(long)]);
  });

  test('tags count toward the character total', () => {
    const text = '[happy] Hi <break time="1s"/> there';
    const parsed = parseMarkup(text);
    assert.equal(parsed.characterCount, text.length);
    assert.equal(parsed.spokenText, 'Hi there');
  });

  test('the EMOTIONS table covers the documented emotions with numeric styles', () => {
    const required = [
      'neutral',
      'happy',
      'excited',
      'sad',
      'angry',
      'calm',
      'whisper',
      'fearful',
      'surprised',
      'serious',
    ];
    for (const name of required) {
      const style = EMOTIONS[name];
      assert.ok(style, name);
      for (const value of [style.pitchSemitones, style.pitchRange, style.pace, style.energyDb]) {
        assert.equal(typeof value, 'number');
        assert.ok(Number.isFinite(value));
      }
      assert.ok(style.pitchRange > 0 && style.pace > 0);
    }
    assert.deepEqual(EMOTIONS['neutral'], { pitchSemitones: 0, pitchRange: 1, pace: 1, energyDb: 0 });
  });
});

describe('length limit', () => {
  test('2,000 characters including tags pass, 2,001 are rejected', () => {
    const tag = '<break time="1s"/>';
    const exact = tag + 'a'.repeat(2000 - tag.length);
    assert.equal(parseMarkup(exact).characterCount, 2000);
    assert.throws(
      () => parseMarkup(`${exact}b`),
      (error: unknown) => error instanceof AppError && error.code === 'text_too_long',
    );
  });

  test('characters are counted as code points', () => {
    assert.equal(parseMarkup('😀😀').characterCount, 2);
  });

  test('text of only tags and whitespace gives no speech', () => {
    const parsed = parseMarkup('  [happy]  ');
    assert.deepEqual(parsed.segments, []);
    assert.equal(parsed.spokenText, '');
  });
});
