/** The Studio's only way to the service: same origin, key from sessionStorage, never in a URL. */
const KEY = 'voicelib.apiKey';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  signIn: (key: string) => sessionStorage.setItem(KEY, key),
  signOut: () => sessionStorage.removeItem(KEY),
};

/** A JSON body, or a document sent as it is under its own media type (a PLS lexicon). */
type Body = { json: unknown } | { text: string; type: string };

async function send(method: string, path: string, body?: Body): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${session.key() ?? ''}` };
  let payload: string | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers['content-type'] = body.type;
    payload = body.text;
  }
  const res = await fetch(path, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  if (!res.ok) throw await toError(res);
  return res;
}

/** The API's own message ({ error: { code, message } }), or the HTTP status when there is none. */
async function toError(res: Response): Promise<ApiError> {
  try {
    const json = (await res.json()) as { error?: { code?: string; message?: string } };
    if (json.error?.message) return new ApiError(res.status, json.error.code ?? 'error', json.error.message);
  } catch {
    // not JSON: fall through to the status line
  }
  return new ApiError(res.status, 'error', `${res.status} ${res.statusText || 'request failed'}`);
}

export const api = {
  get: async <T>(path: string): Promise<T> => (await send('GET', path)).json() as Promise<T>,
  post: async <T>(path: string, body: unknown): Promise<T> => (await send('POST', path, { json: body })).json() as Promise<T>,
  put: async <T>(path: string, body: unknown): Promise<T> => (await send('PUT', path, { json: body })).json() as Promise<T>,
  /** POSTs `text` as it is, with `type` as its Content-Type (a PLS document). */
  postText: async <T>(path: string, text: string, type: string): Promise<T> => (await send('POST', path, { text, type })).json() as Promise<T>,
  del: async (path: string): Promise<void> => void (await send('DELETE', path)),
  blob: async (path: string): Promise<Blob> => (await send('GET', path)).blob(),
};

/** Same-origin path of an absolute service URL (links in responses carry the public base URL). */
export function localPath(url: string): string {
  const parsed = new URL(url, location.origin);
  return parsed.pathname + parsed.search;
}

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.status} ${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

export interface Me {
  account_id: string;
  plan: { name: string; api_access: boolean; clone_slots: number; design_slots: number };
  points: number;
  clones: { used: number; limit: number };
  designs: { used: number; limit: number };
}

export interface Model {
  key: string;
  label: string;
  costMultiplier: number;
  supportsTemperature: boolean;
  supportsDeliveryMode: boolean;
  description: string;
}

export interface Voice {
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
  preview_url?: string;
  created_at?: string;
  /** Clones: the background refinement in the speaker's voice (null when none is possible). */
  refinement?: { status: 'queued' | 'running' | 'done' | 'failed'; similarity: number | null; updated_at: string } | null;
}

export interface LexiconEntry {
  text: string;
  alias?: string;
  ipa?: string;
  case_sensitive?: boolean;
}

export interface LexiconSummary {
  lexicon_id: string;
  name: string;
  language: string;
  workspace_id: string | null;
  owner_account_id: string;
  entry_count: number;
  updated_at: string;
}

export interface Lexicon extends Omit<LexiconSummary, 'entry_count'> {
  entries: LexiconEntry[];
}

/** Dispatched on `window` when a lexicon is created, replaced or deleted; the Speech tab's choice reloads. */
export const LEXICONS_CHANGED = 'lexicons-changed';

export interface Language {
  name: string;
  code: string;
  accents: { name: string; code: string }[];
  /** Engine tier speaking the language on this server (v-pro), and how well a recognizer understands it. */
  tier: 'neural' | 'basic' | null;
  intelligibility: { class: 'good' | 'fair' | 'poor' | 'unmeasured'; error_rate: number | null; metric: 'wer' | 'cer'; engine: string | null };
}

let languages: Promise<Language[]> | null = null;
/** The language list (about 470 entries), fetched once per page load. */
export function languageList(): Promise<Language[]> {
  languages ??= api.get<{ languages: Language[] }>('/api/v1/voices/languages').then((r) => r.languages);
  languages.catch(() => (languages = null));
  return languages;
}

/** Points for speech: ceil(characters / (15 / costMultiplier)), characters as Unicode code points. */
export function speechCost(text: string, model: Model | undefined): number {
  const divisor = 15 / (model?.costMultiplier ?? 1);
  return Math.ceil([...text].length / divisor);
}

/** Base64 of a file or recording, without the `data:` prefix the API refuses. */
export function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** `data:audio/mpeg;base64,...` → Blob. */
export function dataUriToBlob(uri: string): Blob {
  const [head, data = ''] = uri.split(',', 2);
  const mime = /^data:([^;]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: mime });
}
