import { isEmail, isUrl, parseDate, parseNumber, parseTime, readAddress, readDecimal, type UnitName } from './shared.js';
import type { LanguageNormalizer, Reading, TokenContext } from './types.js';

/** German: numbers (written as one word, as German does), money, dates, times, ordinals, units, abbreviations. */

const ONES = [
  'null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf',
  'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn', 'neunzehn',
];
const TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];
const MONTHS = [
  'Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember',
];

/** 1-999 as a compound (`einundzwanzig`); `ein` in compounds, `eins` alone. */
function underThousand(n: number, alone: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let tail = '';
  if (rest === 1) tail = alone ? 'eins' : 'ein';
  else if (rest < 20) tail = rest === 0 ? '' : (ONES[rest] ?? '');
  else tail = `${rest % 10 ? `${rest % 10 === 1 ? 'ein' : ONES[rest % 10]}und` : ''}${TENS[Math.floor(rest / 10)]}`;
  return `${hundreds > 0 ? `${hundreds === 1 ? 'ein' : ONES[hundreds]}hundert` : ''}${tail}`;
}

export function germanCardinal(value: number): string {
  let n = Math.floor(Math.abs(value));
  if (n === 0) return 'null';
  const parts: string[] = [];
  for (const [size, one, many] of [[1e9, 'eine Milliarde', 'Milliarden'], [1e6, 'eine Million', 'Millionen']] as const) {
    const count = Math.floor(n / size);
    if (count > 0) parts.push(count === 1 ? one : `${germanCardinal(count).replace(/eins$/u, 'eine')} ${many}`);
    n %= size;
  }
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const small = `${thousands > 0 ? `${underThousand(thousands, false)}tausend` : ''}${rest > 0 ? underThousand(rest, true) : ''}`;
  if (small !== '') parts.push(small);
  return parts.join(' ');
}

/** Ordinal stem + ending: 3 → "dritte"/"dritten", 20 → "zwanzigste". */
export function germanOrdinal(value: number, ending = 'e'): string {
  const irregular: Record<number, string> = { 1: 'erst', 3: 'dritt', 7: 'siebt', 8: 'acht' };
  const stem = irregular[value] ?? (value < 20 ? germanCardinal(value).replace(/eins$/u, 'ein') + 't' : `${germanCardinal(value)}st`);
  return `${stem}${ending}`;
}

function germanYear(year: number): string {
  if (year >= 1100 && year < 2000) return `${germanCardinal(Math.floor(year / 100))}hundert${year % 100 ? underThousand(year % 100, true) : ''}`;
  return germanCardinal(year);
}

const ABBREVIATIONS: Record<string, string> = {
  'dr.': 'Doktor', 'prof.': 'Professor', 'hr.': 'Herr', 'hrn.': 'Herrn', 'fr.': 'Frau', 'z.b.': 'zum Beispiel',
  'usw.': 'und so weiter', 'bzw.': 'beziehungsweise', 'd.h.': 'das heißt', 'nr.': 'Nummer', 'ca.': 'circa',
  'str.': 'Straße', 'evtl.': 'eventuell', 'inkl.': 'inklusive', 'ggf.': 'gegebenenfalls', 'mio.': 'Millionen',
  'mrd.': 'Milliarden', 'vgl.': 'vergleiche', 'u.a.': 'unter anderem', 's.': 'siehe', 'tel.': 'Telefon',
  'abs.': 'Absatz', 'max.': 'maximal', 'min.': 'mindestens', 'zzgl.': 'zuzüglich', 'bspw.': 'beispielsweise',
};
const CURRENCIES: Record<string, { unit: string; cent: string }> = {
  '€': { unit: 'Euro', cent: 'Cent' }, EUR: { unit: 'Euro', cent: 'Cent' }, $: { unit: 'Dollar', cent: 'Cent' },
  USD: { unit: 'Dollar', cent: 'Cent' }, '£': { unit: 'Pfund', cent: 'Pence' }, CHF: { unit: 'Franken', cent: 'Rappen' },
};
const UNITS: Record<string, UnitName> = {
  km: { one: 'Kilometer', many: 'Kilometer' }, m: { one: 'Meter', many: 'Meter' }, cm: { one: 'Zentimeter', many: 'Zentimeter' },
  mm: { one: 'Millimeter', many: 'Millimeter' }, kg: { one: 'Kilogramm', many: 'Kilogramm' }, g: { one: 'Gramm', many: 'Gramm' },
  l: { one: 'Liter', many: 'Liter' }, ml: { one: 'Milliliter', many: 'Milliliter' },
  'km/h': { one: 'Kilometer pro Stunde', many: 'Kilometer pro Stunde' }, '°C': { one: 'Grad Celsius', many: 'Grad Celsius' },
  '°': { one: 'Grad', many: 'Grad' }, '%': { one: 'Prozent', many: 'Prozent' }, h: { one: 'Stunde', many: 'Stunden' },
  min: { one: 'Minute', many: 'Minuten' }, s: { one: 'Sekunde', many: 'Sekunden' },
  GB: { one: 'Gigabyte', many: 'Gigabyte' }, MB: { one: 'Megabyte', many: 'Megabyte' },
};
const SYMBOLS: Record<string, string> = {
  '.': 'Punkt', '@': 'at', '/': 'Schrägstrich', ':': 'Doppelpunkt', '-': 'Bindestrich', _: 'Unterstrich', '+': 'plus',
  '%': 'Prozent', '&': 'und', '#': 'Raute', '=': 'gleich', '?': 'Fragezeichen',
};
/** Words after which an ordinal takes the dative/accusative `-en` (`am 3. Mai` → "am dritten Mai"). */
const EN_CONTEXT = new Set(['am', 'vom', 'zum', 'im', 'bis', 'den', 'dem', 'ab', 'seit', 'dem']);

