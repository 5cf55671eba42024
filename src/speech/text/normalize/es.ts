import { isEmail, isUrl, parseDate, parseNumber, parseTime, readAddress, readDecimal, type UnitName } from './shared.js';
import type { LanguageNormalizer, Reading, TokenContext } from './types.js';

/** Spanish (Spain and Latin America alike): numbers, money, dates, times, ordinals, units, abbreviations. */

const ONES = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece',
  'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós',
  'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos',
  'ochocientos', 'novecientos',
];
const MONTHS = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre',
  'diciembre',
];

function underThousand(n: number): string {
  if (n === 100) return 'cien';
  const hundreds = HUNDREDS[Math.floor(n / 100)] ?? '';
  const rest = n % 100;
  const tail = rest === 0 ? '' : rest < 30 ? (ONES[rest] ?? '') : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` y ${ONES[rest % 10]}` : ''}`;
  return [hundreds, tail].filter((p) => p !== '').join(' ');
}

/** "uno" → "un" before a noun (`veintiún euros`, `un millón`). */
function apocope(words: string): string {
  return words.replace(/veintiuno$/u, 'veintiún').replace(/uno$/u, 'un');
}

export function spanishCardinal(value: number): string {
  let n = Math.floor(Math.abs(value));
  if (n === 0) return 'cero';
  const parts: string[] = [];
  const millions = Math.floor(n / 1e6);
  if (millions > 0) {
    parts.push(millions === 1 ? 'un millón' : `${apocope(spanishCardinal(millions))} millones`);
    n %= 1e6;
  }
  const thousands = Math.floor(n / 1000);
  if (thousands > 0) parts.push(thousands === 1 ? 'mil' : `${apocope(underThousand(thousands))} mil`);
  if (n % 1000 > 0) parts.push(underThousand(n % 1000));
  return parts.join(' ');
}

const ORDINALS = ['', 'primero', 'segundo', 'tercero', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'];
const FEMININE_ORDINALS = ORDINALS.map((o) => (o === '' ? '' : `${o.slice(0, -1)}a`));

export function spanishOrdinal(value: number, feminine = false): string {
  if (value >= 1 && value <= 10) return (feminine ? FEMININE_ORDINALS : ORDINALS)[value] ?? '';
  return spanishCardinal(value);
}

const ABBREVIATIONS: Record<string, string> = {
  'sr.': 'señor', 'sra.': 'señora', 'srta.': 'señorita', 'dr.': 'doctor', 'dra.': 'doctora', 'ud.': 'usted',
  'uds.': 'ustedes', 'etc.': 'etcétera', 'núm.': 'número', 'pág.': 'página', 'tel.': 'teléfono', 'av.': 'avenida',
  'avda.': 'avenida', 'aprox.': 'aproximadamente', 'prof.': 'profesor', 'depto.': 'departamento', 'ej.': 'ejemplo',
};
const CURRENCIES: Record<string, { one: string; many: string }> = {
  '€': { one: 'euro', many: 'euros' }, EUR: { one: 'euro', many: 'euros' }, $: { one: 'dólar', many: 'dólares' },
  USD: { one: 'dólar', many: 'dólares' }, '£': { one: 'libra', many: 'libras' }, '¥': { one: 'yen', many: 'yenes' },
};
const UNITS: Record<string, UnitName> = {
  km: { one: 'kilómetro', many: 'kilómetros' }, m: { one: 'metro', many: 'metros' }, cm: { one: 'centímetro', many: 'centímetros' },
  mm: { one: 'milímetro', many: 'milímetros' }, kg: { one: 'kilogramo', many: 'kilogramos' }, g: { one: 'gramo', many: 'gramos' },
  l: { one: 'litro', many: 'litros' }, ml: { one: 'mililitro', many: 'mililitros' },
  'km/h': { one: 'kilómetro por hora', many: 'kilómetros por hora' }, '°C': { one: 'grado Celsius', many: 'grados Celsius' },
  '°': { one: 'grado', many: 'grados' }, '%': { one: 'por ciento', many: 'por ciento' }, h: { one: 'hora', many: 'horas' },
  min: { one: 'minuto', many: 'minutos' }, s: { one: 'segundo', many: 'segundos' },
  GB: { one: 'gigabyte', many: 'gigabytes' }, MB: { one: 'megabyte', many: 'megabytes' },
};
const SYMBOLS: Record<string, string> = {
  '.': 'punto', '@': 'arroba', '/': 'barra', ':': 'dos puntos', '-': 'guion', _: 'guion bajo', '+': 'más',
  '%': 'por ciento', '&': 'y', '#': 'almohadilla', '=': 'igual', '?': 'interrogación',
};

const number = (text: string) => parseNumber(text, ',', '.');

function amount(text: string, beforeNoun: boolean): string | null {
  const parsed = number(text);
  if (parsed === null) return null;
  const words = readDecimal(parsed, spanish, 'coma', 'menos');
  return beforeNoun && parsed.fraction === '' ? apocope(words) : words;
}

function money(text: string, symbol: string): string | null {
  const currency = CURRENCIES[symbol];
  const parsed = number(text);
  if (currency === undefined || parsed === null) return null;
  const whole = `${apocope(spanishCardinal(parsed.integer))} ${parsed.integer === 1 ? currency.one : currency.many}`;
  if (parsed.fraction.length !== 2 || Number(parsed.fraction) === 0) return `${parsed.negative ? 'menos ' : ''}${whole}`;
  const cents = Number(parsed.fraction);
  return `${parsed.negative ? 'menos ' : ''}${whole} con ${apocope(spanishCardinal(cents))} ${cents === 1 ? 'céntimo' : 'céntimos'}`;
}

function readToken(core: string, context: TokenContext): Reading | null {
  const abbreviation = ABBREVIATIONS[core.toLowerCase()];
  if (abbreviation !== undefined) return { spoken: abbreviation };
  if (isEmail(core) || isUrl(core)) return { spoken: readAddress(core, spanish) };
  const ordinal = /^(\d+)\.?([ºª°]|er|o|a)$/u.exec(core);
  if (ordinal && ordinal[2] !== '°') return { spoken: spanishOrdinal(Number(ordinal[1]), ordinal[2] === 'ª' || ordinal[2] === 'a') };
  const date = parseDate(core, true);
  if (date) return { spoken: spanish.date(date, context) };
  const time = parseTime(core);
  if (time) return { spoken: spanish.time(time.hours, time.minutes, time.meridiem) };
  const prefixed = /^([$€£¥])([\d.,]+)$/u.exec(core);
  const suffixed = /^([-−]?[\d.,]+)([$€£¥])$/u.exec(core);
  if (prefixed || suffixed) {
    const spoken = prefixed ? money(prefixed[2] ?? '', prefixed[1] ?? '') : money(suffixed?.[1] ?? '', suffixed?.[2] ?? '');
    if (spoken !== null) return { spoken };
  }
  const withUnit = /^([-−]?[\d.,]*\d)(°C|[%°]|[A-Za-z/]+)$/u.exec(core);
  if (withUnit) {
    const unit = UNITS[withUnit[2] ?? ''];
    const spoken = amount(withUnit[1] ?? '', true);
    if (unit !== undefined && spoken !== null) return { spoken: `${spoken} ${withUnit[1] === '1' ? unit.one : unit.many}` };
  }
  if (number(core) !== null) {
    const next = context.next ?? '';
    const currency = CURRENCIES[next];
    if (currency !== undefined) {
      const parsed = number(core);
      const cents = parsed && parsed.fraction.length === 2 ? Number(parsed.fraction) : 0;
      const whole = `${apocope(spanishCardinal(parsed?.integer ?? 0))}`;
      const unit = parsed?.integer === 1 ? currency.one : currency.many;
      return cents > 0
        ? { spoken: whole, next: `${unit} con ${apocope(spanishCardinal(cents))} ${cents === 1 ? 'céntimo' : 'céntimos'}` }
        : { spoken: whole, next: unit };
    }
    const unit = UNITS[next];
    if (unit !== undefined && next.length > 1) {
      return { spoken: amount(core, true) ?? core, next: core === '1' ? unit.one : unit.many };
    }
    return { spoken: amount(core, false) ?? core };
  }
  const range = /^(\d+)[-–](\d+)$/u.exec(core);
  if (range) return { spoken: `${spanishCardinal(Number(range[1]))} a ${spanishCardinal(Number(range[2]))}` };
  if (core === '%') return { spoken: 'por ciento' };
  return null;
}

export const spanish: LanguageNormalizer = {
  token: readToken,
  cardinal: spanishCardinal,
  ordinal: (value) => spanishOrdinal(value),
  date({ year, month, day }) {
    const parts: string[] = [];
    if (day !== undefined) parts.push(day === 1 ? 'uno' : spanishCardinal(day));
    if (month !== undefined) parts.push(`${parts.length > 0 ? 'de ' : ''}${MONTHS[month - 1]}`);
    if (year !== undefined) parts.push(`de ${spanishCardinal(year)}`);
    return parts.join(' ');
  },
  time(hours, minutes, meridiem) {
    const h = hours === 1 || hours === 13 ? 'una' : spanishCardinal(hours);
    const suffix = meridiem === null ? '' : meridiem === 'am' ? ' de la mañana' : ' de la tarde';
    return minutes === 0 ? `${h} en punto${suffix}` : `${h} y ${spanishCardinal(minutes)}${suffix}`;
  },
  symbols: SYMBOLS,
  digits: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'],
  letter: (character) => character.toUpperCase(),
};
