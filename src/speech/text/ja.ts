import type { TextToken } from '../engines/shared/tokens.js';
import { getJapaneseAnalyzer, type JapaneseAnalyzer, type KuromojiToken } from './ja-analyzer.js';
import { isKanjiNumber, kanjiNumberDigits, readCounted, readNumber } from './ja-numbers.js';

/**
 * Japanese text front end: text as written → caption words, each with its kana reading.
 *
 * Japanese has no spaces, so a whitespace token can be a whole sentence. Here the text is cut into
 * morphemes by kuromoji (IPADIC) and the morphemes are grouped into caption words the way a reader
 * groups them (bunsetsu-like): a content word with the particles, auxiliaries, suffixes and
 * punctuation that follow it, and with a prefix or opening bracket before it. So
 * `今日は良い天気ですね。` has the words `今日は`, `良い`, `天気ですね。`. Whitespace still separates
 * words (Latin words and numbers in Japanese text keep their own).
 *
 * A morpheme reads as its dictionary pronunciation in katakana (`今日` キョー, particle `は` ワ,
 * `東京` トーキョー); numbers in Arabic digits are read by `ja-numbers.ts` (with the counters
 * that change them: `3月` サンガツ); kana the dictionary does not know read as written; a kanji
 * word the dictionary does not know is read character by character, and a character with no
 * reading at all is left unspoken rather than spelled out as "Chinese letter". Latin letters and
 * other symbols pass through unchanged; punctuation stays (engines pause on `。` and `、`).
 */

/** A caption word of the input (text as written) with how it is read. */
export interface ReadWord extends TextToken {
  /** Readings of the word's morphemes in order: katakana, punctuation or Latin as written. */
  parts: string[];
}

const JAPANESE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const HAN_ALL = /\p{Script=Han}/gu;
const NUMBER_PIECE = /^[\d,.]+$/u;
/** Starts with a kana that ends a mora begun before it: small ゃゅょぁぃぅぇぉゎ or the long mark. */
const MORA_TAIL = /^[ぁぃぅぇぉゃゅょゎァィゥェォャュョヮー]/u;
/** Counters that join the number before them into one caption word (`3月` is 名詞 一般 in IPADIC). */
const COUNTERS = new Set(['月', '日', '人', '時', '分']);

/** True when the text has kanji or kana, i.e. needs the Japanese front end. */
export function hasJapaneseScript(text: string): boolean {
  return JAPANESE_SCRIPT.test(text);
}

interface Morpheme {
  token: KuromojiToken;
  /** Surface as written in the input (the analyzer saw a width-normalized copy). */
  surface: string;
  /** Code point offsets in the input. */
  start: number;
  end: number;
  reading: string;
  /** Joins the caption word before it. */
  attaches: boolean;
}

/** Caption words with readings; loads the analyzer on first use. */
export async function readJapanese(text: string): Promise<ReadWord[]> {
  return readWithAnalyzer(await getJapaneseAnalyzer(), text);
}

export function readWithAnalyzer(analyzer: JapaneseAnalyzer, text: string): ReadWord[] {
  const morphemes = mergeNumbers(locate(analyzer.tokenize(forAnalyzer(text)), text));
  morphemes.forEach((morpheme, i) => {
    const previous = morphemes[i - 1];
    const number = previous === undefined ? null : numberDigits(previous.surface);
    const counted =
      previous !== undefined && number !== null && previous.end === morpheme.start
        ? readCounted(number, morpheme.surface)
        : null;
    if (counted !== null && previous !== undefined) {
      // The number and its counter are read together; the counter keeps an empty reading.
      previous.reading = counted;
      morpheme.reading = '';
      morpheme.attaches = true;
      return;
    }
    morpheme.reading = readMorpheme(analyzer, morpheme);
    // The auxiliary う after an オ-row sound lengthens it (行きましょう マショー, でしょう デショー).
    // A kana analysis can cut inside a mora (`とうき|ょう`): the small kana or ー goes with the
    // morpheme before it, so no engine sees a mora split in two.
    if (previous !== undefined && previous.end === morpheme.start && MORA_TAIL.test(morpheme.surface)) {
      // The nearest morpheme with a reading of its own (`き|ょ|ー`: both go to き).
      const owner = morphemes.slice(0, i).findLast((m) => m.reading !== '') ?? previous;
      owner.reading += readMorpheme(analyzer, morpheme);
      morpheme.reading = '';
      morpheme.attaches = true;
      return;
    }
    if (
      previous !== undefined &&
      morpheme.token.pos === '助動詞' &&
      morpheme.surface === 'う' &&
      /[オコゴソゾトドノホボポモヨョロォ]$/u.test(previous.reading)
    ) {
      previous.reading += 'ー';
      morpheme.reading = '';
    }
    morpheme.attaches = attaches(morpheme.token, previous?.token);
  });
  return group(morphemes);
}

