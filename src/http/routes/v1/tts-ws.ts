import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { WebSocket } from 'ws';
import { AUDIO_FORMATS, type AudioFormat } from '../../../audio/formats.js';
import type { AccountService, Caller } from '../../../domain/accounts/accounts.js';
import type { SocketTokens } from '../../../domain/accounts/socket-tokens.js';
import type { GenerationService } from '../../../domain/generations/generations.js';
import { PhraseBuffer } from '../../../domain/generations/phrases.js';
import type { SessionInput, SpeechSession } from '../../../domain/generations/speech-session.js';
import { AppError, isAppError } from '../../../errors.js';
import { IdleTimer, readJsonFrame } from '../../json-frames.js';
import { countRequest } from '../../../ratelimit/key-limits.js';
import type { RateLimiter } from '../../../ratelimit/rate-limiter.js';
import { errorResponses } from '../../schemas.js';

/**
 * `GET /api/v1/tts/ws`: speech for text that arrives while it is spoken (an LLM's tokens). The
 * client sends JSON frames `{type: "text", text}` (the first may name `voice`, `model`, `format`,
 * `sample_rate`, `speed` instead of the query), `{type: "flush"}`, `{type: "close"}`; the service
 * cuts phrases (`PhraseBuffer`) and answers the audio as binary frames (or `{type: "audio", audio}`
 * JSON frames with `?audio=json`) and `{type: "words", words}` timings. `close` speaks the rest and
 * ends with `{type: "done", generation_id, ...}` and close code 1000: the whole socket is one
 * generation (`speech-session.ts`). Errors: `{type: "error", error: {code, message}}`, then close 1008
 * (the client's) or 1011 (ours). docs/streaming.md.
 */

const MAX_MESSAGE_TEXT = 2000;
const IDLE_MS = 60_000;
const MAX_BUFFERED = 1 << 20;
const FIELDS = ['voice', 'model', 'format', 'sample_rate', 'speed'] as const;

interface Options {
  generations: GenerationService;
  accounts: AccountService;
  socketTokens: SocketTokens;
  rateLimiter: RateLimiter;
  requestsPerMinute: number;
}

class SpeechSocket {
  private settings: Record<string, unknown>;
  private session: Promise<SpeechSession> | null = null;
  private readonly phrases = new PhraseBuffer();
  private chain: Promise<void> = Promise.resolve();
  private readonly abort = new AbortController();
  private ending = false;
  private closed = false;
  private readonly idle = new IdleTimer(IDLE_MS, () =>
    this.fail(new AppError('request_timeout', `Nothing received for ${IDLE_MS / 1000} s; the socket is closed`)),
  );

  constructor(
    private readonly socket: WebSocket,
    private readonly caller: Caller,
    query: Record<string, unknown>,
    private readonly generations: GenerationService,
    private readonly json: boolean,
    private readonly log: FastifyRequest['log'],
  ) {
    this.settings = Object.fromEntries(FIELDS.filter((f) => query[f] !== undefined).map((f) => [f, query[f]]));
    socket.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
    socket.on('close', () => this.gone());
    socket.on('error', () => this.gone());
  }

  private send(message: object | Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(Buffer.isBuffer(message) ? message : JSON.stringify(message));
  }

  /** The client left: synthesis stops; what was spoken is recorded and charged, the rest is not. */
  private gone(): void {
    if (this.closed) return;
    this.closed = true;
    this.idle.stop();
    this.abort.abort();
    this.phrases.clear();
    void this.finish().catch((err: unknown) => this.log.error({ err }, 'speech socket: recording what was spoken failed'));
  }

  private async finish() {
    if (!this.session) return null;
    const session = await this.session.catch(() => null);
    return session ? session.end() : null;
  }

