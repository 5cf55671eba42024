import createClient, { type Client } from 'openapi-fetch';
import { fromBase64, toBase64 } from './base64.js';
import { VoicelibError } from './errors.js';
import type { paths } from './schema.js';

type JsonBody<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The JSON body of a response, from the generated paths. */
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

export type TtsRequest = JsonBody<'/api/v1/tts', 'post'>;
export type TtsStreamRequest = JsonBody<'/api/v1/tts/stream', 'post'>;
export type HistoryQuery = NonNullable<paths['/api/v1/tts']['get']['parameters']['query']>;
export type HistoryPage = JsonOf<paths['/api/v1/tts']['get']['responses'][200]>;
export type GenerationRecord = HistoryPage['generations'][number];
/** A lexicon as JSON: name, language and entries (docs/text.md, "Lexicons"). */
export type LexiconRequest = JsonBody<'/api/v1/lexicons', 'post'>;
export type Lexicon = JsonOf<paths['/api/v1/lexicons/{id}']['get']['responses'][200]>;
export type LexiconSummary = JsonOf<paths['/api/v1/lexicons']['get']['responses'][200]>['lexicons'][number];
export type CloneRequest = JsonBody<'/api/v1/voices/clones', 'post'>;
export type PreviewsRequest = JsonBody<'/api/v1/voices/designs/previews', 'post'>;
export type SaveDesignRequest = JsonBody<'/api/v1/voices/designs', 'post'>;
export type VoiceQuery = NonNullable<paths['/api/v1/voices']['get']['parameters']['query']>;
export type PageQuery = NonNullable<paths['/api/v1/voices/clones']['get']['parameters']['query']>;
export type CaptionsQuery = NonNullable<paths['/api/v1/tts/{id}/captions']['get']['parameters']['query']>;

export interface VoicelibOptions {
  /** Where the service answers, e.g. http://127.0.0.1:8080 (no /api/v1). */
  baseUrl: string;
  /** An API key (`vl_...`). */
  apiKey: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** Speech as it streams: the bytes as they are synthesized, and what the headers said. */
export interface TtsStream extends AsyncIterable<Uint8Array> {
  generationId: string | null;
  contentType: string | null;
  engine: string | null;
}

/** `audio_base64` of a generation (a data: URI) as bytes. */
export function decodeAudio(audioBase64: string): Uint8Array {
  return fromBase64(audioBase64.replace(/^data:[^,]*,/, ''));
}

/**
 * The voicelib API. Every method resolves to the response body's data or throws a
 * {@link VoicelibError} carrying the API's error code, status and message.
 *
 * @example
 * const vl = new Voicelib({ baseUrl: 'http://127.0.0.1:8080', apiKey: process.env.VOICELIB_API_KEY! });
 * const gen = await vl.tts.create({ text: 'Hello', voice: 'en-us-…', format: 'WAV' });
 * await fs.writeFile('hello.wav', decodeAudio(gen.audio_base64));
 */
export class Voicelib {
  private readonly api: Client<paths>;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly baseUrl: string;
  private readonly headers: Record<string, string>;

  constructor(options: VoicelibOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.headers = { authorization: `Bearer ${options.apiKey}` };
    this.api = createClient<paths>({ baseUrl: this.baseUrl, headers: this.headers, fetch: this.fetchImpl });
  }

  /** Connection and key test; the balance in points. */
  ping() {
    return this.data(this.api.GET('/api/v1/ping'));
  }

  /** The caller's balance, plan and slot usage. */
  me() {
    return this.data(this.api.GET('/api/v1/me'));
  }

  models() {
    return this.data(this.api.GET('/api/v1/models'));
  }

  /** Languages, accents and the recording limits for clones. */
  languages() {
    return this.data(this.api.GET('/api/v1/voices/languages'));
  }

