import type { VoiceRow } from '../../db/store.js';
import type { PresetVoice } from '../../voices/catalog/catalog.js';
import type { RefinementView } from './refinements.js';

/** A voice as the API shows it. */
export interface VoiceView {
  id: string;
  slug?: string;
  name: string;
  type: 'preset' | 'clone' | 'designed';
  languages: string[];
  language_code?: string;
  accent?: string;
  category?: string;
  description?: string;
  gender?: string;
  age?: string;
  /** A designed voice's labels (searchable). */
  tags?: string[];
  created_at?: string;
  preview_url?: string;
  /** Clones: their refinement, null when none is possible. */
  refinement?: RefinementView | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  count: number;
  offset: number;
  has_more: boolean;
}

export function presetView(p: PresetVoice): VoiceView {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    type: 'preset',
    languages: [...p.languages],
    language_code: p.language_code,
    accent: p.accent,
    category: p.category,
    description: p.description,
    gender: p.gender,
    age: p.age,
  };
}

export function ownVoiceView(row: VoiceRow, previewUrl: string | null, refinement?: RefinementView | null): VoiceView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    languages: JSON.parse(row.languages) as string[],
    ...(row.description ? { description: row.description } : {}),
    ...(row.tags ? { tags: JSON.parse(row.tags) as string[] } : {}),
    created_at: row.created_at,
    ...(previewUrl ? { preview_url: previewUrl } : {}),
    ...(row.type === 'clone' ? { refinement: refinement ?? null } : {}),
  };
}

/** Case-insensitive match of `q` on id, slug and name. */
export function matchesQuery(voice: VoiceView, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [voice.id, voice.slug ?? '', voice.name].some((field) => field.toLowerCase().includes(needle));
}

/** `limit` omitted returns everything from `offset` on. */
export function paginate<T>(all: readonly T[], offset = 0, limit?: number): Page<T> {
  const items = all.slice(offset, limit === undefined ? undefined : offset + limit);
  return { items, total: all.length, count: items.length, offset, has_more: offset + items.length < all.length };
}