  private fail(err: unknown): void {
    if (this.closed) return;
    const error = isAppError(err) ? err : new AppError('internal_error', 'Something went wrong on our side');
    if (!isAppError(err)) this.log.error({ err }, 'speech socket failed');
    this.send({ type: 'error', error: { code: error.code, message: error.message } });
    const code = error.status >= 500 ? 1011 : 1008;
    this.closed = true;
    this.idle.stop();
    this.abort.abort();
    this.phrases.clear();
    // What was spoken before the error is recorded and charged, then the socket closes.
    void this.finish()
      .catch((e: unknown) => this.log.error({ err: e }, 'speech socket: recording what was spoken failed'))
      .finally(() => this.socket.close(code, error.message.slice(0, 120)));
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed || this.ending) return;
    this.idle.touch();
    try {
      const frame = readJsonFrame(data, isBinary);
      if (frame === 'binary') throw new AppError('bad_request', 'Send JSON text frames, not binary ones');
      if (frame === 'not_json') throw new AppError('invalid_json', 'A frame is not valid JSON');
      if (frame === 'not_object') throw new AppError('invalid_json', 'Each frame must be a JSON object');
      this.handle(frame);
    } catch (err) {
      this.fail(err);
    }
  }

  private handle(m: Record<string, unknown>): void {
    switch (m['type']) {
      case 'text': {
        const text = m['text'];
        if (typeof text !== 'string') throw new AppError('validation_error', 'text must be a string');
        if (text.length > MAX_MESSAGE_TEXT) throw new AppError('text_too_long', `A text frame holds at most ${MAX_MESSAGE_TEXT} characters`);
        this.settle(m);
        for (const phrase of this.phrases.push(text)) this.enqueue(phrase);
        return;
      }
      case 'flush': {
        const rest = this.phrases.flush();
        if (rest) this.enqueue(rest);
        return;
      }
      case 'close': {
        this.ending = true;
        const rest = this.phrases.flush();
        if (rest) this.enqueue(rest);
        this.chain = this.chain.then(async () => {
          if (this.closed) return;
          // A session that could not open (unknown voice, no points) is the client's error, not a "done".
          if (this.session) await this.session;
          const row = await this.finish();
          this.closed = true;
          this.idle.stop();
          this.send({
            type: 'done',
            generation_id: row?.id ?? null,
            characters: row?.characters ?? 0,
            points_used: row?.points_used ?? 0,
            duration_seconds: row?.duration_seconds ?? 0,
          });
          this.socket.close(1000);
        });
        this.chain.catch((err: unknown) => this.fail(err));
        return;
      }
      default:
        throw new AppError('validation_error', 'type must be "text", "flush" or "close"');
    }
  }

  /** Voice, model and format: from the query or the first text frame; fixed once speech starts. */
  private settle(m: Record<string, unknown>): void {
    const given = FIELDS.filter((f) => m[f] !== undefined);
    if (this.session) {
      for (const f of given) {
        if (m[f] !== this.settings[f]) throw new AppError('validation_error', `${f} cannot change once speech has started; open another socket`);
      }
      return;
    }
    for (const f of given) this.settings[f] = m[f];
    this.session = this.open();
    this.session.catch(() => undefined);
  }

  private async open(): Promise<SpeechSession> {
    const s = this.settings;
    if (typeof s['voice'] !== 'string' || s['voice'] === '') throw new AppError('missing_voice', 'Name a voice in the query (?voice=) or the first text frame');
    const format = (typeof s['format'] === 'string' ? s['format'].toUpperCase() : 'MP3') as AudioFormat;
    if (!(AUDIO_FORMATS as readonly string[]).includes(format)) throw new AppError('validation_error', `format must be one of ${AUDIO_FORMATS.join(', ')}`);
    const number = (v: unknown) => (v === undefined ? undefined : Number(v));
    const sampleRate = number(s['sample_rate']);
    const speed = number(s['speed']);
    const input: SessionInput = {
      voice: s['voice'],
      format,
      ...(typeof s['model'] === 'string' ? { model: s['model'] } : {}),
      ...(sampleRate !== undefined ? { sample_rate: sampleRate } : {}),
      ...(speed !== undefined ? { speed } : {}),
    };
    const session = await this.generations.openSession(this.caller, input, this.abort.signal, (bytes) =>
      this.send(this.json ? { type: 'audio', audio: bytes.toString('base64') } : bytes),
    );
    if (!this.closed) this.send({ type: 'start', generation_id: session.id, format: session.format, mime_type: session.mimeType });
    return session;
  }

  private enqueue(phrase: string): void {
    const session = this.session;
    if (!session) return;
    this.chain = this.chain
      .then(async () => {
        if (this.closed) return;
        while (!this.closed && this.socket.bufferedAmount > MAX_BUFFERED) await new Promise((r) => setTimeout(r, 20));
        await (await session).speak(phrase, (words) => {
          if (words.length > 0) this.send({ type: 'words', words });
        });
      })
      .catch((err: unknown) => this.fail(err));
  }
}

export const ttsSocketRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { generations, accounts, socketTokens, rateLimiter, requestsPerMinute } = options;

  app.post(
    '/tts/ws-token',
    {
      schema: {
        summary: 'A single-use token for the speech WebSocket',
        description:
          'For browsers, which cannot send a key on a WebSocket: open `GET /api/v1/tts/ws?token=...` within 60 s; ' +
          'the token works once. Never put the API key in a URL. docs/streaming.md.',
        tags: ['tts'],
        response: {
          200: Type.Object({ token: Type.String(), expires_in: Type.Integer({ description: 'Seconds' }), url: Type.String() }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const issued = socketTokens.issue(request.caller);
      return { ...issued, url: `/api/v1/tts/ws?token=${issued.token}` };
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/tts/ws',
    { websocket: true, config: { public: true }, schema: { hide: true } },
    (socket, request) => {
      const held: Array<[Buffer, boolean]> = [];
      const hold = (data: Buffer, isBinary: boolean) => held.push([data, isBinary]);
      socket.on('message', hold);
      void (async () => {
        let caller: Caller;
        try {
          const header = request.headers.authorization;
          const token = request.query['token'];
          if (header) {
            const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
            if (!match) throw new AppError('unauthorized', 'Send your API key as "Authorization: Bearer <key>"');
            caller = await accounts.keys.authenticate(match[1]!);
          } else if (typeof token === 'string') {
            const found = socketTokens.redeem(token);
            if (!found) throw new AppError('unauthorized', 'The token is unknown, used or expired; ask POST /api/v1/tts/ws-token for another');
            caller = found;
          } else {
            throw new AppError('unauthorized', 'Send "Authorization: Bearer <key>", or a token from POST /api/v1/tts/ws-token as ?token=');
          }
          await countRequest(rateLimiter, caller.keyId, requestsPerMinute);
        } catch (err) {
          const error = isAppError(err) ? err : new AppError('internal_error', 'Something went wrong on our side');
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'error', error: { code: error.code, message: error.message } }));
          socket.close(1008, error.message.slice(0, 120));
          return;
        }
        socket.off('message', hold);
        new SpeechSocket(socket, caller, request.query, generations, request.query['audio'] === 'json', request.log);
        for (const [data, isBinary] of held) socket.emit('message', data, isBinary);
      })();
    },
  );
};
