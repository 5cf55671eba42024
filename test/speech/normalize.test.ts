import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { EspeakIpa } from '../../src/speech/engines/espeak-ng/ipa.js';
import { engineText } from '../../src/speech/front-end.js';
import { parseMarkup } from '../../src/speech/markup.js';
import { planUnits } from '../../src/speech/pipeline-units.js';
import { normalizeRuns } from '../../src/speech/text/normalize/index.js';
import { mapTimings } from '../../src/speech/text/normalize/timings.js';

/** [written, spoken form]: the caption words are always the written tokens. */
const ENGLISH: Array<[string, string]> = [
  ['$3.50', 'three dollars and fifty cents'],
  ['$1', 'one dollar'],
  ['$0.99', 'ninety-nine cents'],
  ['$1,000', 'one thousand dollars'],
  ['$2.5 million', 'two point five million dollars'],
  ['€20', 'twenty euros'],
  ['20€', 'twenty euros'],
  ['£1.01', 'one pound and one penny'],
  ['¥500', 'five hundred yen'],
  ['5 USD', 'five US dollars'],
  ['-$5', 'minus five dollars'],
  ['45%', 'forty-five percent'],
  ['3.5%', 'three point five percent'],
  ['100 %', 'one hundred percent'],
  ['3.14', 'three point one four'],
  ['0.5', 'zero point five'],
  ['-7', 'minus seven'],
  ['1,234,567', 'one million two hundred thirty-four thousand five hundred sixty-seven'],
  ['42', 'forty-two'],
  ['100', 'one hundred'],
  ['1,000,000,000', 'one billion'],
  ['3rd', 'third'],
  ['21st', 'twenty-first'],
  ['22nd', 'twenty-second'],
  ['100th', 'one hundredth'],
  ['12th', 'twelfth'],
  ['1995', 'nineteen ninety-five'],
  ['2024', 'twenty twenty-four'],
  ['2005', 'two thousand five'],
  ['1900', 'nineteen hundred'],
  ['the 1990s', 'the nineteen nineties'],
  ['the 80s', 'the eighties'],
  ['12/25/2024', 'December twenty-fifth, twenty twenty-four'],
  ['2024-03-01', 'March first, twenty twenty-four'],
  ['Jan. 5, 2024', 'January fifth, twenty twenty-four'],
  ['March 3', 'March third'],
  ['on 5 May', 'on the fifth of May'],
  ['3:30pm', 'three thirty p m'],
  ['3:30 pm', 'three thirty p m'],
  ['3:05', 'three oh five'],
  ['3:00', "three o'clock"],
  ['15:00', 'fifteen hundred'],
  ['10:45 a.m.', 'ten forty-five a m'],
  ['5km', 'five kilometers'],
  ['1 km', 'one kilometer'],
  ['100 km', 'one hundred kilometers'],
  ['2.5kg', 'two point five kilograms'],
  ['10°C', 'ten degrees Celsius'],
  ['70°F', 'seventy degrees Fahrenheit'],
  ['60 mph', 'sixty miles per hour'],
  ['16GB', 'sixteen gigabytes'],
  ['5ft', 'five feet'],
  ['250ms', 'two hundred fifty milliseconds'],
  ['1/2', 'one half'],
  ['3/4', 'three quarters'],
  ['10-20', 'ten to twenty'],
  ['Dr. Smith', 'Doctor Smith'],
  ['Mr. Jones', 'Mister Jones'],
  ['St. Louis', 'Saint Louis'],
  ['Main St.', 'Main Street'],
  ['No. 5', 'number five'],
  ['e.g. this', 'for example this'],
  ['i.e., that', 'that is, that'],
  ['apples vs. pears', 'apples versus pears'],
  ['and so on, etc.', 'and so on, et cetera'],
  ['info@example.com', 'info at example dot com'],
  ['www.example.com', 'W W W dot example dot com'],
  ['https://example.com/docs', 'example dot com slash docs'],
  ['Tom & Jerry', 'Tom and Jerry'],
  ['It is 5.', 'It is five.'],
];

const SPANISH: Array<[string, string]> = [
  ['3,50 €', 'tres euros con cincuenta céntimos'],
  ['21 €', 'veintiún euros'],
  ['$20', 'veinte dólares'],
  ['45 %', 'cuarenta y cinco por ciento'],
  ['2,5', 'dos coma cinco'],
  ['1.234.567', 'un millón doscientos treinta y cuatro mil quinientos sesenta y siete'],
  ['100', 'cien'],
  ['25/12/2024', 'veinticinco de diciembre de dos mil veinticuatro'],
  ['15:30', 'quince y treinta'],
  ['5 km', 'cinco kilómetros'],
  ['1 kg', 'un kilogramo'],
  ['1.º', 'primero'],
  ['3.ª', 'tercera'],
  ['Sr. García', 'señor García'],
  ['info@ejemplo.es', 'info arroba ejemplo punto es'],
];

const GERMAN: Array<[string, string]> = [
  ['3,50 €', 'drei Euro fünfzig'],
  ['20 $', 'zwanzig Dollar'],
  ['45 %', 'fünfundvierzig Prozent'],
  ['2,5', 'zwei Komma fünf'],
  ['1.234.567', 'eine Million zweihundertvierunddreißigtausendfünfhundertsiebenundsechzig'],
  ['101', 'einhunderteins'],
  ['24.12.2024', 'vierundzwanzigster Dezember zweitausendvierundzwanzig'],
  ['am 3. Mai', 'am dritten Mai'],
  ['der 3. Platz', 'der dritte Platz'],
  ['Ich bin 5.', 'Ich bin fünf.'],
  ['15:30 Uhr', 'fünfzehn Uhr dreißig'],
  ['1995', 'neunzehnhundertfünfundneunzig'],
  ['5 km', 'fünf Kilometer'],
  ['Dr. Müller', 'Doktor Müller'],
  ['z.B.', 'zum Beispiel'],
  ['usw.', 'und so weiter'],
];

