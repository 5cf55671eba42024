import { pinyin } from 'pinyin-pro';
import type { IpaFunction } from '../onnx/phonemize-words.js';
import { chineseNumerals } from '../../text/zh-numbers.js';

/**
 * Chinese for Kokoro's Mandarin voices, spelled the way Kokoro v1.0's training data spelled it (misaki's
 * zh G2P without its 1.1 front end): hanzi → tone-numbered pinyin for the whole run, so polyphones
 * read by context (npm pinyin-pro, MIT), cut into words by ICU's dictionary word segmenter
 * (`Intl.Segmenter`, as misaki cuts with jieba), then each syllable in IPA with its tone as an
 * arrow after the syllable's vowel: `→` first, `↗` second, `↓` third, `↘` fourth, nothing for the
 * neutral tone (no tone sandhi, as misaki's legacy path). Syllables of a word are joined; words are
 * separated by spaces. Before, Kokoro got espeak-ng's `cmn` IPA, whose tone digits are not in the
 * vocabulary and were dropped, so every syllable was toneless.
 *
 * Numbers are first written in Chinese numerals (text/zh-numbers.ts, as misaki's cn2an step), so they
 * get their tones too; anything else in a clause (Latin letters) is read by espeak-ng as before.
 */

const TONES = ['', '→', '↗', '↓', '↘', ''] as const;

/** Pinyin initials (longest first) and their IPA in Kokoro's symbols (ꭧ = tʂ, ʦ = ts, ʨ = tɕ). */
const INITIALS: ReadonlyArray<readonly [string, string]> = [
  ['zh', 'ꭧ'], ['ch', 'ꭧʰ'], ['sh', 'ʂ'],
  ['b', 'p'], ['p', 'pʰ'], ['m', 'm'], ['f', 'f'], ['d', 't'], ['t', 'tʰ'], ['n', 'n'], ['l', 'l'],
  ['g', 'k'], ['k', 'kʰ'], ['h', 'x'], ['j', 'ʨ'], ['q', 'ʨʰ'], ['x', 'ɕ'], ['r', 'ɻ'],
  ['z', 'ʦ'], ['c', 'ʦʰ'], ['s', 's'],
];

/** Finals in their full (strict) spelling; `0` marks where the tone goes. */
const FINALS: ReadonlyMap<string, string> = new Map([
  ['a', 'a0'], ['ai', 'ai0'], ['an', 'a0n'], ['ang', 'a0ŋ'], ['ao', 'au0'],
  ['e', 'ɤ0'], ['ei', 'ei0'], ['en', 'ə0n'], ['eng', 'ə0ŋ'], ['er', 'ɚ0'],
  ['i', 'i0'], ['ia', 'ja0'], ['ian', 'jɛ0n'], ['iang', 'ja0ŋ'], ['iao', 'jau0'], ['ie', 'je0'],
  ['in', 'i0n'], ['iou', 'jou0'], ['ing', 'i0ŋ'], ['iong', 'jʊ0ŋ'],
  ['o', 'wo0'], ['ong', 'ʊ0ŋ'], ['ou', 'ou0'],
  ['u', 'u0'], ['ua', 'wa0'], ['uai', 'wai0'], ['uan', 'wa0n'], ['uang', 'wa0ŋ'], ['uei', 'wei0'],
  ['uen', 'wə0n'], ['ueng', 'wə0ŋ'], ['uo', 'wo0'],
  ['ü', 'y0'], ['üe', 'ɥe0'], ['üan', 'ɥɛ0n'], ['ün', 'y0n'],
]);

/** Syllables without an initial-final split: interjections and syllabic nasals. */
const WHOLE: ReadonlyMap<string, string> = new Map([
  ['o', 'ɔ0'], ['io', 'jɔ0'], ['yo', 'wo0'], ['ê', 'ɛ0'], ['er', 'ɚ0'],
  ['m', 'm0'], ['n', 'n0'], ['ng', 'ŋ0'], ['hm', 'hm0'], ['hng', 'hŋ0'],
]);

