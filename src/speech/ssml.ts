import { AppError } from '../errors.js';
import { ipaProblem } from './ipa-symbols.js';

/**
 * SSML-like tags other than `<break>` (markup.ts): which ones change how text is read, which are
 * structure, and what each does. None is ever read aloud; tags this service does not act on are
 * removed with a warning, and their text is read as written.
 */

export interface TextWarning {
  /** `unknown_tag` (a `[word]` or `<tag>` this service does not know), `unsupported_tag`, `unsupported_attribute`, `ignored_tag`. */
  code: string;
  message: string;
}

/** What an open element does to the text inside it. */
export interface TagEffect {
  sayAs?: { interpretAs: string; format?: string };
  alias?: string;
  /** `<phoneme alphabet="ipa" ph>`: the IPA engines that take IPA speak for the text inside. */
  ipa?: string;
  /** Multiplier on the speaking rate. */
  rate?: number;
  /** Shift of the base pitch in semitones. */
  pitchSemitones?: number;
  /** A word boundary at the tag (paragraphs, sentences). */
  boundary?: boolean;
}

export const SAY_AS_KINDS = new Set([
  'characters', 'spell-out', 'cardinal', 'number', 'ordinal', 'digits', 'date', 'time', 'telephone', 'verbatim', 'expletive',
]);

const RATES: Record<string, number> = { 'x-slow': 0.6, slow: 0.8, medium: 1, default: 1, fast: 1.25, 'x-fast': 1.5 };
const PITCHES: Record<string, number> = { 'x-low': -4, low: -2, medium: 0, default: 0, high: 2, 'x-high': 4 };
/** Emphasis as slower and higher speech (SSML leaves the realization to the synthesizer). */
const EMPHASIS: Record<string, { rate: number; pitchSemitones: number }> = {
  strong: { rate: 0.85, pitchSemitones: 2 },
  moderate: { rate: 0.92, pitchSemitones: 1 },
  none: { rate: 1, pitchSemitones: 0 },
  reduced: { rate: 1.08, pitchSemitones: -1 },
};
const STRUCTURE = new Set(['speak', 'p', 's', 'paragraph', 'sentence']);
const SILENT = new Set(['mark']);
const CONTENT_ONLY = new Set(['voice', 'lang', 'audio', 'amazon:effect', 'amazon:domain', 'w', 'token']);

const ATTRIBUTE = /([^\s=]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/gu;

export function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name) attributes[name] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/** A rate as SSML writes it: a keyword, `80%`, `+10%`, or a bare multiplier; clamped to 0.5-2. */
function parseRate(value: string): number | null {
  const keyword = RATES[value.toLowerCase()];
  if (keyword !== undefined) return keyword;
  const percent = /^([+-]?)(\d+(?:\.\d+)?)%$/u.exec(value.trim());
  if (percent) {
    const amount = Number(percent[2]) / 100;
    const rate = percent[1] === '' ? amount : 1 + (percent[1] === '-' ? -amount : amount);
    return clamp(rate, 0.5, 2);
  }
  const plain = /^\d+(?:\.\d+)?$/u.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isFinite(plain) && plain > 0 ? clamp(plain, 0.5, 2) : null;
}

/** A pitch as semitones: a keyword, `+2st`, or a relative `+10%`; clamped to ±12. */
function parsePitch(value: string): number | null {
  const keyword = PITCHES[value.toLowerCase()];
  if (keyword !== undefined) return keyword;
  const semitones = /^([+-]?\d+(?:\.\d+)?)st$/u.exec(value.trim());
  if (semitones) return clamp(Number(semitones[1]), -12, 12);
  const percent = /^([+-]\d+(?:\.\d+)?)%$/u.exec(value.trim());
  if (percent) return clamp(12 * Math.log2(Math.max(0.1, 1 + Number(percent[1]) / 100)), -12, 12);
  return null;
}

/**
 * The IPA of a `<phoneme>` tag, as lexicon IPA is taken (docs/text.md): `alphabet` `ipa` (the
 * default here), `ph` in the symbols the IPA engines say, else 422 `validation_error` (the request
 * is refused before anything is charged). Another alphabet or no `ph` is a warning: the text inside
 * is read as written. Whether the engine then takes the IPA is decided per request (an engine
 * without IPA input reads the text and a warning says so).
 */
function phonemeIpa(attributes: Record<string, string>, tag: string): string | TextWarning {
  const alphabet = (attributes['alphabet'] ?? 'ipa').trim().toLowerCase();
  const ph = (attributes['ph'] ?? '').trim().replace(/\s+/gu, ' ');
  if (alphabet !== 'ipa') {
    return { code: 'unsupported_attribute', message: `${tag}: alphabet "${alphabet}" is not supported (only ipa); the text inside is read as written` };
  }
  if (ph === '') return { code: 'unsupported_attribute', message: `${tag}: <phoneme> needs a ph attribute; the text inside is read as written` };
  const problem = ipaProblem(ph);
  if (problem !== null) throw new AppError('validation_error', `${tag}: ph "${ph}" ${problem}`);
  return ph;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The effect of an opening (or self-closing) tag, and any warning it earns. `tag` is the tag as
 * written, for messages.
 */
export function interpretTag(name: string, attributes: Record<string, string>, tag: string): { effect: TagEffect; warnings: TextWarning[] } {
  const lower = name.toLowerCase();
  const warnings: TextWarning[] = [];
  const effect: TagEffect = {};
  const unsupported = (attribute: string) =>
    warnings.push({ code: 'unsupported_attribute', message: `${tag}: the attribute ${attribute} is not supported and was ignored` });
  if (STRUCTURE.has(lower)) effect.boundary = true;
  else if (SILENT.has(lower)) effect.boundary = false;
  else if (lower === 'say-as') {
    const kind = (attributes['interpret-as'] ?? '').toLowerCase();
    if (SAY_AS_KINDS.has(kind)) {
      effect.sayAs = { interpretAs: kind, ...(attributes['format'] ? { format: attributes['format'] } : {}) };
    } else {
      warnings.push({ code: 'unsupported_attribute', message: `${tag}: interpret-as "${kind}" is not supported; the text is read as written` });
    }
  } else if (lower === 'sub') {
    if (attributes['alias'] !== undefined) effect.alias = attributes['alias'];
    else warnings.push({ code: 'unsupported_attribute', message: `${tag}: <sub> needs an alias; the text is read as written` });
  } else if (lower === 'phoneme') {
    const ipa = phonemeIpa(attributes, tag);
    if (typeof ipa === 'string') effect.ipa = ipa;
    else warnings.push(ipa);
  } else if (lower === 'emphasis') {
    const level = EMPHASIS[(attributes['level'] ?? 'moderate').toLowerCase()];
    if (level === undefined) unsupported(`level=${attributes['level']}`);
    else Object.assign(effect, { rate: level.rate, pitchSemitones: level.pitchSemitones });
  } else if (lower === 'prosody') {
    for (const [key, value] of Object.entries(attributes)) {
      const rate = key === 'rate' ? parseRate(value) : null;
      const pitch = key === 'pitch' ? parsePitch(value) : null;
      if (rate !== null) effect.rate = rate;
      else if (pitch !== null) effect.pitchSemitones = pitch;
      else unsupported(`${key}="${value}"`);
    }
  } else if (CONTENT_ONLY.has(lower)) {
    warnings.push({ code: 'unsupported_tag', message: `${tag}: <${lower}> is not supported; the tag was removed and its text is read` });
  } else {
    warnings.push({ code: 'unknown_tag', message: `${tag}: unknown tag removed; its text is read` });
  }
  return { effect, warnings };
}