/** Words before which `3.` is an ordinal, not a number ending a sentence. */
const ORDINAL_BEFORE = new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'am', 'im', 'zum', 'zur', 'vom', 'bis', 'ab', 'seit', 'jeder', 'jede']);

const number = (text: string) => parseNumber(text, ',', '.');

function decimal(text: string): string | null {
  const parsed = number(text);
  return parsed === null ? null : readDecimal(parsed, german, 'Komma', 'minus');
}

function money(text: string, symbol: string): { unit: string; rest: string; whole: string } | null {
  const currency = CURRENCIES[symbol];
  const parsed = number(text);
  if (currency === undefined || parsed === null) return null;
  const whole = `${parsed.negative ? 'minus ' : ''}${germanCardinal(parsed.integer).replace(/^eins$/u, 'ein')}`;
  const cents = parsed.fraction.length === 2 ? Number(parsed.fraction) : 0;
  // "drei Euro fünfzig": the cents follow the unit without naming it, as Germans say prices.
  return { whole, unit: currency.unit, rest: cents > 0 ? ` ${germanCardinal(cents)}` : '' };
}

function ordinalEnding(context: TokenContext): string {
  return EN_CONTEXT.has(context.prev?.toLowerCase() ?? '') ? 'en' : 'e';
}

function readToken(core: string, context: TokenContext): Reading | null {
  const abbreviation = ABBREVIATIONS[core.toLowerCase()];
  if (abbreviation !== undefined) return { spoken: abbreviation };
  if (isEmail(core) || isUrl(core)) return { spoken: readAddress(core, german) };
  const date = parseDate(core, true) ?? (/^\d{1,2}\.\d{1,2}\.$/u.test(core) ? parseDate(`${core}2000`, true) : null);
  if (date) {
    const withYear = /\d{4}$/u.test(core) || /\.\d{2}$/u.test(core);
    return { spoken: german.date(withYear ? date : { month: date.month, day: date.day }, context) };
  }
  const time = parseTime(core);
  if (time) {
    const uhr = context.next?.toLowerCase() === 'uhr';
    const minutes = time.minutes > 0 ? germanCardinal(time.minutes) : '';
    if (uhr) return { spoken: germanCardinal(time.hours).replace(/^eins$/u, 'ein'), next: `Uhr${minutes ? ` ${minutes}` : ''}` };
    return { spoken: german.time(time.hours, time.minutes, time.meridiem) };
  }
  // Ordinals are a number with a period: `3.` → "dritte"; before a month name it is a date.
  const ordinal = /^(\d{1,3})\.$/u.exec(core);
  const determiner = ORDINAL_BEFORE.has(context.prev?.toLowerCase() ?? '') || MONTHS.includes(context.next ?? '');
  if (ordinal && determiner) return { spoken: germanOrdinal(Number(ordinal[1]), ordinalEnding(context)) };
  const prefixed = /^([$€£])([\d.,]+)$/u.exec(core);
  const suffixed = /^([-−]?[\d.,]+)([$€£])$/u.exec(core);
  if (prefixed || suffixed) {
    const read = prefixed ? money(prefixed[2] ?? '', prefixed[1] ?? '') : money(suffixed?.[1] ?? '', suffixed?.[2] ?? '');
    if (read !== null) return { spoken: `${read.whole} ${read.unit}${read.rest}` };
  }
  const withUnit = /^([-−]?[\d.,]*\d)(°C|[%°]|[A-Za-z/]+)$/u.exec(core);
  if (withUnit) {
    const unit = UNITS[withUnit[2] ?? ''];
    const spoken = decimal(withUnit[1] ?? '');
    if (unit !== undefined && spoken !== null) return { spoken: `${spoken.replace(/eins$/u, 'ein')} ${withUnit[1] === '1' ? unit.one : unit.many}` };
  }
  const plain = decimal(core);
  if (plain !== null) {
    const next = context.next ?? '';
    const currency = money(core, next);
    if (currency !== null) return { spoken: currency.whole, next: `${currency.unit}${currency.rest}` };
    const unit = UNITS[next];
    if (unit !== undefined && next.length > 1) return { spoken: plain.replace(/eins$/u, 'ein'), next: core === '1' ? unit.one : unit.many };
    if (/^\d{4}$/u.test(core) && Number(core) >= 1100 && Number(core) < 2000) return { spoken: germanYear(Number(core)) };
    return { spoken: plain };
  }
  const range = /^(\d+)[-–](\d+)$/u.exec(core);
  if (range) return { spoken: `${germanCardinal(Number(range[1]))} bis ${germanCardinal(Number(range[2]))}` };
  if (core === '%') return { spoken: 'Prozent' };
  if (core === '&') return { spoken: 'und' };
  return null;
}

export const german: LanguageNormalizer = {
  token: readToken,
  cardinal: germanCardinal,
  ordinal: (value) => germanOrdinal(value),
  date({ year, month, day }, context) {
    const parts: string[] = [];
    if (day !== undefined) parts.push(germanOrdinal(day, EN_CONTEXT.has(context.prev?.toLowerCase() ?? '') ? 'en' : 'er'));
    if (month !== undefined) parts.push(MONTHS[month - 1] ?? '');
    if (year !== undefined) parts.push(germanYear(year));
    return parts.join(' ');
  },
  time(hours, minutes) {
    const h = germanCardinal(hours).replace(/^eins$/u, 'ein');
    return minutes === 0 ? `${h} Uhr` : `${h} Uhr ${germanCardinal(minutes)}`;
  },
  symbols: SYMBOLS,
  digits: ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'],
  letter: (character) => character.toUpperCase(),
};