  readonly tts = {
    /** Synthesizes; the audio is inline in `audio_base64` (see {@link decodeAudio}). */
    create: async (body: TtsRequest) => {
      const { data, error, response } = await this.api.POST('/api/v1/tts', { body });
      if (error !== undefined || !response.ok) throw await VoicelibError.fromResponse(response, error);
      return { ...data!, engine: response.headers.get('x-voice-engine') };
    },
    get: (id: string) => this.data(this.api.GET('/api/v1/tts/{id}', { params: { path: { id } } })),
    /** The stored audio (409 `audio_not_ready` while pending); `range` as in HTTP (`bytes=0-99`). */
    audio: async (id: string, options: { range?: string } = {}): Promise<Uint8Array> => {
      const { error, response } = await this.api.GET('/api/v1/tts/{id}/audio', {
        params: { path: { id } },
        parseAs: 'stream',
        ...(options.range ? { headers: { range: options.range } } : {}),
      });
      if (error !== undefined || !response.ok) throw await VoicelibError.fromResponse(response, error);
      return new Uint8Array(await response.arrayBuffer());
    },
    /** SRT text. */
    captions: async (id: string, query: Omit<CaptionsQuery, 'format'> = {}): Promise<string> => {
      const { error, response } = await this.api.GET('/api/v1/tts/{id}/captions', {
        params: { path: { id }, query: { ...query, format: 'srt' } },
        parseAs: 'stream',
      });
      if (error !== undefined || !response.ok) throw await VoicelibError.fromResponse(response, error);
      return response.text();
    },
    /** Word timings and the SRT as JSON. */
    captionsJson: async (id: string, query: Omit<CaptionsQuery, 'format'> = {}) => {
      const body = await this.data(
        this.api.GET('/api/v1/tts/{id}/captions', { params: { path: { id }, query: { ...query, format: 'json' } } }),
      );
      return body as Exclude<typeof body, string>;
    },
    delete: (id: string) => this.data(this.api.DELETE('/api/v1/tts/{id}', { params: { path: { id } } })),
    /**
     * POST /api/v1/tts/stream: the audio as it is synthesized, as an async iterable of byte chunks.
     * The request is sent (and refused with a VoicelibError) before this resolves.
     */
    stream: async (body: TtsStreamRequest, options: { signal?: AbortSignal } = {}): Promise<TtsStream> => {
      const { error, response } = await this.api.POST('/api/v1/tts/stream', {
        body,
        parseAs: 'stream',
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (error !== undefined || !response.ok) throw await VoicelibError.fromResponse(response, error);
      const stream = response.body;
      return {
        generationId: response.headers.get('x-generation-id'),
        contentType: response.headers.get('content-type'),
        engine: response.headers.get('x-voice-engine'),
        async *[Symbol.asyncIterator]() {
          if (!stream) return;
          const reader = stream.getReader();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) return;
              yield value;
            }
          } finally {
            reader.releaseLock();
          }
        },
      };
    },
    /** One page of GET /api/v1/tts, newest first. */
    list: (query: HistoryQuery = {}): Promise<HistoryPage> => this.data(this.api.GET('/api/v1/tts', { params: { query } })),
    /** Every generation matching `query`, newest first, fetching pages as the loop asks. */
    history: (query: HistoryQuery = {}): AsyncIterable<GenerationRecord> => {
      const list = this.tts.list;
      return {
        async *[Symbol.asyncIterator]() {
          let cursor = query.cursor;
          for (;;) {
            const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
            yield* page.generations;
            if (!page.has_more || !page.next_cursor) return;
            cursor = page.next_cursor;
          }
        },
      };
    },
  };

