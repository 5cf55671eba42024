import type { Store, VoiceRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { PRESETS } from '../../voices/catalog/catalog.js';
import type { AccountService, Caller } from '../accounts/accounts.js';
import type { DesignService } from './designs.js';
import type { RefinementService } from './refinements.js';
import { type ListingFilters, voicePredicate } from './voice-filters.js';
import { type Page, type VoiceView, matchesQuery, ownVoiceView, paginate, presetView } from './voice-listing.js';

export interface ListQuery extends ListingFilters {
  limit?: number;
  offset?: number;
  q?: string;
  type?: 'preset' | 'clone' | 'designed';
}

/** The catalog is fixed for the life of the process: its views are built once. */
const PRESET_VIEWS: readonly VoiceView[] = PRESETS.map(presetView);

/** Listings: the caller's own clones and designs first (newest first), then the preset catalog. */
export class VoiceLibrary {
  constructor(
    private readonly store: Store,
    private readonly accounts: AccountService,
    private readonly designs: DesignService,
    private readonly refinements: RefinementService,
  ) {}

  async list(caller: Caller, query: ListQuery): Promise<Page<VoiceView>> {
    const own = query.type === 'preset' ? [] : await this.ownViews(caller, query.type);
    const presets = query.type === undefined || query.type === 'preset' ? PRESET_VIEWS : [];
    const matches = voicePredicate(query);
    const all = [...own, ...presets].filter((v) => matchesQuery(v, query.q) && (matches === null || matches(v)));
    return paginate(all, query.offset ?? 0, query.limit);
  }

  async listOwn(caller: Caller, type: 'clone' | 'designed', query: ListQuery) {
    const views = (await this.ownViews(caller, type)).filter((v) => matchesQuery(v, query.q));
    const usage = await this.accounts.slots.usage(caller);
    const slots = type === 'clone' ? usage.clones : usage.designs;
    return { ...paginate(views, query.offset ?? 0, query.limit), used: slots.used, limit: slots.limit };
  }

  /** One voice the caller can speak with, by id or catalog slug: their own clones and designs, or a preset (404 otherwise). */
  async find(caller: Caller, idOrSlug: string): Promise<VoiceView> {
    const preset = PRESET_VIEWS.find((v) => v.id === idOrSlug || v.slug === idOrSlug);
    if (preset) return preset;
    const own = (await this.ownViews(caller)).find((v) => v.id === idOrSlug);
    if (!own) throw new AppError('voice_not_found', `No voice "${idOrSlug}"`);
    return own;
  }

  /** A saved voice's public clip link (designed voices' `preview_url`). */
  async findClip(id: string, token: string): Promise<VoiceRow> {
    const row = await this.store.findVoiceById(id);
    if (!row || !row.sample_key || row.url_token !== token || row.type !== 'designed') {
      throw new AppError('not_found', 'No such audio');
    }
    return row;
  }

  private async ownViews(caller: Caller, type?: 'clone' | 'designed'): Promise<VoiceView[]> {
    const rows = await this.store.listVoices(caller.accountId, type);
    const clones = rows.filter((row) => row.type === 'clone').map((row) => row.id);
    // One more read, and only for accounts with clones: refinements move while the voice rows stay.
    const refinements = clones.length > 0 ? await this.refinements.views(clones) : new Map();
    return rows.map((row) =>
      ownVoiceView(row, row.type === 'designed' ? this.designs.voiceClipUrl(row) : null, refinements.get(row.id)),
    );
  }
}
