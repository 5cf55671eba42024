/**
 * Arabic numerals → their Japanese reading in katakana, in the pronunciation form kuromoji gives
 * words (long vowels as `ー`: `キュー`, `ジュー`), so a number reads like the words around it.
 *
 * Integers are read in groups of four digits (万 マン, 億 オク, 兆 チョー) with the usual sound
 * changes (300 サンビャク, 600 ロッピャク, 800 ハッピャク, 3000 サンゼン, 8000 ハッセン, 1兆 イッチョー);
 * decimals as the integer, テン, then each digit. Numbers too long for 兆 (over 16 digits) and
 * numbers with a leading zero (`090`, codes and telephone numbers) are read digit by digit.
 * A few counters change the number's sound or are read irregularly (`3月` サンガツ, `1日` ツイタチ,
 * `2人` フタリ, `4時` ヨジ, `6分` ロップン): `readCounted` covers those.
 */

const DIGITS = ['ゼロ', 'イチ', 'ニ', 'サン', 'ヨン', 'ゴ', 'ロク', 'ナナ', 'ハチ', 'キュー'] as const;
const HUNDREDS: Readonly<Record<number, string>> = { 1: 'ヒャク', 3: 'サンビャク', 6: 'ロッピャク', 8: 'ハッピャク' };
const THOUSANDS: Readonly<Record<number, string>> = { 1: 'セン', 3: 'サンゼン', 8: 'ハッセン' };
const UNITS = ['', 'マン', 'オク', 'チョー'] as const;

function digit(value: number): string {
  return DIGITS[value] ?? '';
}

/** 1-9999 (0 reads as nothing: an empty group of a larger number). */
function readGroup(value: number): string {
  const thousands = Math.floor(value / 1000);
  const hundreds = Math.floor(value / 100) % 10;
  const tens = Math.floor(value / 10) % 10;
  const ones = value % 10;
  let reading = '';
  if (thousands > 0) reading += THOUSANDS[thousands] ?? `${digit(thousands)}セン`;
  if (hundreds > 0) reading += HUNDREDS[hundreds] ?? `${digit(hundreds)}ヒャク`;
  if (tens > 0) reading += tens === 1 ? 'ジュー' : `${digit(tens)}ジュー`;
  if (ones > 0) reading += digit(ones);
  return reading;
}

/** Before チョー a final イチ, ハチ or ジュー is clipped to a geminate: イッチョー, ハッチョー, ジュッチョー. */
function beforeCho(reading: string): string {
  if (reading.endsWith('イチ')) return `${reading.slice(0, -2)}イッ`;
  if (reading.endsWith('ハチ')) return `${reading.slice(0, -2)}ハッ`;
  if (reading.endsWith('ジュー')) return `${reading.slice(0, -3)}ジュッ`;
  return reading;
}

/** A string of ASCII digits read one by one. */
export function readDigits(digits: string): string {
  return [...digits].map((d) => digit(Number(d))).join('');
}

/** A non-negative integer written in ASCII digits. */
export function readInteger(digits: string): string {
  if (digits.length > 1 && digits.startsWith('0')) return readDigits(digits);
  if (digits.length > 16) return readDigits(digits);
  if (/^0+$/.test(digits)) return DIGITS[0];
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 4) {
    groups.push(Number(digits.slice(Math.max(0, end - 4), end)));
  }
  let reading = '';
  for (let unit = groups.length - 1; unit >= 0; unit -= 1) {
    const value = groups[unit] ?? 0;
    if (value === 0) continue;
    const group = readGroup(value);
    reading += unit === 3 ? `${beforeCho(group)}チョー` : `${group}${UNITS[unit] ?? ''}`;
  }
  return reading;
}

/**
 * A number as written: digits with optional thousands commas (`1,500`) and decimal point (`3.14`).
 * Returns null for anything else.
 */
export function readNumber(written: string): string | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/u.exec(written);
  if (match === null) return null;
  const integer = readInteger((match[1] ?? '').replaceAll(',', ''));
  const fraction = match[2];
  return fraction === undefined ? integer : `${integer}テン${readDigits(fraction)}`;
}

