/**
 * The few BCP-47 operations the language list needs: parse a tag into its language, script and
 * region subtags (ignoring variants, extensions and private use), and print it in canonical case.
 * Written out rather than taken from `Intl.Locale` so that the result does not depend on the ICU
 * version of the Node.js running the service.
 */

/** The parts of a language tag that matter for choosing a language and an accent. */
export interface TagParts {
  /** Lower case, 2-3 letters (an extlang, as in `zh-yue`, replaces its prefix: `yue`). */
  language: string;
  /** Title case (`Latn`), when present. */
  script?: string;
  /** Upper case letters (`GB`) or three digits (`419`), when present. */
  region?: string;
}

const LANGUAGE = /^[a-z]{2,3}$/;
const EXTLANG = /^[a-z]{3}$/;
const SCRIPT = /^[a-z]{4}$/;
const REGION = /^(?:[a-z]{2}|\d{3})$/;
const VARIANT = /^(?:[a-z\d]{5,8}|\d[a-z\d]{3})$/;
const SINGLETON = /^[a-wyz\d]$/;

/**
 * Parses `en`, `en-US`, `EN_us`, `zh-Hant-TW`, `es-419`, `zh-yue-HK`, `sr-Latn-RS-x-foo`.
 * Returns null when the input is not a well-formed tag with a 2-3 letter language.
 *
 * @example parseTag('en_gb') // { language: 'en', region: 'GB' }
 */
export function parseTag(input: string): TagParts | null {
  const parts = input.trim().replaceAll('_', '-').toLowerCase().split('-');
  let language = parts[0] ?? '';
  if (!LANGUAGE.test(language)) return null;
  let index = 1;
  // Up to three extlang subtags; the first one is the language itself (`zh-cmn` = `cmn`).
  for (let count = 0; count < 3 && EXTLANG.test(parts[index] ?? ''); count += 1, index += 1) {
    if (count === 0) language = parts[index] ?? language;
  }
  const result: TagParts = { language };
  if (SCRIPT.test(parts[index] ?? '')) {
    result.script = titleCase(parts[index] ?? '');
    index += 1;
  }
  if (REGION.test(parts[index] ?? '')) {
    result.region = (parts[index] ?? '').toUpperCase();
    index += 1;
  }
  // The rest must still be well formed: variants, then extensions / private use.
  while (index < parts.length && VARIANT.test(parts[index] ?? '')) index += 1;
  if (index === parts.length) return result;
  const rest = parts.slice(index);
  return wellFormedTail(rest) ? result : null;
}

function wellFormedTail(parts: string[]): boolean {
  let index = 0;
  while (index < parts.length) {
    const singleton = parts[index] ?? '';
    if (singleton === 'x')
      return index + 1 < parts.length && parts.slice(index + 1).every((p) => /^[a-z\d]{1,8}$/.test(p));
    if (!SINGLETON.test(singleton)) return false;
    index += 1;
    const start = index;
    while (index < parts.length && /^[a-z\d]{2,8}$/.test(parts[index] ?? '')) index += 1;
    if (index === start) return false;
  }
  return true;
}

/** `en-Latn-GB` from its parts; parts left out are omitted. */
export function formatTag(parts: TagParts): string {
  return [parts.language, parts.script, parts.region].filter((part) => part !== undefined).join('-');
}

function titleCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

/** Whether a region subtag names a country or territory (`GB`) rather than an area code (`419`). */
export function isCountry(region: string | undefined): region is string {
  return region !== undefined && /^[A-Z]{2}$/.test(region);
}

/** Code-point order, independent of the process locale (unlike `localeCompare`). */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Region subtags reserved for private use or "unknown" (AA, QM-QZ, XA-XZ, ZZ): no real territory. */
export function isPrivateRegion(region: string): boolean {
  return /^(?:AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(region);
}
