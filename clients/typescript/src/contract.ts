/**
 * Wire types of the endpoints that the served document of the version this client was last
 * generated from may not list yet (agreed contract: history and streaming). Once
 * clients/openapi.json carries them, the generated `paths` describe the same shapes.
 */

export interface GenerationRecord {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  audio_url: string | null;
  stream_url: string;
  captions_url: string;
  format: string;
  model: string;
  voice_id: string;
  characters: number;
  points_used: number;
  /** ISO 8601 */
  created_at: string;
  error?: { code: string; message: string };
}

export interface HistoryPage {
  generations: GenerationRecord[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface HistoryQuery {
  /** 1-100, default 20 */
  limit?: number;
  /** Opaque, from the previous page's next_cursor. */
  cursor?: string;
  voice_id?: string;
  model?: string;
  status?: 'pending' | 'ready' | 'failed';
}
