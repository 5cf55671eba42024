/**
 * Table types shared by the SQLite and PostgreSQL adapters. Both store booleans as 0/1
 * integers and times as ISO-8601 text so one set of queries serves both.
 */
export interface PlanRow {
  name: string;
  api_access: number;
  /** null = set per account (enterprise). */
  clone_slots: number | null;
  design_slots: number | null;
  /** 1 = slots are a lifetime cap: deleting a voice does not free one. */
  slots_lifetime: number;
  created_at: string;
}

export interface AccountRow {
  id: string;
  name: string | null;
  plan: string;
  points: number;
  clone_slots_override: number | null;
  design_slots_override: number | null;
  /** Voices ever created, for lifetime slot caps. */
  clones_created: number;
  designs_created: number;
  created_at: string;
}

export interface ApiKeyRow {
  id: string;
  account_id: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  /** First characters of the key, to recognise it in listings. */
  key_hint: string;
  name: string | null;
  created_at: string;
  revoked_at: string | null;
}

export interface LedgerRow {
  id: string;
  account_id: string;
  /** Signed change of the balance in points. */
  amount: number;
  balance_after: number;
  reason: string;
  ref_type: string | null;
  ref_id: string | null;
  created_at: string;
}

export interface WorkspaceRow {
  id: string;
  name: string;
  owner_account_id: string;
  created_at: string;
}

export interface WorkspaceMemberRow {
  workspace_id: string;
  account_id: string;
  role: string;
  created_at: string;
}

export interface VoiceRow {
  id: string;
  account_id: string;
  slot_owner_id: string;
  type: 'clone' | 'designed';
  name: string;
  /** JSON array of language codes. */
  languages: string;
  description: string | null;
  /** JSON array of labels. */
  tags: string | null;
  /** JSON voice identity: measured traits and per-engine realisation. */
  identity: string;
  /** Blob-store key of the stored sample or audition clip. */
  sample_key: string | null;
  sample_mime: string | null;
  /** Secret part of the public link to the stored clip. */
  url_token: string | null;
  created_at: string;
}

/** A clone's refinement in its speaker's voice (migration 0009). */
export interface RefinementRow {
  voice_id: string;
  account_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** The engine the voice is refined on. */
  engine: string;
  /** JSON of the refinement's job (domain/voices/refinements.ts). */
  job: string;
  /** Speaker similarity of the best fit so far to the recording, null until measured. */
  similarity: number | null;
  start_similarity: number | null;
  cpu_seconds: number;
  evaluations: number;
  /** JSON of the search state, null before the first step. */
  checkpoint: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface DesignPreviewRow {
  id: string;
  /** Previews of one call share a batch; saving one discards the others. */
  batch_id: string;
  account_id: string;
  language: string;
  prompt: string;
  text: string;
  identity: string;
  audio_key: string;
  mime_type: string;
  url_token: string;
  created_at: string;
  expires_at: string;
}

export interface GenerationRow {
  id: string;
  account_id: string;
  key_id: string;
  status: 'pending' | 'ready' | 'failed';
  model: string;
  voice_id: string;
  engine: string;
  format: string;
  mime_type: string;
  extension: string;
  sample_rate: number;
  characters: number;
  points_used: number;
  duration_seconds: number;
  audio_key: string;
  audio_bytes: number;
  url_token: string;
  words: string | null;
  /** The text spoken, as the request gave it (migration 0010); null on older records. */
  text: string | null;
  error_code: string | null;
  error_message: string | null;
  upload_attempts: number;
  created_at: string;
  ready_at: string | null;
}

/** Points held for a paid operation while it runs (see docs/reliability.md). */
export interface ReservationRow {
  id: string;
  account_id: string;
  /** Points debited when the reservation was taken. */
  amount: number;
  reason: string;
  ref_type: string;
  ref_id: string;
  status: 'open' | 'settled' | 'refunded';
  holder: string;
  /** JSON array of blob keys the unfinished work may have written. */
  artifacts: string;
  created_at: string;
  closed_at: string | null;
}

/**
 * An `Idempotency-Key` an account used: claimed while its request runs, then the response to
 * replay for 24 h (see docs/reliability.md).
 */
export interface IdempotencyKeyRow {
  account_id: string;
  key: string;
  /** sha256 of method, route and canonical JSON body: another body under the same key is refused. */
  fingerprint: string;
  status: 'in_progress' | 'completed';
  /** The server process that runs the request; start-up releases other processes' claims. */
  holder: string;
  response_status: number | null;
  /** JSON object of the response headers replayed with the body. */
  response_headers: string | null;
  response_body: string | null;
  response_encoding: 'utf8' | 'base64' | null;
  created_at: string;
  expires_at: string;
}

/** A pronunciation lexicon (docs/text.md); `entries` is a JSON array. */
export interface LexiconRow {
  id: string;
  account_id: string;
  /** The creator's workspace when it was created: its members may read and use the lexicon. */
  workspace_id: string | null;
  name: string;
  language: string;
  entries: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  lexicons: LexiconRow;
  idempotency_keys: IdempotencyKeyRow;
  reservations: ReservationRow;
  design_previews: DesignPreviewRow;
  generations: GenerationRow;
  voices: VoiceRow;
  voice_refinements: RefinementRow;
  plans: PlanRow;
  accounts: AccountRow;
  api_keys: ApiKeyRow;
  ledger: LedgerRow;
  workspaces: WorkspaceRow;
  workspace_members: WorkspaceMemberRow;
}
