import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

/**
 * Migrations written with Kysely's schema builder so the same steps run on SQLite and
 * PostgreSQL. Times are ISO text, booleans 0/1, money `bigint` (points).
 * Append new migrations; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plans')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('api_access', 'integer', (c) => c.notNull())
        .addColumn('clone_slots', 'integer')
        .addColumn('design_slots', 'integer')
        .addColumn('slots_lifetime', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('plan', 'text', (c) => c.notNull().references('plans.name'))
        .addColumn('points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('clone_slots_override', 'integer')
        .addColumn('design_slots_override', 'integer')
        .addColumn('clones_created', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('designs_created', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('accounts_points_non_negative', sql`points >= 0`)
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('key_hint', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

      await db.schema
        .createTable('ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('ref_type', 'text')
        .addColumn('ref_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_account').on('ledger').columns(['account_id', 'created_at']).execute();
      await db.schema.createIndex('ledger_ref').on('ledger').columns(['ref_type', 'ref_id']).execute();

      await db.schema
        .createTable('workspaces')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('owner_account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('workspace_members')
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // An account belongs to at most one workspace: its plan and slots come from one owner.
        .addPrimaryKeyConstraint('workspace_members_pk', ['account_id'])
        .execute();

      // Default plans from decisions.md; operators change them with `voicelib admin plan set`.
      const now = new Date().toISOString();
      const plans = [
        ['free', 0, 1, 1, 1],
        ['starter', 0, 5, 5, 0],
        ['pro', 1, 20, 20, 0],
        ['business', 1, 100, 100, 0],
        ['enterprise', 1, null, null, 0],
      ] as const;
      for (const [name, apiAccess, clones, designs, lifetime] of plans) {
        await sql`insert into plans (name, api_access, clone_slots, design_slots, slots_lifetime, created_at)
                  values (${name}, ${apiAccess}, ${clones}, ${designs}, ${lifetime}, ${now})`.execute(db);
      }
    },
  },
  '0002_voices': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('voices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // The creator owns the voice; the slot owner (workspace owner or self) pays the slot.
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('slot_owner_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('languages', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('tags', 'text')
        .addColumn('identity', 'text', (c) => c.notNull())
        .addColumn('sample_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('voices_account').on('voices').columns(['account_id', 'type', 'created_at']).execute();
      await db.schema.createIndex('voices_slot_owner').on('voices').columns(['slot_owner_id', 'type']).execute();
    },
  },
  '0003_generations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('generations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('key_id', 'text', (c) => c.notNull())
        // pending → ready (upload finished) or failed (upload failed for good)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('voice_id', 'text', (c) => c.notNull())
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('sample_rate', 'integer', (c) => c.notNull())
        .addColumn('characters', 'integer', (c) => c.notNull())
        .addColumn('points_used', 'integer', (c) => c.notNull())
        .addColumn('duration_seconds', 'real', (c) => c.notNull())
        .addColumn('audio_key', 'text', (c) => c.notNull())
        .addColumn('audio_bytes', 'integer', (c) => c.notNull())
        // secret part of the hosted audio URL; the URL stops working when the row is deleted
        .addColumn('url_token', 'text', (c) => c.notNull())
        // JSON [{word,start,end}] or null for a generation without stored timings
        .addColumn('words', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('upload_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ready_at', 'text')
        .execute();
      await db.schema.createIndex('generations_account').on('generations').columns(['account_id', 'created_at']).execute();
      await db.schema.createIndex('generations_status').on('generations').column('status').execute();
    },
  },
  '0004_voice_library': {
    async up(db: Kysely<unknown>) {
      // Secret part of a saved design's public preview_url (and of a clone's sample link).
      await db.schema.alterTable('voices').addColumn('url_token', 'text').execute();
      await db.schema.alterTable('voices').addColumn('sample_mime', 'text').execute();
      await db.schema
        .createTable('design_previews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('batch_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('prompt', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('identity', 'text', (c) => c.notNull())
        .addColumn('audio_key', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('url_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('design_previews_account').on('design_previews').column('account_id').execute();
    },
  },
  '0005_reservations': {
    async up(db: Kysely<unknown>) {
      // A paid operation's points are taken together with this row and given back (or kept)
      // together with its closing; start-up reconciles rows a killed process left `open`.
      await db.schema
        .createTable('reservations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        // ledger reason of the debit, e.g. `generation`, `design_previews`
        .addColumn('reason', 'text', (c) => c.notNull())
        // what the points pay for: `generation`/gen_…, `design_batch`/batch_…
        .addColumn('ref_type', 'text', (c) => c.notNull())
        .addColumn('ref_id', 'text', (c) => c.notNull())
        // open → settled (the result committed) or refunded (failed, or abandoned by a crash)
        .addColumn('status', 'text', (c) => c.notNull())
        // the server process that took it; start-up only reconciles other processes' rows
        .addColumn('holder', 'text', (c) => c.notNull())
        // JSON array of blob keys the work may write before it settles (removed if abandoned)
        .addColumn('artifacts', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .execute();
      await db.schema.createIndex('reservations_status').on('reservations').column('status').execute();
      await db.schema.createIndex('reservations_ref').on('reservations').columns(['ref_type', 'ref_id']).execute();
    },
  },
  '0006_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      // One row per (account, Idempotency-Key): the claim while the request runs, then the
      // response replayed to retries until `expires_at` (24 h), when a sweep deletes it.
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        // in_progress → completed; a failed request deletes its row (nothing to replay)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_headers', 'text')
        // the body as sent: UTF-8 text (JSON), or base64 for binary bodies (streamed audio)
        .addColumn('response_body', 'text')
        .addColumn('response_encoding', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();
      await db.schema.createIndex('idempotency_keys_status').on('idempotency_keys').columns(['status', 'holder']).execute();
      },
    },
  '0007_generations_history': {
    async up(db: Kysely<unknown>) {
      // GET /api/v1/tts pages an account's generations newest first on (created_at, id): this index
      // serves that order and the keyset condition without a sort, on SQLite and PostgreSQL alike.
      await db.schema
        .createIndex('generations_account_history')
        .on('generations')
        .columns(['account_id', 'created_at', 'id'])
        .execute();
    },
  },
  '0008_lexicons': {
    async up(db: Kysely<unknown>) {
      // Pronunciation lexicons (docs/text.md): the creator owns one; `workspace_id` is the
      // creator's workspace when it was made, whose members may read and use it.
      await db.schema
        .createTable('lexicons')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('workspace_id', 'text', (c) => c.references('workspaces.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        // BCP-47 tag, the PLS `xml:lang`
        .addColumn('language', 'text', (c) => c.notNull())
        // JSON array of { text, alias | ipa, case_sensitive }, in the order given
        .addColumn('entries', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lexicons_account').on('lexicons').columns(['account_id', 'created_at']).execute();
      await db.schema.createIndex('lexicons_workspace').on('lexicons').columns(['workspace_id', 'created_at']).execute();
    },
  },
  '0009_voice_refinements': {
    async up(db: Kysely<unknown>) {
      // A clone's refinement (docs/voices.md, "Refinement"): one row per clone being or having been
      // refined, removed with its voice. `checkpoint` is the whole search state (JSON, ~200 KB), so a
      // restarted process resumes where the last one stopped.
      await db.schema
        .createTable('voice_refinements')
        .addColumn('voice_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        // queued | running | done | failed
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('engine', 'text', (c) => c.notNull())
        // JSON: the start realization, language, transcript, seed, budget and target pitch
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('similarity', 'double precision')
        .addColumn('start_similarity', 'double precision')
        .addColumn('cpu_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('evaluations', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('checkpoint', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('voice_refinements_status').on('voice_refinements').columns(['status', 'created_at']).execute();
    },
  },
  '0010_generation_text': {
    async up(db: Kysely<unknown>) {
      // The text a generation spoke, as the request gave it (history in the API and Studio; deleted
      // with the generation). Null for generations made before this column existed.
      await db.schema.alterTable('generations').addColumn('text', 'text').execute();
    },
  },
};

/** Hands Kysely's Migrator the in-code migrations, in name order. */
export class CodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}