/** `y`/`w` spellings and abbreviations → the strict final they stand for. */
function strictFinal(initial: string, rest: string): string {
  if (initial === '') {
    if (rest.startsWith('yu')) return `ü${rest.slice(2)}`;
    if (rest.startsWith('yi')) return `i${rest.slice(2)}`;
    if (rest.startsWith('y')) return rest === 'you' ? 'iou' : `i${rest.slice(1)}`;
    if (rest.startsWith('wu')) return `u${rest.slice(2)}`;
    if (rest.startsWith('w')) return rest === 'wei' ? 'uei' : rest === 'wen' ? 'uen' : `u${rest.slice(1)}`;
    return rest;
  }
  if ('jqx'.includes(initial) && rest.startsWith('u')) return `ü${rest.slice(1)}`;
  if (rest === 'iu') return 'iou';
  if (rest === 'ui') return 'uei';
  if (rest === 'un') return 'uen';
  return rest;
}

/** One tone-numbered pinyin syllable (`zhang3`, `lü4`, `ma0`) in Kokoro's symbols, or null if unknown. */
export function pinyinToKokoro(syllable: string): string | null {
  const match = /^([a-zü]+|ê)([0-5])$/.exec(syllable.toLowerCase().replaceAll('v', 'ü'));
  if (match === null) return null;
  const [, letters, digit] = match as unknown as [string, string, string];
  const tone = TONES[Number(digit)] ?? '';
  const whole = WHOLE.get(letters);
  if (whole !== undefined) return whole.replace('0', tone);
  const [initial, ipa] = INITIALS.find(([spelling]) => letters.startsWith(spelling)) ?? ['', ''];
  const final = strictFinal(initial, letters.slice(initial.length));
  // zhi chi shi ri and zi ci si: the apical vowel, ɨ in misaki's symbols.
  const body = final === 'i' && /^(zh|ch|sh|r|z|c|s)$/.test(initial) ? 'ɨ0' : FINALS.get(final);
  return body === undefined ? null : ipa + body.replace('0', tone);
}

const HANZI = /\p{Script=Han}+/u;
const HANZI_RUNS = /(\p{Script=Han}+)/u;
const WORDS = new Intl.Segmenter('zh', { granularity: 'word' });

/** A run of hanzi as words (ICU's segmentation), each with its syllables from the whole run's pinyin. */
function hanziWords(run: string): Array<{ text: string; syllables: string[] }> {
  // pinyin-pro answers one entry per character (code point); the segments cover the run in order.
  const syllables = pinyin(run, { toneType: 'num', type: 'array' });
  const aligned = syllables.length === [...run].length;
  let from = 0;
  return [...WORDS.segment(run)].map(({ segment }) => {
    const length = [...segment].length;
    from += length;
    return { text: segment, syllables: aligned ? syllables.slice(from - length, from) : [] };
  });
}

/** A word's syllables in Kokoro's symbols, joined; null if any is unknown (a character without pinyin). */
function wordPhonemes(word: { text: string; syllables: string[] }): string | null {
  const ipa = word.syllables.map(pinyinToKokoro);
  return ipa.length === [...word.text].length && ipa.every((s) => s !== null) ? ipa.join('') : null;
}

/**
 * An IPA function for Kokoro's Chinese voices: hanzi runs of each clause read as above (one
 * spoken word per segmented word), everything else by `fallback` (espeak-ng `cmn`).
 */
export function chineseIpa(fallback: IpaFunction): IpaFunction {
  return (clauses) => {
    const runs = clauses.map((clause) =>
      chineseNumerals(clause)
        .split(HANZI_RUNS)
        .filter((run) => run.trim() !== ''),
    );
    const others = runs.flatMap((parts) => parts.filter((run) => !HANZI.test(run)));
    const read = others.length > 0 ? fallback(others) : [];
    let next = 0;
    return runs.map((parts) =>
      parts.flatMap((run) => {
        if (!HANZI.test(run)) return read[next++] ?? [];
        return hanziWords(run).flatMap((word) => {
          const phonemes = wordPhonemes(word);
          // A character the table cannot spell: espeak-ng reads the word (toneless) rather than nothing.
          return phonemes === null ? (fallback([word.text])[0] ?? []) : [phonemes];
        });
      }),
    );
  };
}
