/**
 * Arabic numerals → Chinese numerals (hanzi), so an engine that reads hanzi (Kokoro's Mandarin voices,
 * through their pinyin) reads a number like the words around it, tones included; as misaki's
 * `cn2an.transform(text, 'an2cn')` does before its G2P.
 *
 * Integers are read in groups of four digits (万, 亿, 万亿) with 零 for skipped places (1005 一千零五,
 * 10010 一万零一十) and a leading 一十 shortened to 十 (12 十二, 100000 十万); decimals as the integer,
 * 点, then each digit. Numbers with a leading zero (telephone numbers, codes) and over 16 digits are
 * read digit by digit, as are years (`2025年` 二零二五年). Thousands commas (`1,500`) are allowed.
 */

const DIGITS = '零一二三四五六七八九';
const PLACES = ['千', '百', '十', ''] as const;
const GROUPS = ['', '万', '亿', '万亿'] as const;

function digitByDigit(digits: string): string {
  return [...digits].map((d) => DIGITS[Number(d)] ?? '').join('');
}

/** 1-9999, with 零 for skipped places inside it. */
function readGroup(value: number): string {
  const places = [Math.floor(value / 1000), Math.floor(value / 100) % 10, Math.floor(value / 10) % 10, value % 10];
  let reading = '';
  let skipped = false;
  places.forEach((d, i) => {
    if (d === 0) {
      skipped = reading !== '';
      return;
    }
    if (skipped) reading += '零';
    skipped = false;
    reading += `${DIGITS[d]}${PLACES[i]}`;
  });
  return reading;
}

/** A non-negative integer written in ASCII digits. */
export function chineseInteger(digits: string): string {
  if ((digits.length > 1 && digits.startsWith('0')) || digits.length > 16) return digitByDigit(digits);
  if (/^0+$/.test(digits)) return DIGITS[0]!;
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 4) groups.push(Number(digits.slice(Math.max(0, end - 4), end)));
  let reading = '';
  let skipped = false;
  for (let unit = groups.length - 1; unit >= 0; unit -= 1) {
    const value = groups[unit] ?? 0;
    if (value === 0) {
      skipped = reading !== '';
      continue;
    }
    if (reading !== '' && (skipped || value < 1000)) reading += '零';
    skipped = false;
    reading += `${readGroup(value)}${GROUPS[unit]}`;
  }
  return reading.startsWith('一十') ? reading.slice(1) : reading;
}

/** Every number written in `text` (`42`, `1,500`, `3.14`) replaced by its Chinese numerals. */
export function chineseNumerals(text: string): string {
  return text.replace(/\d{2,4}(?=年)/g, digitByDigit).replace(/(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?/g, (_, integer: string, fraction?: string) => {
    const whole = chineseInteger(integer.replaceAll(',', ''));
    return fraction === undefined ? whole : `${whole}点${digitByDigit(fraction)}`;
  });
}
