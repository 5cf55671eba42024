import type { Db } from './database.js';
import type { RefinementRow } from './schema.js';

export type { RefinementRow } from './schema.js';

/** What a step of a refinement changes: its row, and the voice's identity when the fit improved. */
export interface RefinementStep {
  status: RefinementRow['status'];
  similarity: number | null;
  start_similarity: number | null;
  cpu_seconds: number;
  evaluations: number;
  checkpoint: string | null;
  error?: string | null;
  updated_at: string;
  /** The voice's new identity JSON, when the best fit changed. */
  identity?: string;
}

/** SQL of the `voice_refinements` table (SQLite and PostgreSQL through Kysely). */
export class RefinementStore {
  constructor(private readonly db: Db) {}

  async insert(row: RefinementRow): Promise<void> {
    await this.db.insertInto('voice_refinements').values(row).execute();
  }

  find(voiceId: string): Promise<RefinementRow | undefined> {
    return this.db.selectFrom('voice_refinements').selectAll().where('voice_id', '=', voiceId).executeTakeFirst();
  }

  /** Status and similarity of several voices' refinements (listings), without their checkpoints. */
  async summaries(voiceIds: readonly string[]): Promise<Array<Pick<RefinementRow, 'voice_id' | 'status' | 'similarity' | 'updated_at'>>> {
    if (voiceIds.length === 0) return [];
    return this.db
      .selectFrom('voice_refinements')
      .select(['voice_id', 'status', 'similarity', 'updated_at'])
      .where('voice_id', 'in', [...voiceIds])
      .execute();
  }

  /** Refinements not finished (queued, or running when their process stopped), oldest first. */
  async unfinished(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('voice_refinements')
      .select('voice_id')
      .where('status', 'in', ['queued', 'running'])
      .orderBy('created_at')
      .orderBy('voice_id')
      .execute();
    return rows.map((row) => row.voice_id);
  }

  /**
   * Records a step: the row's progress and, in the same transaction, the voice's identity when the
   * fit improved. False when the refinement is gone (its voice was deleted): the caller stops.
   */
  async recordStep(voiceId: string, step: RefinementStep): Promise<boolean> {
    const { identity, ...row } = step;
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('voice_refinements').set(row).where('voice_id', '=', voiceId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      if (identity !== undefined) await trx.updateTable('voices').set({ identity }).where('id', '=', voiceId).execute();
      return true;
    });
  }

  async delete(voiceId: string): Promise<void> {
    await this.db.deleteFrom('voice_refinements').where('voice_id', '=', voiceId).execute();
  }
}
