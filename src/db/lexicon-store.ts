import type { Db } from './database.js';
import type { LexiconRow } from './schema.js';

export type { LexiconRow } from './schema.js';


/** SQL of the `lexicons` table (SQLite and PostgreSQL through Kysely). */
export class LexiconStore {
  constructor(private readonly db: Db) {}

  async insert(row: LexiconRow): Promise<void> {
    await this.db.insertInto('lexicons').values(row).execute();
  }

  find(id: string): Promise<LexiconRow | undefined> {
    return this.db.selectFrom('lexicons').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The lexicons an account made, and those of its workspace (`workspaceId`), oldest first. */
  listVisible(accountId: string, workspaceId: string | null): Promise<LexiconRow[]> {
    return this.db
      .selectFrom('lexicons')
      .selectAll()
      .where((eb) =>
        workspaceId === null
          ? eb('account_id', '=', accountId)
          : eb.or([eb('account_id', '=', accountId), eb('workspace_id', '=', workspaceId)]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async update(id: string, changes: Pick<LexiconRow, 'name' | 'language' | 'entries' | 'updated_at'>): Promise<void> {
    await this.db.updateTable('lexicons').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('lexicons').where('id', '=', id).execute();
  }
}