/** Full-width ASCII and the ideographic space → ASCII, one UTF-16 unit for one, so offsets hold. */
function normalizeWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\u3000]/gu, (c) =>
    c === '\u3000' ? ' ' : String.fromCharCode((c.charCodeAt(0) ?? 0) - 0xfee0),
  );
}

/**
 * What the analyzer sees: widths normalized, and each astral character (a rare kanji such as 𠮷, an
 * emoji) as the symbol pair 〓〓, because kuromoji would cut its surrogate pair in two. The UTF-16
 * length is unchanged, so positions in it are positions in the input.
 */
function forAnalyzer(text: string): string {
  return normalizeWidth(text).replace(/[\u{10000}-\u{10FFFF}]/gu, '〓〓');
}

/** Morphemes with their surfaces and code point offsets in the original text; whitespace dropped. */
function locate(tokens: readonly KuromojiToken[], text: string): Morpheme[] {
  // Code point index of each UTF-16 unit, plus one past the end.
  const codePointAt: number[] = [];
  let count = 0;
  for (const character of text) {
    for (let unit = 0; unit < character.length; unit += 1) codePointAt.push(count);
    count += 1;
  }
  codePointAt.push(count);
  const morphemes: Morpheme[] = [];
  for (const token of tokens) {
    let from = token.word_position - 1;
    let to = from + token.surface_form.length;
    // The two halves of a 〓〓 stand-in come as two morphemes: the first takes the whole pair.
    if (isLowSurrogate(text.charCodeAt(from))) from += 1;
    if (isLowSurrogate(text.charCodeAt(to))) to += 1;
    const start = codePointAt[from] ?? count;
    const end = codePointAt[to] ?? count;
    if (end <= start || /^\s+$/u.test(token.surface_form)) continue;
    morphemes.push({ token, surface: text.slice(from, to), start, end, reading: '', attaches: false });
  }
  return morphemes;
}

/** A kanji numeral morpheme (`三`, `百`, `二〇二四`), which IPADIC tags 名詞 数. */
function isNumeral(morpheme: Morpheme): boolean {
  return morpheme.token.pos_detail_1 === '数' && isKanjiNumber(morpheme.surface);
}

/** ASCII digits of a number morpheme (Arabic, full-width or kanji), or null. */
function numberDigits(surface: string): string | null {
  const ascii = normalizeWidth(surface);
  if (/^\d+$/u.test(ascii)) return ascii;
  return kanjiNumberDigits(surface);
}

/**
 * In Sino-Japanese words an エ-row kana and イ make a long e (先生 センセイ is said センセー), as the
 * readings Kokoro was trained on (pyopenjtalk) write it; IPADIC keeps the イ.
 */
function lengthenEi(pronunciation: string): string {
  return pronunciation.replace(/(?<=[エケゲセゼテデネヘベペメレ])イ/gu, 'ー');
}

