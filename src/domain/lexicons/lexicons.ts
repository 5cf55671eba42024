import type { LexiconRow, LexiconStore } from '../../db/lexicon-store.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { ipaProblem } from '../../speech/ipa-symbols.js';
import type { LexiconEntry } from '../../speech/lexicon.js';
import type { Caller } from '../accounts/accounts.js';

/**
 * Pronunciation lexicons (docs/text.md, "Lexicons"). A lexicon belongs to the account that made
 * it; when that account is in a workspace, the workspace's members may read it and use it in
 * speech requests, and its creator and the workspace owner may replace or delete it. Anyone
 * else is told it does not exist (404), never that it is someone else's.
 */

/** Entries per lexicon: a speech request merges up to three, i.e. at most 1,500 entries to match. */
export const MAX_LEXICON_ENTRIES = 500;
/** `lexicon_ids` per speech request. */
export const MAX_REQUEST_LEXICONS = 3;
export const MAX_ENTRY_TEXT = 100;
export const MAX_ENTRY_ALIAS = 200;
export const MAX_ENTRY_IPA = 200;
export const MAX_LEXICON_NAME = 100;

export interface LexiconInput {
  name: string;
  language?: string;
  entries: LexiconEntry[];
}

export interface LexiconView {
  lexicon_id: string;
  name: string;
  language: string;
  entries: LexiconEntry[];
  /** The workspace whose members share it, or null (private to its creator). */
  workspace_id: string | null;
  owner_account_id: string;
  created_at: string;
  updated_at: string;
}

export type LexiconSummary = Omit<LexiconView, 'entries'> & { entry_count: number };

const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/u;

function fail(message: string, param?: string): AppError {
  return new AppError('validation_error', message, param !== undefined ? { param } : {});
}

/** The input checked and tidied (trimmed, defaults written out), or a 422 naming the first problem. */
export function validateLexicon(input: LexiconInput): Required<LexiconInput> {
  const name = input.name.trim();
  if (name === '' || name.length > MAX_LEXICON_NAME) throw fail(`name must be 1-${MAX_LEXICON_NAME} characters`, 'name');
  const language = (input.language ?? 'en').trim();
  if (!LANGUAGE.test(language)) throw fail(`language "${language}" is not a BCP-47 tag such as en-US`, 'language');
  if (input.entries.length > MAX_LEXICON_ENTRIES) {
    throw fail(`A lexicon holds at most ${MAX_LEXICON_ENTRIES} entries; this one has ${input.entries.length}`, 'entries');
  }
  const seen = new Set<string>();
  const entries = input.entries.map((raw, i): LexiconEntry => {
    const where = `entries[${i}]`;
    const text = raw.text.trim().replace(/\s+/gu, ' ');
    if (text === '' || text.length > MAX_ENTRY_TEXT) throw fail(`${where}.text must be 1-${MAX_ENTRY_TEXT} characters`, 'entries');
    if ((raw.alias === undefined) === (raw.ipa === undefined)) throw fail(`${where} needs exactly one of alias and ipa`, 'entries');
    const caseSensitive = raw.case_sensitive === true;
    const key = caseSensitive ? `=${text}` : `~${text.toLowerCase()}`;
    if (seen.has(key)) throw fail(`${where}: "${text}" is already an entry of this lexicon`, 'entries');
    seen.add(key);
    const flag = { case_sensitive: caseSensitive };
    if (raw.alias !== undefined) {
      const alias = raw.alias.trim().replace(/\s+/gu, ' ');
      if (alias === '' || alias.length > MAX_ENTRY_ALIAS) throw fail(`${where}.alias must be 1-${MAX_ENTRY_ALIAS} characters`, 'entries');
      return { text, alias, ...flag };
    }
    const ipa = (raw.ipa ?? '').trim().replace(/\s+/gu, ' ');
    if (ipa === '' || ipa.length > MAX_ENTRY_IPA) throw fail(`${where}.ipa must be 1-${MAX_ENTRY_IPA} characters`, 'entries');
    const problem = ipaProblem(ipa);
    if (problem !== null) throw fail(`${where}.ipa "${ipa}" ${problem}`, 'entries');
    return { text, ipa, ...flag };
  });
  return { name, language, entries };
}

function view(row: LexiconRow): LexiconView {
  return {
    lexicon_id: row.id,
    name: row.name,
    language: row.language,
    entries: JSON.parse(row.entries) as LexiconEntry[],
    workspace_id: row.workspace_id,
    owner_account_id: row.account_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class LexiconService {
  constructor(private readonly store: LexiconStore) {}

  async create(caller: Caller, input: LexiconInput): Promise<LexiconView> {
    const valid = validateLexicon(input);
    const now = new Date().toISOString();
    const row: LexiconRow = {
      id: newId('lex'),
      account_id: caller.accountId,
      workspace_id: caller.workspace?.id ?? null,
      name: valid.name,
      language: valid.language,
      entries: JSON.stringify(valid.entries),
      created_at: now,
      updated_at: now,
    };
    await this.store.insert(row);
    return view(row);
  }

  async list(caller: Caller): Promise<LexiconSummary[]> {
    const rows = await this.store.listVisible(caller.accountId, caller.workspace?.id ?? null);
    return rows.map((row) => {
      const { entries, ...rest } = view(row);
      return { ...rest, entry_count: entries.length };
    });
  }

  async get(caller: Caller, id: string): Promise<LexiconView> {
    return view(await this.visible(caller, id));
  }

  async replace(caller: Caller, id: string, input: LexiconInput): Promise<LexiconView> {
    const row = await this.writable(caller, id);
    const valid = validateLexicon(input);
    const changes = { name: valid.name, language: valid.language, entries: JSON.stringify(valid.entries), updated_at: new Date().toISOString() };
    await this.store.update(id, changes);
    return view({ ...row, ...changes });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.writable(caller, id);
    await this.store.delete(id);
  }

  /**
   * The entries of a speech request's `lexicon_ids`, merged: where two lexicons hold the same
   * written form, the one listed first wins (the matcher takes the first matching entry).
   */
  async resolve(caller: Caller, ids: readonly string[]): Promise<LexiconEntry[]> {
    if (ids.length > MAX_REQUEST_LEXICONS) {
      throw fail(`At most ${MAX_REQUEST_LEXICONS} lexicon_ids are allowed per request; got ${ids.length}`, 'lexicon_ids');
    }
    const entries: LexiconEntry[] = [];
    for (const id of new Set(ids)) entries.push(...view(await this.visible(caller, id)).entries);
    return entries;
  }

  private async visible(caller: Caller, id: string): Promise<LexiconRow> {
    const row = await this.store.find(id);
    const shared = row?.workspace_id != null && row.workspace_id === caller.workspace?.id;
    if (!row || (row.account_id !== caller.accountId && !shared)) {
      throw new AppError('not_found', `Lexicon ${id} not found`, { param: 'lexicon_ids' });
    }
    return row;
  }

  /** Its creator, or the owner of the workspace it is shared in, may change it; other members may not. */
  private async writable(caller: Caller, id: string): Promise<LexiconRow> {
    const row = await this.visible(caller, id);
    if (row.account_id !== caller.accountId && caller.workspace?.role !== 'owner') {
      throw new AppError('forbidden', `Lexicon ${id} can be changed only by its creator or the workspace owner`);
    }
    return row;
  }
}