const DAYS: Readonly<Record<number, string>> = {
  1: 'ツイタチ',
  2: 'フツカ',
  3: 'ミッカ',
  4: 'ヨッカ',
  5: 'イツカ',
  6: 'ムイカ',
  7: 'ナノカ',
  8: 'ヨーカ',
  9: 'ココノカ',
  10: 'トーカ',
  14: 'ジューヨッカ',
  20: 'ハツカ',
  24: 'ニジューヨッカ',
};
const MONTHS: Readonly<Record<number, string>> = { 4: 'シ', 7: 'シチ', 9: 'ク' };
const HOURS: Readonly<Record<number, string>> = { 4: 'ヨ', 7: 'シチ', 9: 'ク' };
/** 分 is プン after these final sounds (イップン, サンプン, ヨンプン, ロップン, ハップン, ジュップン). */
const MINUTES_P: Readonly<Record<number, string>> = { 1: 'イッ', 3: 'サン', 4: 'ヨン', 6: 'ロッ', 8: 'ハッ' };

/**
 * The reading of an integer followed by a counter whose sound depends on it, or null when the
 * counter is not one of those (the caller then reads the number and the counter's own reading).
 */
export function readCounted(digits: string, counter: string): string | null {
  if (!/^\d+$/u.test(digits) || (digits.length > 1 && digits.startsWith('0'))) return null;
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return null;
  const ones = value % 10;
  const rest = value - ones;
  switch (counter) {
    case '月':
      return value >= 1 && value <= 12 ? `${MONTHS[value] ?? readInteger(digits)}ガツ` : null;
    case '日':
      return DAYS[value] ?? `${readInteger(digits)}ニチ`;
    case '人':
      if (value === 1) return 'ヒトリ';
      if (value === 2) return 'フタリ';
      return value === 4 ? 'ヨニン' : `${readInteger(digits)}ニン`;
    case '時':
      return value <= 24 ? `${HOURS[value] ?? readInteger(digits)}ジ` : null;
    case '分': {
      if (value === 0) return null;
      if (ones === 0 && Math.floor(value / 10) % 10 !== 0) {
        // 10 ジュップン, 20 ニジュップン, 110 ヒャクジュップン.
        return `${readInteger(String(value)).slice(0, -3)}ジュップン`;
      }
      const prefix = MINUTES_P[ones];
      if (prefix === undefined) return `${readInteger(digits)}フン`;
      return `${rest > 0 ? readInteger(String(rest)) : ''}${prefix}プン`;
    }
    default:
      return null;
  }
}

const KANJI_DIGITS = '〇一二三四五六七八九';
const KANJI_SMALL_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };
const KANJI_LARGE_UNITS: Readonly<Record<string, number>> = { 万: 1e4, 億: 1e8, 兆: 1e12 };

/** True for a string of kanji numerals (`三百`, `二〇二四`, `五万`). */
export function isKanjiNumber(text: string): boolean {
  return /^[〇一二三四五六七八九十百千万億兆]+$/u.test(text);
}

/**
 * Kanji numerals → ASCII digits, so they are read with the same sound changes as Arabic ones
 * (`三百` 300 サンビャク, where the dictionary reads 三 and 百 apart as サン ヒャク). Digits alone are
 * positional (`二〇二四` → 2024); with 十百千万億兆 they are multiplied out. Null when not a number.
 */
export function kanjiNumberDigits(text: string): string | null {
  if (!isKanjiNumber(text)) return null;
  if ([...text].every((c) => KANJI_DIGITS.includes(c))) {
    return [...text].map((c) => String(KANJI_DIGITS.indexOf(c))).join('');
  }
  let total = 0;
  let section = 0;
  let current: number | null = null;
  for (const character of text) {
    const digitValue = KANJI_DIGITS.indexOf(character);
    if (digitValue >= 0) {
      current = (current ?? 0) * 10 + digitValue;
    } else if (character in KANJI_SMALL_UNITS) {
      section += (current ?? 1) * (KANJI_SMALL_UNITS[character] ?? 1);
      current = null;
    } else {
      total += (section + (current ?? (section === 0 ? 1 : 0))) * (KANJI_LARGE_UNITS[character] ?? 1);
      section = 0;
      current = null;
    }
  }
  const value = total + section + (current ?? 0);
  return Number.isSafeInteger(value) ? String(value) : null;
}
