import { englishCardinal, englishDecade, englishOrdinal, englishYear } from './en-numbers.js';
import {
  isEmail,
  isUrl,
  meridiemWord,
  parseDate,
  parseNumber,
  parseTime,
  readAddress,
  readDecimal,
  type UnitName,
} from './shared.js';
import type { LanguageNormalizer, Reading, TokenContext } from './types.js';

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November',
  'December',
];
const MONTH_ABBREVIATIONS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

/** Abbreviations read as their word; keys are lower case and written with their final period. */
const ABBREVIATIONS: Record<string, string> = {
  'mr.': 'Mister', 'mrs.': 'Missus', 'ms.': 'Miz', 'dr.': 'Doctor', 'prof.': 'Professor', 'jr.': 'Junior',
  'sr.': 'Senior', 'st.': 'Saint', 'mt.': 'Mount', 'ave.': 'Avenue', 'rd.': 'Road', 'blvd.': 'Boulevard',
  'etc.': 'et cetera', 'e.g.': 'for example', 'i.e.': 'that is', 'vs.': 'versus', 'approx.': 'approximately',
  'dept.': 'department', 'inc.': 'incorporated', 'ltd.': 'limited', 'co.': 'company', 'no.': 'number',
  'fig.': 'figure', 'est.': 'established', 'min.': 'minimum', 'max.': 'maximum', 'govt.': 'government',
};

/** Currency symbols and codes: the unit, and its hundredth. */
const CURRENCIES: Record<string, { one: string; many: string; cent: UnitName }> = {
  $: { one: 'dollar', many: 'dollars', cent: { one: 'cent', many: 'cents' } },
  US$: { one: 'US dollar', many: 'US dollars', cent: { one: 'cent', many: 'cents' } },
  USD: { one: 'US dollar', many: 'US dollars', cent: { one: 'cent', many: 'cents' } },
  '€': { one: 'euro', many: 'euros', cent: { one: 'cent', many: 'cents' } },
  EUR: { one: 'euro', many: 'euros', cent: { one: 'cent', many: 'cents' } },
  '£': { one: 'pound', many: 'pounds', cent: { one: 'penny', many: 'pence' } },
  GBP: { one: 'pound', many: 'pounds', cent: { one: 'penny', many: 'pence' } },
  '¥': { one: 'yen', many: 'yen', cent: { one: 'sen', many: 'sen' } },
  JPY: { one: 'yen', many: 'yen', cent: { one: 'sen', many: 'sen' } },
  '₹': { one: 'rupee', many: 'rupees', cent: { one: 'paisa', many: 'paise' } },
};

/** Units after a number (case-sensitive: `m` metre, `M` not a unit; `mb` is read like `MB`). */
const UNITS: Record<string, UnitName> = {
  km: { one: 'kilometer', many: 'kilometers' }, m: { one: 'meter', many: 'meters' },
  cm: { one: 'centimeter', many: 'centimeters' }, mm: { one: 'millimeter', many: 'millimeters' },
  mi: { one: 'mile', many: 'miles' }, ft: { one: 'foot', many: 'feet' }, in: { one: 'inch', many: 'inches' },
  kg: { one: 'kilogram', many: 'kilograms' }, g: { one: 'gram', many: 'grams' }, mg: { one: 'milligram', many: 'milligrams' },
  lb: { one: 'pound', many: 'pounds' }, lbs: { one: 'pound', many: 'pounds' }, oz: { one: 'ounce', many: 'ounces' },
  l: { one: 'liter', many: 'liters' }, L: { one: 'liter', many: 'liters' }, ml: { one: 'milliliter', many: 'milliliters' },
  mph: { one: 'mile per hour', many: 'miles per hour' }, 'km/h': { one: 'kilometer per hour', many: 'kilometers per hour' },
  kph: { one: 'kilometer per hour', many: 'kilometers per hour' },
  '°C': { one: 'degree Celsius', many: 'degrees Celsius' }, '°F': { one: 'degree Fahrenheit', many: 'degrees Fahrenheit' },
  '°': { one: 'degree', many: 'degrees' }, ms: { one: 'millisecond', many: 'milliseconds' },
  s: { one: 'second', many: 'seconds' }, sec: { one: 'second', many: 'seconds' }, min: { one: 'minute', many: 'minutes' },
  h: { one: 'hour', many: 'hours' }, hr: { one: 'hour', many: 'hours' }, hrs: { one: 'hour', many: 'hours' },
  KB: { one: 'kilobyte', many: 'kilobytes' }, MB: { one: 'megabyte', many: 'megabytes' },
  GB: { one: 'gigabyte', many: 'gigabytes' }, TB: { one: 'terabyte', many: 'terabytes' },
  Hz: { one: 'hertz', many: 'hertz' }, kHz: { one: 'kilohertz', many: 'kilohertz' },
  MHz: { one: 'megahertz', many: 'megahertz' }, GHz: { one: 'gigahertz', many: 'gigahertz' },
  W: { one: 'watt', many: 'watts' }, kW: { one: 'kilowatt', many: 'kilowatts' }, kWh: { one: 'kilowatt hour', many: 'kilowatt hours' },
  V: { one: 'volt', many: 'volts' }, '%': { one: 'percent', many: 'percent' },
};
/** Units that are also ordinary words: read as units only when written against the number (`5in`). */
const ATTACHED_ONLY = new Set(['in', 'm', 's', 'g', 'l', 'L', 'h', 'W', 'V', 'min']);
const SCALE_WORDS = new Set(['thousand', 'million', 'billion', 'trillion']);

