/** English number words (US and UK agree on everything here except "and" after hundred, left out). */

const ONES = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Array<[number, string]> = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

function underHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

function underThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds > 0 ? `${ONES[hundreds]} hundred` : '';
  if (rest === 0) return head;
  return head === '' ? underHundred(rest) : `${head} ${underHundred(rest)}`;
}

/** 0 … 999,999,999,999,999 in words: 1234 → "one thousand two hundred thirty-four". */
export function englishCardinal(value: number): string {
  let n = Math.floor(Math.abs(value));
  if (n === 0) return 'zero';
  const parts: string[] = [];
  for (const [size, name] of SCALES) {
    if (n >= size) {
      parts.push(`${englishCardinal(Math.floor(n / size))} ${name}`);
      n %= size;
    }
  }
  if (n > 0) parts.push(underThousand(n));
  return parts.join(' ');
}

const IRREGULAR: Record<string, string> = {
  one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth',
};

/** 21 → "twenty-first": the last word of the cardinal turned ordinal. */
export function englishOrdinal(value: number): string {
  const cardinal = englishCardinal(value);
  const match = /([a-z]+)$/u.exec(cardinal);
  const last = match?.[1] ?? cardinal;
  const head = cardinal.slice(0, cardinal.length - last.length);
  const irregular = IRREGULAR[last];
  if (irregular !== undefined) return head + irregular;
  if (last.endsWith('y')) return `${head}${last.slice(0, -1)}ieth`;
  return `${head}${last}th`;
}

/** Years as people say them: 1995 → "nineteen ninety-five", 2005 → "two thousand five", 1900 → "nineteen hundred". */
export function englishYear(year: number): string {
  if (year < 1000 || year > 9999 || (year >= 2000 && year < 2010)) return englishCardinal(year);
  const high = Math.floor(year / 100);
  const low = year % 100;
  if (low === 0) return `${englishCardinal(high)} hundred`;
  return `${englishCardinal(high)} ${low < 10 ? `oh ${englishCardinal(low)}` : englishCardinal(low)}`;
}

/** Decades: `1990s` → "nineteen nineties", `80s` → "eighties". */
export function englishDecade(value: number): string {
  const words = value >= 1000 ? englishYear(value) : englishCardinal(value);
  return words.endsWith('y') ? `${words.slice(0, -1)}ies` : `${words}s`;
}
