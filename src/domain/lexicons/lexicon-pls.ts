import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../errors.js';
import type { LexiconEntry } from '../../speech/lexicon.js';

/**
 * W3C Pronunciation Lexicon Specification 1.0 (https://www.w3.org/TR/pronunciation-lexicon/) in and
 * out. Each `<lexeme>` gives one entry per `<grapheme>`: its first (or `prefer="true"`) `<phoneme>`
 * as IPA, else its first `<alias>`. PLS has no case rule and no name, so voicelib writes them as
 * attributes in its own namespace (`vl:case-sensitive` on a lexeme, `vl:name` on the lexicon),
 * which other PLS readers ignore; without them a lexeme is case-insensitive.
 */

export const PLS_NAMESPACE = 'http://www.w3.org/2005/01/pronunciation-lexicon';
export const VOICELIB_PLS_NAMESPACE = 'https://voicelib.dev/ns/pls';
export const PLS_MEDIA_TYPE = 'application/pls+xml';

export interface PlsLexicon {
  name: string | null;
  language: string;
  entries: LexiconEntry[];
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // `xml:lang` → `lang`, `vl:name` → `name`: prefixes vary between files, local names do not.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['lexeme', 'grapheme', 'phoneme', 'alias'].includes(name),
});

function invalid(message: string): AppError {
  return new AppError('validation_error', `Invalid PLS lexicon: ${message}`);
}

function textOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (node !== null && typeof node === 'object') {
    const text = (node as Node)['#text'];
    return typeof text === 'string' ? text : '';
  }
  return '';
}

function attribute(node: unknown, name: string): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const value = (node as Node)[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** A PLS document → entries; malformed XML is 400 `bad_request`, a wrong document 422. */
export function parsePls(xml: string): PlsLexicon {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new AppError('bad_request', `Malformed PLS XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  }
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    // Well-formed but refused by the parser: external entities (never fetched), entity limits.
    throw new AppError('bad_request', `Unreadable PLS XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = document['lexicon'];
  if (root === undefined || root === null || typeof root !== 'object') throw invalid('the root element must be <lexicon>');
  const version = attribute(root, 'version');
  if (version !== undefined && version !== '1.0') throw invalid(`version "${version}" is not 1.0`);
  const alphabet = attribute(root, 'alphabet') ?? 'ipa';
  const language = attribute(root, 'lang');
  if (language === undefined) throw invalid('<lexicon> needs an xml:lang attribute');
  const lexemes = ((root as Node)['lexeme'] as unknown[] | undefined) ?? [];
  const entries: LexiconEntry[] = [];
  lexemes.forEach((lexeme, index) => {
    const where = `lexeme #${index + 1}`;
    const graphemes = (((lexeme as Node)['grapheme'] as unknown[] | undefined) ?? []).map(textOf).filter((g) => g.trim() !== '');
    if (graphemes.length === 0) throw invalid(`${where} has no <grapheme>`);
    const phonemes = ((lexeme as Node)['phoneme'] as unknown[] | undefined) ?? [];
    const aliases = ((lexeme as Node)['alias'] as unknown[] | undefined) ?? [];
    const phoneme = phonemes.find((p) => attribute(p, 'prefer') === 'true') ?? phonemes[0];
    const caseSensitive = attribute(lexeme, 'case-sensitive') === 'true';
    let reading: Pick<LexiconEntry, 'alias' | 'ipa'>;
    if (phoneme !== undefined) {
      const phonemeAlphabet = attribute(phoneme, 'alphabet') ?? alphabet;
      if (phonemeAlphabet.toLowerCase() !== 'ipa') {
        throw invalid(`${where}: alphabet "${phonemeAlphabet}" is not supported; only "ipa" is`);
      }
      reading = { ipa: textOf(phoneme) };
    } else if (aliases.length > 0) {
      reading = { alias: textOf(aliases[0]) };
    } else {
      throw invalid(`${where} has neither <phoneme> nor <alias>`);
    }
    for (const text of graphemes) entries.push({ text, ...reading, ...(caseSensitive ? { case_sensitive: true } : {}) });
  });
  const name = attribute(root, 'name');
  return { name: name ?? null, language, entries };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  // Otherwise `vl:case-sensitive="true"` is written bare, which XML does not allow.
  suppressBooleanAttributes: false,
});

/** Entries → a PLS 1.0 document (UTF-8), one lexeme per entry, in order. */
export function buildPls(lexicon: { name: string; language: string; entries: readonly LexiconEntry[] }): string {
  const lexemes = lexicon.entries.map((entry) => ({
    ...(entry.case_sensitive ? { '@_vl:case-sensitive': 'true' } : {}),
    grapheme: entry.text,
    ...(entry.ipa !== undefined ? { phoneme: entry.ipa } : { alias: entry.alias ?? '' }),
  }));
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    lexicon: {
      '@_version': '1.0',
      '@_xmlns': PLS_NAMESPACE,
      '@_xmlns:vl': VOICELIB_PLS_NAMESPACE,
      '@_alphabet': 'ipa',
      '@_xml:lang': lexicon.language,
      '@_vl:name': lexicon.name,
      lexeme: lexemes,
    },
  }) as string;
}