function read(text: string, language: string) {
  const words = normalizeRuns([{ text }], language);
  return { spoken: words.flatMap((w) => w.spoken).join(' '), captions: words.map((w) => w.written) };
}

/**
 * The IPA espeak-ng gives for what the engine is handed when `written` is a request's text: through
 * the same steps as synthesis (markup, sentences, lexicon and normalization in `engineText`, then
 * espeak-ng's phonemizer, the one Kokoro and Piper phonemize with and the engine v-lite speaks with).
 */
function engineIpa(ipa: EspeakIpa, written: string, language: string, espeakVoice: string): string {
  const units = planUnits(parseMarkup(written).segments).filter((u) => u.kind === 'speech');
  const texts = units.map((unit) => engineText(unit, language, { takesIpa: false }).text);
  return ipa.phonemize(texts, espeakVoice).flat().join(' ');
}

function table(name: string, language: string, espeakVoice: string, cases: Array<[string, string]>, raw: string[]) {
  describe(`${name} normalization`, () => {
    let ipa: EspeakIpa;
    before(async () => {
      ipa = await EspeakIpa.load();
    });

    test('each written form is normalized to the words people say', () => {
      const failures = cases.flatMap(([written, spoken]) => {
        const normalized = read(written, language).spoken;
        return normalized === spoken ? [] : [`${written}: "${normalized}" ≠ "${spoken}"`];
      });
      assert.deepEqual(failures, []);
    });

    test('the engine gets the IPA of the spoken form for each written form', () => {
      const expected = ipa.phonemize(cases.map(([, spoken]) => spoken), espeakVoice).map((words) => words.join(' '));
      const failures = cases.flatMap(([written, spoken], i) => {
        const got = engineIpa(ipa, written, language, espeakVoice);
        return got === expected[i] ? [] : [`${written}: /${got}/ ≠ /${expected[i]}/ ("${spoken}")`];
      });
      assert.deepEqual(failures, []);
    });

    test('without the front end the engine would say these differently (the IPA check can fail)', () => {
      for (const written of raw) {
        const spoken = cases.find(([w]) => w === written)?.[1];
        assert.ok(spoken !== undefined, written);
        const [asWritten, asSpoken] = ipa.phonemize([written, spoken], espeakVoice).map((words) => words.join(' '));
        assert.notEqual(asWritten, asSpoken, `${written}: espeak-ng alone already says /${asSpoken}/`);
        assert.equal(engineIpa(ipa, written, language, espeakVoice), asSpoken, written);
      }
    });

    test('captions keep one word per written token, as written', () => {
      for (const [written] of cases) {
        assert.deepEqual(read(written, language).captions, written.split(/\s+/u), written);
      }
    });
  });
}

table('English', 'en-US', 'en-us', ENGLISH, ['$3.50', '12/25/2024', '3:30pm', '5km', 'info@example.com']);
table('Spanish', 'es-ES', 'es', SPANISH, ['3,50 €', '1.º']);
table('German', 'de-DE', 'de', GERMAN, ['3,50 €', 'z.B.']);

test('the English table has at least 60 cases', () => {
  assert.ok(ENGLISH.length >= 60, `${ENGLISH.length} cases`);
});

test('English dates read day first outside the US', () => {
  assert.equal(read('25/12/2024', 'en-GB').spoken, 'the twenty-fifth of December, twenty twenty-four');
});

test('a language without a normalizer is spoken as written', () => {
  assert.deepEqual(normalizeRuns([{ text: '3,50 € 12' }], 'it-IT'), [
    { written: '3,50', spoken: ['3,50'] },
    { written: '€', spoken: ['€'] },
    { written: '12', spoken: ['12'] },
  ]);
});

describe('say-as and sub', () => {
  const one = (text: string, interpretAs: string, format?: string) =>
    normalizeRuns([{ text, sayAs: { interpretAs, ...(format ? { format } : {}) } }], 'en-US')
      .flatMap((w) => w.spoken)
      .join(' ');

  test('each kind is read as declared', () => {
    assert.equal(one('ABC', 'characters'), 'A B C');
    assert.equal(one('1234', 'digits'), 'one two three four');
    assert.equal(one('1234', 'cardinal'), 'one thousand two hundred thirty-four');
    assert.equal(one('3', 'ordinal'), 'third');
    assert.equal(one('+1 (555) 123-4567', 'telephone'), 'plus one five five five one two three four five six seven');
    assert.equal(one('12/10/2024', 'date', 'dmy'), 'October twelfth, twenty twenty-four');
    assert.equal(one('15:30', 'time'), 'fifteen thirty');
  });

  test('sub speaks its alias, timed into the written word', () => {
    const words = normalizeRuns([{ text: 'W3C', alias: 'World Wide Web Consortium' }], 'en-US');
    assert.deepEqual(words, [{ written: 'W3C', spoken: ['World', 'Wide', 'Web', 'Consortium'] }]);
  });
});

test('engine timings fold back into written tokens, spanning their spoken words', () => {
  const words = normalizeRuns([{ text: 'It costs $3.50 today.' }], 'en-US');
  const spoken = words.flatMap((w) => w.spoken);
  const timings = spoken.map((word, i) => ({ word, start: i, end: i + 0.5 }));
  assert.deepEqual(mapTimings(words, timings), [
    { word: 'It', start: 0, end: 0.5 },
    { word: 'costs', start: 1, end: 1.5 },
    { word: '$3.50', start: 2, end: 6.5 },
    { word: 'today.', start: 7, end: 7.5 },
  ]);
});