function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Adjacent digit, comma and point morphemes (`1` `,` `500`) → one number morpheme (`1,500`). */
function mergeNumbers(morphemes: Morpheme[]): Morpheme[] {
  const merged: Morpheme[] = [];
  for (const morpheme of morphemes) {
    const last = merged[merged.length - 1];
    const joins =
      last !== undefined &&
      last.end === morpheme.start &&
      ((NUMBER_PIECE.test(normalizeWidth(last.surface)) && NUMBER_PIECE.test(normalizeWidth(morpheme.surface))) ||
        (isNumeral(last) && isNumeral(morpheme)));
    if (joins) {
      last.surface += morpheme.surface;
      last.end = morpheme.end;
    } else {
      merged.push({ ...morpheme });
    }
  }
  // A trailing comma or point is punctuation, not part of the number.
  return merged.flatMap((morpheme) => {
    const ascii = normalizeWidth(morpheme.surface);
    const trail = /[,.]+$/u.exec(ascii);
    if (trail === null || !NUMBER_PIECE.test(ascii) || !/\d/u.test(ascii)) return [morpheme];
    const cut = morpheme.end - trail[0].length;
    return [
      { ...morpheme, surface: morpheme.surface.slice(0, -trail[0].length), end: cut },
      { ...morpheme, token: { ...morpheme.token, pos: '記号' }, surface: trail[0], start: cut },
    ];
  });
}

function readMorpheme(analyzer: JapaneseAnalyzer, morpheme: Morpheme): string {
  const { token, surface } = morpheme;
  // Astral characters reach the analyzer as 〓〓 (a symbol): kanji among them go unread.
  if (isPunctuation(token)) return surface.replace(HAN_ALL, '');
  const ascii = normalizeWidth(surface);
  if (NUMBER_PIECE.test(ascii)) return readNumber(ascii) ?? ascii;
  const kanjiDigits = isNumeral(morpheme) ? kanjiNumberDigits(surface) : null;
  if (kanjiDigits !== null) return readNumber(kanjiDigits) ?? '';
  const pronunciation = token.pronunciation ?? token.reading;
  // IPADIC writes the particle を as ヲ; it is pronounced オ.
  if (pronunciation !== undefined && pronunciation !== '*' && pronunciation !== '') {
    return HAN.test(surface) ? lengthenEi(pronunciation.replaceAll('ヲ', 'オ')) : pronunciation.replaceAll('ヲ', 'オ');
  }
  // Unknown kana: as katakana, so a reading never mixes the two scripts within a mora.
  if (!HAN.test(surface)) return toKatakana(ascii);
  // An unknown kanji word: each character's own reading, when the dictionary knows it alone.
  return [...surface]
    .map((character) => {
      if (!HAN.test(character)) return character;
      const [alone] = analyzer.tokenize(character);
      const reading = alone?.pronunciation ?? alone?.reading;
      return reading !== undefined && reading !== '*' && alone?.surface_form === character ? reading : '';
    })
    .join('');
}

/** Whether a morpheme belongs to the caption word of the one before it. */
function attaches(token: KuromojiToken, previous: KuromojiToken | undefined): boolean {
  if (previous === undefined) return false;
  if (previous.pos === '接頭詞' || isOpening(previous)) return true;
  if (token.pos === '助詞' || token.pos === '助動詞') return true;
  if (token.pos_detail_1 === '接尾' || token.pos_detail_1 === '非自立') return true;
  if (isPunctuation(token)) return !isOpening(token);
  return previous.pos === '名詞' && previous.pos_detail_1 === '数' && COUNTERS.has(token.surface_form);
}

/** Punctuation and symbols; kuromoji tags unknown ASCII punctuation (`,`) as nouns. */
function isPunctuation(token: KuromojiToken): boolean {
  return token.pos === '記号' || /^[\p{P}\p{S}]+$/u.test(token.surface_form);
}

function isOpening(token: KuromojiToken): boolean {
  return token.pos_detail_1 === '括弧開' || /^[\p{Ps}\p{Pi}]+$/u.test(token.surface_form);
}

/** Consecutive attaching morphemes → one caption word, cut wherever the text had whitespace. */
function group(morphemes: readonly Morpheme[]): ReadWord[] {
  const words: ReadWord[] = [];
  let current: ReadWord | null = null;
  for (const morpheme of morphemes) {
    if (current !== null && morpheme.attaches && current.end === morpheme.start) {
      current.text += morpheme.surface;
      current.end = morpheme.end;
      if (morpheme.reading !== '') current.parts.push(morpheme.reading);
      continue;
    }
    current = {
      text: morpheme.surface,
      start: morpheme.start,
      end: morpheme.end,
      parts: morpheme.reading === '' ? [] : [morpheme.reading],
    };
    words.push(current);
  }
  return words;
}
