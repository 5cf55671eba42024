import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { EspeakIpa } from '../../src/speech/engines/espeak-ng/ipa.js';
import { kokoroIpa } from '../../src/speech/engines/kokoro/ipa-input.js';
import { kokoroPhonemes } from '../../src/speech/engines/kokoro/phonemize.js';
import { unknownIpaSymbols } from '../../src/speech/ipa-symbols.js';
import { engineText } from '../../src/speech/front-end.js';
import { type LexiconEntry, applyLexicon } from '../../src/speech/lexicon.js';
import { type MarkupSegment, parseMarkup } from '../../src/speech/markup.js';
import { normalizeRuns } from '../../src/speech/text/normalize/index.js';

/**
 * Lexicons in the text front end with the real phonemizer (espeak-ng in WebAssembly, as Kokoro and
 * Piper use it): alias entries change the words spoken, IPA entries the phonemes Kokoro is given,
 * and the written words (captions) stay as they were.
 */

const ENTRIES: LexiconEntry[] = [
  { text: 'W3C', alias: 'World Wide Web Consortium' },
  { text: 'NASA', alias: 'national aeronautics', case_sensitive: true },
  { text: 'New York', ipa: 'nˈuː jˈɔːɹk' },
  { text: 'tomato', ipa: 'təmˈɑːtoʊ' },
];

function read(text: string, entries?: LexiconEntry[]) {
  return normalizeRuns(applyLexicon([{ text }], entries), 'en-US');
}

describe('lexicons in the text front end', () => {
  let espeak: EspeakIpa;
  before(async () => {
    espeak = await EspeakIpa.load();
  });

  test('matching words are read from the lexicon; written words are unchanged', () => {
    const text = 'The w3c met in New York, not in nasa or NASA: $3 per tomato.';
    const plain = read(text);
    const words = read(text, ENTRIES);
    assert.deepEqual(words.map((w) => w.written), plain.map((w) => w.written), 'captions keep the written text');
    assert.deepEqual(words.map((w) => w.written), text.split(' '));
    const of = (written: string) => words.find((w) => w.written === written)!;
    assert.deepEqual(of('w3c').spoken, ['World', 'Wide', 'Web', 'Consortium'], 'case-insensitive by default');
    assert.deepEqual(of('nasa').spoken, ['nasa'], 'a case-sensitive entry leaves other cases alone');
    assert.deepEqual(of('NASA:').spoken, ['national', 'aeronautics:'], 'punctuation stays on the spoken words');
    assert.equal(of('New').ipa, 'nˈuː jˈɔːɹk');
    assert.equal(of('York,').ipa, '', 'a several-word entry keeps its IPA on the first word');
    assert.deepEqual(of('York,').spoken, ['York,']);
    assert.equal(of('tomato.').ipa, 'təmˈɑːtoʊ');
    assert.deepEqual(of('$3').spoken, ['three', 'dollars'], 'normalization still applies around entries');
    assert.equal(plain.some((w) => w.ipa !== undefined), false);
  });

  test('an alias changes the espeak-ng phonemes of the spoken text', () => {
    const spoken = (entries?: LexiconEntry[]) => read('The W3C agreed.', entries).flatMap((w) => w.spoken).join(' ');
    const [without] = espeak.phonemize([spoken()], 'en-us');
    const [withLexicon] = espeak.phonemize([spoken(ENTRIES)], 'en-us');
    assert.notDeepEqual(withLexicon, without);
    // "World Wide Web Consortium" instead of "W three C".
    assert.ok(withLexicon!.some((w) => w.startsWith('kəns')), withLexicon!.join(' '));
    assert.ok(without!.some((w) => w.includes('θɹ')), without!.join(' '));
  });

  test("IPA entries are Kokoro's phonemes for their words, owned by those words", () => {
    const text = 'I like tomato soup.';
    const words = read(text, ENTRIES);
    const tokens = words.flatMap((w) => w.spoken);
    const pronunciations = words.flatMap((w) => w.spoken.map((_, k) => (w.ipa === undefined ? null : k === 0 ? kokoroIpa(w.ipa).phonemes : '')));
    const ipa = (clauses: readonly string[]) => espeak.phonemize(clauses, 'en-us');
    const indices = tokens.map((_, i) => i);
    const without = kokoroPhonemes(tokens, indices, 'a', ipa);
    const withLexicon = kokoroPhonemes(tokens, indices, 'a', ipa, pronunciations);
    assert.notEqual(withLexicon.text, without.text);
    assert.ok(withLexicon.text.includes('təmˈɑːtoʊ'), withLexicon.text);
    assert.ok(!without.text.includes('təmˈɑːtoʊ'), without.text);
    // Every phoneme of the entry belongs to token 2 ("tomato"), so its caption is timed by them.
    const at = withLexicon.text.indexOf('təmˈɑːtoʊ');
    assert.deepEqual([...new Set(withLexicon.owner.slice(at, at + 'təmˈɑːtoʊ'.length))], [2]);
    // The words around it are phonemized as before.
    assert.ok(withLexicon.text.startsWith(without.text.slice(0, without.text.indexOf('t'))), `${withLexicon.text} / ${without.text}`);
  });

  test('IPA is checked against the symbols the engines take', () => {
    assert.deepEqual(unknownIpaSymbols('təmˈɑːtoʊ'), []);
    assert.deepEqual(unknownIpaSymbols('t͡ʃɜːt͡ʃ'), [], 'tie-barred affricates are the vocabulary\'s ʧ');
    assert.equal(kokoroIpa('t͡ʃɜːt͡ʃ').phonemes, 'ʧɜːʧ');
    assert.equal(kokoroIpa('gʊd').phonemes, 'ɡʊd', 'ASCII g is the IPA ɡ');
    assert.deepEqual(unknownIpaSymbols('hɛlo7☃'), ['7', '☃']);
    assert.deepEqual(unknownIpaSymbols('a.b'), ['.'], 'punctuation is not a phoneme');
  });

  test("a <phoneme> tag gives Kokoro the phonemes a lexicon IPA entry does, through the pipeline's front end", () => {
    const kokoro = (segment: MarkupSegment, entries?: LexiconEntry[]) => {
      assert.ok(segment.kind === 'speech');
      const input = engineText(segment, 'en-US', { ...(entries ? { lexicon: entries } : {}), takesIpa: true });
      const tokens = input.text.split(' ');
      const pronunciations = input.pronunciations?.map((p) => (p === null || p === '' ? p : kokoroIpa(p).phonemes));
      return kokoroPhonemes(tokens, tokens.map((_, i) => i), 'a', (clauses) => espeak.phonemize(clauses, 'en-us'), pronunciations).text;
    };
    const [tagged] = parseMarkup('I like <phoneme alphabet="ipa" ph="təmˈɑːtoʊ">tomato</phoneme> soup.').segments;
    const [plain] = parseMarkup('I like tomato soup.').segments;
    const withTag = kokoro(tagged!);
    assert.ok(withTag.includes('təmˈɑːtoʊ'), withTag);
    assert.notEqual(withTag, kokoro(plain!), "the tag's IPA replaces espeak-ng's reading");
    assert.equal(withTag, kokoro(plain!, ENTRIES));
  });
});
