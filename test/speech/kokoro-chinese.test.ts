import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EspeakIpa } from '../../src/speech/engines/espeak-ng/ipa.js';
import { chineseIpa, pinyinToKokoro } from '../../src/speech/engines/kokoro/chinese.js';
import { createKokoroEngine, type KokoroEngine } from '../../src/speech/engines/kokoro/index.js';
import { kokoroIds, kokoroPhonemes } from '../../src/speech/engines/kokoro/phonemize.js';
import { KOKORO_VOCAB } from '../../src/speech/engines/kokoro/vocab.js';
import { chineseInteger, chineseNumerals } from '../../src/speech/text/zh-numbers.js';
import { KOKORO_SKIP, TEST_MODELS_DIR } from '../helpers/models.js';

/**
 * Chinese for Kokoro's Mandarin voices (kokoro/chinese.ts): pinyin with tones in the symbols Kokoro
 * was trained on. The expected syllables are misaki 0.9.4's `ZHG2P.py2ipa` (the legacy zh path)
 * for the same pinyin, run once in a venv; all 3,985 syllables misaki and this table both accept
 * matched.
 */

// biome-ignore format: a table reads better packed
const MISAKI: Record<string, string> = {
  zhang3: 'ꭧa↓ŋ', da4: 'ta↘', yi3: 'i↓', you3: 'jou↓', wei4: 'wei↘', wen2: 'wə↗n', yu2: 'y↗', yue4: 'ɥe↘',
  yuan2: 'ɥɛ↗n', yun1: 'y→n', ju2: 'ʨy↗', que4: 'ʨʰɥe↘', xuan3: 'ɕɥɛ↓n', jun1: 'ʨy→n', liu2: 'ljou↗',
  gui4: 'kwei↘', lun2: 'lwə↗n', shi4: 'ʂɨ↘', chi1: 'ꭧʰɨ→', zhi1: 'ꭧɨ→', ri4: 'ɻɨ↘', zi4: 'ʦɨ↘', ci2: 'ʦʰɨ↗',
  si1: 'sɨ→', er2: 'ɚ↗', ma5: 'ma', ma0: 'ma', lv4: 'ly↘', 'lü4': 'ly↘', nv3: 'ny↓', wo3: 'wo↓', bo1: 'pwo→',
  po2: 'pʰwo↗', mo4: 'mwo↘', fo2: 'fwo↗', ng2: 'ŋ↗', yong3: 'jʊ↓ŋ', weng1: 'wə→ŋ', xiong2: 'ɕjʊ↗ŋ', a1: 'a→',
  e4: 'ɤ↘', o2: 'ɔ↗', ai4: 'ai↘', ao2: 'au↗', ou1: 'ou→', an1: 'a→n', en1: 'ə→n', ang2: 'a↗ŋ', eng1: 'ə→ŋ',
  ia1: 'ja→', iao4: 'jau↘', ie3: 'je↓', ian1: 'jɛ→n', iang2: 'ja↗ŋ', in1: 'i→n', ing2: 'i↗ŋ', ua1: 'wa→',
  uai4: 'wai↘', uan1: 'wa→n', uang2: 'wa↗ŋ', uo4: 'wo↘', ong1: 'ʊ→ŋ', kuo4: 'kʰwo↘', huai2: 'xwai↗',
  qiang2: 'ʨʰja↗ŋ', ceng2: 'ʦʰə↗ŋ', ze2: 'ʦɤ↗', re4: 'ɻɤ↘', hm5: 'hm', hng5: 'hŋ', m2: 'm↗', n3: 'n↓', 'ê1': 'ɛ→',
};

describe('Chinese for Kokoro: pinyin with tones in its symbols', () => {
  let espeak: EspeakIpa;
  before(async () => {
    espeak = await EspeakIpa.load();
  });

  const aligned = (text: string) => {
    const tokens = text.split(' ');
    const ipa = chineseIpa((clauses) => espeak.phonemize(clauses, 'cmn'));
    return kokoroPhonemes(tokens, tokens.map((_, i) => i), 'z', ipa);
  };
  const phonemes = (text: string) => aligned(text).text;

  test('every syllable as misaki spells it, every symbol in the vocabulary', () => {
    for (const [pinyin, expected] of Object.entries(MISAKI)) {
      const ipa = pinyinToKokoro(pinyin);
      assert.equal(ipa, expected, pinyin);
      for (const c of ipa!) assert.ok(KOKORO_VOCAB.has(c), `${pinyin}: ${c} is not in the vocabulary`);
    }
    assert.equal(pinyinToKokoro('xyz1'), null);
    assert.equal(pinyinToKokoro('ma'), null, 'no tone number');
  });

  test('sentences: polyphones by context, one spoken word per segmented word, tones as arrows', () => {
    // misaki (jieba + pypinyin) gives the same symbols; its word cuts differ slightly (你好 中国 人).
    assert.equal(phonemes('你好，我是中国人。'), 'ni↓xau↓, wo↓ʂɨ↘ ꭧʊ→ŋkwo↗ɻə↗n.');
    // 长 zhǎng in 长大, 行 háng in 银行.
    assert.equal(phonemes('长大以后我要去银行工作。'), 'ꭧa↓ŋta↘ i↓xou↘ wo↓jau↘ ʨʰy↘ i↗nxa↗ŋ kʊ→ŋʦwo↘.');
    assert.equal(phonemes('吃饭了吗？谢谢！'), 'ꭧʰɨ→fa↘n lɤ ma? ɕje↘ɕje↘!');
  });

  test('numbers are read as Chinese numerals, with tones', () => {
    assert.equal(chineseInteger('12'), '十二');
    assert.equal(chineseInteger('1005'), '一千零五');
    assert.equal(chineseInteger('10010'), '一万零一十');
    assert.equal(chineseInteger('100000'), '十万');
    assert.equal(chineseInteger('120034'), '十二万零三十四');
    assert.equal(chineseInteger('0123'), '零一二三');
    assert.equal(chineseNumerals('价格是1,500.25元，2025年。'), '价格是一千五百点二五元，二零二五年。');
    assert.equal(phonemes('我有3个苹果。'), 'wo↓jou↓ sa→n kɤ↘ pʰi↗ŋkwo↓.');
  });

  test('espeak-ng\'s retroflex dots no longer become full stops inside words', () => {
    // Before, espeak's "ts.ˈonɡ5" gave Kokoro the id of "." in the middle of 中.
    const { ids } = kokoroIds(aligned('我是中国人'));
    assert.ok(!ids.includes(KOKORO_VOCAB.get('.')!), phonemes('我是中国人'));
    assert.match(phonemes('我是中国人'), /[→↗↓↘]/u);
  });
});

describe('Chinese on Kokoro with real weights', KOKORO_SKIP, () => {
  let engine: KokoroEngine;
  before(() => {
    // The prepared model is cached beside the test weights, as for the Japanese test.
    engine = createKokoroEngine({ modelFolders: [path.resolve(TEST_MODELS_DIR ?? '.')] });
  });
  after(() => engine.close());

  test('syllables that differ only in tone sound different (they were identical before)', async () => {
    const say = async (text: string) =>
      (await engine.synthesize({ text, language: 'zh-CN', voice: { id: 'zf_xiaoxiao' }, speed: 1, variation: 0.5 })).audio.samples;
    const [ma3, ma4] = [await say('马。'), await say('骂。')];
    assert.ok(ma3.length > 2400 && ma4.length > 2400, 'audible syllables');
    const same = ma3.length === ma4.length && ma3.every((v, i) => v === ma4[i]);
    assert.ok(!same, 'mǎ and mà gave the same audio');
  });
});