const SYMBOLS: Record<string, string> = {
  '.': 'dot', '@': 'at', '/': 'slash', ':': 'colon', '-': 'dash', _: 'underscore', '?': 'question mark',
  '=': 'equals', '&': 'and', '#': 'hash', '~': 'tilde', '+': 'plus', '%': 'percent', '*': 'star',
};

const number = (text: string) => parseNumber(text, '.', ',');

function decimal(text: string): string | null {
  const parsed = number(text);
  return parsed === null ? null : readDecimal(parsed, english, 'point', 'minus');
}

function unitName(unit: UnitName, amount: string): string {
  return amount === '1' || amount === '-1' ? unit.one : unit.many;
}

function money(amountText: string, symbol: string, scaleNext: boolean): string | null {
  const currency = CURRENCIES[symbol];
  const parsed = number(amountText);
  if (currency === undefined || parsed === null) return null;
  if (scaleNext) return readDecimal(parsed, english, 'point', 'minus');
  const minus = parsed.negative ? 'minus ' : '';
  const cents = parsed.fraction.length === 2 ? Number(parsed.fraction) : null;
  if (parsed.fraction !== '' && cents === null) return `${minus}${decimal(amountText.replace(/^[-−+]/u, ''))} ${currency.many}`;
  const whole = parsed.integer === 0 && cents ? '' : `${englishCardinal(parsed.integer)} ${parsed.integer === 1 ? currency.one : currency.many}`;
  const hundredths = cents ? `${englishCardinal(cents)} ${cents === 1 ? currency.cent.one : currency.cent.many}` : '';
  return minus + [whole, hundredths].filter((p) => p !== '').join(' and ');
}

function isMonth(core: string | null): boolean {
  if (core === null) return false;
  const word = core.replace(/\.$/u, '').toLowerCase();
  return MONTHS.some((m) => m.toLowerCase() === word) || MONTH_ABBREVIATIONS[word] !== undefined;
}

