/**
 * Kokoro's text normalization, ported from kokoro-js 1.2.1 (`normalize_text` and its number
 * helpers in src/phonemize.js; Apache-2.0, © hexgrad and contributors). kokoro-js runs these
 * regular expressions over the whole text; here they run on one written word at a time so that each
 * word's phonemes stay traceable to it. The few rules that look at the next word (`Dr. Smith`,
 * `etc. The`, `U.S. army`) get that word's first letter; `$5 million` becomes `5 dollars million`
 * instead of kokoro-js's `5 million dollars`.
 *
 * The quote and CJK punctuation rules apply to every language; the English rules (titles, years,
 * times, money, decimals, ranges, acronym plurals) only to American and British English voices.
 */

/** kokoro-js `split_num`: years and times into speakable halves (`1990` → `19 90`, `3:05` → `3 oh 5`). */
function splitNumber(match: string): string {
  if (match.includes('.')) return match;
  if (match.includes(':')) {
    const [hours = 0, minutes = 0] = match.split(':').map(Number);
    if (minutes === 0) return `${hours} o'clock`;
    if (minutes < 10) return `${hours} oh ${minutes}`;
    return `${hours} ${minutes}`;
  }
  const year = Number.parseInt(match.slice(0, 4), 10);
  if (year < 1100 || year % 1000 < 10) return match;
  const left = match.slice(0, 2);
  const right = Number.parseInt(match.slice(2, 4), 10);
  const suffix = match.endsWith('s') ? 's' : '';
  if (year % 1000 >= 100 && year % 1000 <= 999) {
    if (right === 0) return `${left} hundred${suffix}`;
    if (right < 10) return `${left} oh ${right}${suffix}`;
  }
  return `${left} ${right}${suffix}`;
}

/** kokoro-js `flip_money`: `$5.50` → `5 dollars and 50 cents`, `£1` → `1 pound`. */
function flipMoney(match: string): string {
  const bill = match[0] === '$' ? 'dollar' : 'pound';
  const amount = match.slice(1);
  if (Number.isNaN(Number(amount))) return `${amount} ${bill}s`;
  if (!match.includes('.')) return `${amount} ${bill}${amount === '1' ? '' : 's'}`;
  const [whole = '', fraction = ''] = amount.split('.');
  const cents = Number.parseInt(fraction.padEnd(2, '0'), 10);
  const coin = match[0] === '$' ? (cents === 1 ? 'cent' : 'cents') : cents === 1 ? 'penny' : 'pence';
  return `${whole} ${bill}${whole === '1' ? '' : 's'} and ${cents} ${coin}`;
}

/** kokoro-js `point_num`: `3.14` → `3 point 1 4`. */
function pointNumber(match: string): string {
  const [whole = '', fraction = ''] = match.split('.');
  return `${whole} point ${fraction.split('').join(' ')}`;
}

/** Quote, bracket and full-width punctuation rules of kokoro-js, for every language. */
export function normalizePunctuation(word: string): string {
  return word
    .replace(/[‘’]/g, "'")
    .replace(/«/g, '“')
    .replace(/»/g, '”')
    .replace(/[“”]/g, '"')
    .replace(/\(/g, '«')
    .replace(/\)/g, '»')
    .replace(/、/g, ', ')
    .replace(/。/g, '. ')
    .replace(/！/g, '! ')
    .replace(/，/g, ', ')
    .replace(/：/g, ': ')
    .replace(/；/g, '; ')
    .replace(/？/g, '? ');
}

/** One written word, normalized as kokoro-js normalizes English text; `next` is the following word. */
export function normalizeEnglishWord(word: string, next: string | undefined): string {
  const nextUpper = next !== undefined && /^[A-Z]/.test(next);
  const nextLower = next !== undefined && /^[a-z]/.test(next);
  let text = normalizePunctuation(word);
  if (nextUpper) text = text.replace(/\bD[Rr]\.$/, 'Doctor');
  text = text.replace(/\bMr\./g, 'Mister');
  if (nextUpper) text = text.replace(/\bMR\.$/, 'Mister');
  text = text.replace(/\bMs\./g, 'Miss');
  if (nextUpper) text = text.replace(/\bMS\.$/, 'Miss');
  text = text.replace(/\bMrs\./g, 'Mrs');
  if (nextUpper) text = text.replace(/\bMRS\.$/, 'Mrs');
  text = text.replace(/\betc\.(?!$)/gi, 'etc');
  if (!nextUpper) text = text.replace(/\betc\.$/i, 'etc');
  text = text
    .replace(/\b(y)eah?\b/gi, "$1e'a")
    .replace(/\d*\.\d+|\b\d{4}s?\b|(?<!:)\b(?:[1-9]|1[0-2]):[0-5]\d\b(?!:)/g, splitNumber)
    .replace(/(?<=\d),(?=\d)/g, '')
    .replace(/[$£]\d+(?:\.\d+)?\b|[$£]\d+\.\d\d?\b/gi, flipMoney)
    .replace(/\d*\.\d+/g, pointNumber)
    .replace(/(?<=\d)-(?=\d)/g, ' to ')
    .replace(/(?<=\d)S/g, ' S')
    .replace(/(?<=[BCDFGHJ-NP-TV-Z])'?s\b/g, "'S")
    .replace(/(?<=X')S\b/g, 's');
  if (nextLower) text = text.replace(/(?:[A-Za-z]\.){2,}$/, (m) => m.replace(/\./g, '-'));
  return text.replace(/(?<=[A-Z])\.(?=[A-Z])/gi, '-').trim();
}