  readonly voices = {
    /** Own clones and designs first, then the catalog; `q` filters on id, slug and name. */
    list: (query: VoiceQuery = {}) => this.data(this.api.GET('/api/v1/voices', { params: { query } })),
    /**
     * One voice by id, slug or name (case-insensitive; an exact id or slug wins over a name).
     * The API has no single-voice route: this filters the list. Throws `voice_not_found` (404).
     */
    get: async (idOrName: string) => {
      const { voices } = await this.voices.list({ q: idOrName });
      const wanted = idOrName.toLowerCase();
      const found =
        voices.find((v) => v.id === idOrName || v.slug === idOrName) ??
        voices.find((v) => v.name.toLowerCase() === wanted);
      if (!found) throw new VoicelibError(404, 'voice_not_found', `No voice with the id, slug or name "${idOrName}"`);
      return found;
    },
    clones: (query: PageQuery = {}) => this.data(this.api.GET('/api/v1/voices/clones', { params: { query } })),
    /**
     * Clones a voice from one recording: pass the file's bytes as `audio` (any format ffmpeg
     * reads), or the request's own `samples`.
     */
    clone: (
      request: Omit<CloneRequest, 'samples'> & ({ audio: Uint8Array; transcript?: string } | Pick<CloneRequest, 'samples'>),
    ) => {
      const { audio, transcript, samples, ...rest } = request as Partial<{
        audio: Uint8Array;
        transcript: string;
        samples: CloneRequest['samples'];
      }> &
        Omit<CloneRequest, 'samples'>;
      const body: CloneRequest = {
        ...rest,
        samples: samples ?? [
          { audio_base64: toBase64(audio!), ...(transcript ? { transcript } : {}) },
        ],
      };
      return this.data(this.api.POST('/api/v1/voices/clones', { body }));
    },
    deleteClone: (voiceId: string) =>
      this.data(this.api.DELETE('/api/v1/voices/clones/{voiceId}', { params: { path: { voiceId } } })),
    designs: (query: PageQuery = {}) => this.data(this.api.GET('/api/v1/voices/designs', { params: { query } })),
    /** Paid candidate voices from a description; keep one with {@link saveDesign}. */
    designPreviews: (body: PreviewsRequest) => this.data(this.api.POST('/api/v1/voices/designs/previews', { body })),
    saveDesign: (body: SaveDesignRequest) => this.data(this.api.POST('/api/v1/voices/designs', { body })),
    deleteDesign: (voiceId: string) =>
      this.data(this.api.DELETE('/api/v1/voices/designs/{voiceId}', { params: { path: { voiceId } } })),
  };

  /**
   * Pronunciation lexicons (docs/text.md, "Lexicons"): JSON, or W3C PLS 1.0 documents in
   * ({@link importPls}, {@link replaceFromPls}) and out ({@link exportPls}).
   */
  readonly lexicons = {
    /** Own lexicons and those shared in the caller's workspace, with entry counts. */
    list: async (): Promise<LexiconSummary[]> => (await this.data(this.api.GET('/api/v1/lexicons'))).lexicons,
    create: (body: LexiconRequest): Promise<Lexicon> => this.data(this.api.POST('/api/v1/lexicons', { body })),
    get: async (id: string): Promise<Lexicon> =>
      (await this.data(
        this.api.GET('/api/v1/lexicons/{id}', { params: { path: { id }, query: { format: 'json' } } }),
      )) as Lexicon,
    /** Replaces the name, language and entries (its creator or the workspace owner only). */
    update: (id: string, body: LexiconRequest): Promise<Lexicon> =>
      this.data(this.api.PUT('/api/v1/lexicons/{id}', { params: { path: { id } }, body })),
    delete: (id: string) => this.data(this.api.DELETE('/api/v1/lexicons/{id}', { params: { path: { id } } })),
    /** Creates a lexicon from a PLS document; `name` overrides the document's own. */
    importPls: (pls: string, options: { name?: string } = {}): Promise<Lexicon> =>
      this.data(
        this.api.POST('/api/v1/lexicons', {
          params: { query: options.name ? { name: options.name } : {} },
          ...plsBody(pls),
        }),
      ) as Promise<Lexicon>,
    /** Replaces a lexicon with a PLS document's entries. */
    replaceFromPls: (id: string, pls: string, options: { name?: string } = {}): Promise<Lexicon> =>
      this.data(
        this.api.PUT('/api/v1/lexicons/{id}', {
          params: { path: { id }, query: options.name ? { name: options.name } : {} },
          ...plsBody(pls),
        }),
      ) as Promise<Lexicon>,
    /** The lexicon as a W3C PLS 1.0 document. */
    exportPls: async (id: string): Promise<string> => {
      const { data, error, response } = await this.api.GET('/api/v1/lexicons/{id}', {
        params: { path: { id }, query: { format: 'pls' } },
        parseAs: 'text',
      });
      if (error !== undefined || !response.ok) throw await VoicelibError.fromResponse(response, error);
      return data as string;
    },
  };

  /** An openapi-fetch result → its data, or the API's error thrown. */
  private async data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (error !== undefined || !response.ok) throw await VoicelibError.fromResponse(response, error);
    return data as T;
  }
}

/** A PLS document as an openapi-fetch body: sent as it is, with its media type. */
function plsBody(pls: string) {
  return {
    body: pls,
    bodySerializer: (body: unknown) => body as string,
    headers: { 'content-type': 'application/pls+xml' },
  };
}