function readToken(core: string, context: TokenContext): Reading | null {
  const lower = core.toLowerCase();
  const abbreviation = ABBREVIATIONS[lower] ?? ABBREVIATIONS[`${lower}.`];
  if (abbreviation !== undefined && (core.endsWith('.') || lower === 'vs' || lower === 'etc')) {
    if (lower === 'no.' && !/^\d/u.test(context.next ?? '')) return null;
    if (lower === 'st.' && !/^\p{Lu}/u.test(context.next ?? '')) return { spoken: 'Street' };
    return { spoken: abbreviation };
  }
  const month = MONTH_ABBREVIATIONS[lower.replace(/\.$/u, '')];
  if (month !== undefined && (core.endsWith('.') || /^\d/u.test(context.next ?? ''))) {
    return { spoken: MONTHS[month - 1] ?? core };
  }
  if (isEmail(core) || isUrl(core)) return { spoken: readAddress(core, english) };

  // Day next to a month name: `January 5`, `5 January`.
  if (/^\d{1,2}(st|nd|rd|th)?$/iu.test(core) && Number.parseInt(core, 10) <= 31) {
    const day = Number.parseInt(core, 10);
    const abbreviated = MONTH_ABBREVIATIONS[context.prev?.toLowerCase() ?? ''] !== undefined;
    if ((!context.afterBreak || abbreviated) && isMonth(context.prev)) return { spoken: englishOrdinal(day) };
    if (isMonth(context.next)) return { spoken: `the ${englishOrdinal(day)} of` };
  }
  const ordinal = /^(\d+)(st|nd|rd|th)$/iu.exec(core);
  if (ordinal) return { spoken: englishOrdinal(Number(ordinal[1])) };
  const decade = /^'?(\d0|\d{3}0)'?s$/u.exec(core);
  if (decade) return { spoken: englishDecade(Number(decade[1])) };

  const date = parseDate(core, !/^en-US$/iu.test(context.language) && !/^en$/iu.test(context.language));
  if (date) return { spoken: english.date(date, context) };
  const time = parseTime(core);
  if (time) {
    const meridiem = time.meridiem ?? meridiemWord(context.next);
    const spoken = english.time(time.hours, time.minutes, time.meridiem);
    if (time.meridiem === null && meridiem !== null) return { spoken, next: meridiem === 'am' ? 'a m' : 'p m' };
    return { spoken };
  }

  // Money: `$3.50`, `-$5`, `3.50$`, `€20`, `20€`, with `million` etc. after it.
  const prefixed = /^([-−]?)(US\$|[$€£¥₹])([\d.,]+)$/u.exec(core);
  const suffixed = /^([-−]?[\d.,]+)([$€£¥₹])$/u.exec(core);
  if (prefixed || suffixed) {
    const symbol = (prefixed ? prefixed[2] : suffixed?.[2]) ?? '';
    const amount = prefixed ? `${prefixed[1]}${prefixed[3]}` : (suffixed?.[1] ?? '');
    const scale = context.next !== null && SCALE_WORDS.has(context.next.toLowerCase());
    const spoken = money(amount, symbol, scale);
    if (spoken !== null) return scale ? { spoken, next: `${context.next} ${CURRENCIES[symbol]?.many}` } : { spoken };
  }

  // Number with a unit: `5km`, `2.5 kg`, `45%`, `10°C`, `5 USD`.
  const withUnit = /^([-−]?[\d.,]*\d)(°[CF]|[%°]|[A-Za-z/]+)$/u.exec(core);
  if (withUnit) {
    const [, amount = '', unit = ''] = withUnit;
    const name = UNITS[unit] ?? UNITS[unit.toLowerCase()];
    const spokenAmount = decimal(amount);
    if (name !== undefined && spokenAmount !== null) return { spoken: `${spokenAmount} ${unitName(name, amount)}` };
  }
  const plain = decimal(core);
  if (plain !== null) {
    const next = context.next ?? '';
    const unit = UNITS[next] ?? (next.length > 1 ? UNITS[next.toLowerCase()] : undefined);
    if (unit !== undefined && !ATTACHED_ONLY.has(next)) return { spoken: plain, next: unitName(unit, core) };
    const currency = CURRENCIES[next.toUpperCase()];
    if (currency !== undefined && /^[A-Z]{3}$/u.test(next)) {
      return { spoken: plain, next: core === '1' ? currency.one : currency.many };
    }
    // A bare four-digit number from 1100 to 2099 is most often a year.
    if (/^\d{4}$/u.test(core) && Number(core) >= 1100 && Number(core) < 2100) return { spoken: englishYear(Number(core)) };
    return { spoken: plain };
  }
  // Fractions `1/2`, `3/4`: numerator and ordinal denominator.
  const fraction = /^(\d+)\/(\d+)$/u.exec(core);
  if (fraction) {
    const [top, bottom] = [Number(fraction[1]), Number(fraction[2])];
    if (bottom === 2) return { spoken: `${englishCardinal(top)} ${top === 1 ? 'half' : 'halves'}` };
    const denominator = bottom === 4 ? 'quarter' : englishOrdinal(bottom);
    return { spoken: `${englishCardinal(top)} ${denominator}${top === 1 ? '' : 's'}` };
  }
  // A range `10-20` → "ten to twenty".
  const range = /^(\d+)[-–](\d+)$/u.exec(core);
  if (range) return { spoken: `${englishCardinal(Number(range[1]))} to ${englishCardinal(Number(range[2]))}` };
  if (core === '&') return { spoken: 'and' };
  if (core === '%') return { spoken: 'percent' };
  return null;
}

export const english: LanguageNormalizer = {
  token: readToken,
  cardinal: englishCardinal,
  ordinal: englishOrdinal,
  date({ year, month, day }, context) {
    const name = month !== undefined ? (MONTHS[month - 1] ?? '') : '';
    const usOrder = /^en(-US)?$/iu.test(context.language);
    const dayWords = day !== undefined ? englishOrdinal(day) : '';
    const head = day === undefined ? name : usOrder ? `${name} ${dayWords}` : `the ${dayWords} of ${name}`;
    return year === undefined ? head : `${head}, ${englishYear(year)}`;
  },
  time(hours, minutes, meridiem) {
    const suffix = meridiem === null ? '' : meridiem === 'am' ? ' a m' : ' p m';
    if (minutes === 0) {
      if (meridiem !== null) return `${englishCardinal(hours)}${suffix}`;
      return hours > 12 || hours === 0 ? `${englishCardinal(hours)} hundred` : `${englishCardinal(hours)} o'clock`;
    }
    const mins = minutes < 10 ? `oh ${englishCardinal(minutes)}` : englishCardinal(minutes);
    return `${hours === 0 ? 'zero' : englishCardinal(hours)} ${mins}${suffix}`;
  },
  symbols: SYMBOLS,
  digits: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  letter: (character) => character.toUpperCase(),
};
