import net from 'node:net';
import type { Config } from '../config.js';
import type { AccountService, Caller } from '../domain/accounts/accounts.js';
import type { GenerationService } from '../domain/generations/generations.js';
import { PhraseBuffer } from '../domain/generations/phrases.js';
import type { VoiceLibrary } from '../domain/voices/voice-library.js';
import { AppError, isAppError } from '../errors.js';
import { countRequest } from '../ratelimit/key-limits.js';
import type { RateLimiter } from '../ratelimit/rate-limiter.js';
import { EventReader, WyomingProtocolError, encodeEvent } from './protocol.js';

/**
 * A Wyoming server (docs/wyoming.md): Home Assistant's way to local speech. `describe` answers the
 * voices the key can use; `synthesize` answers one `audio-start`, the audio as 16-bit mono PCM at
 * 24 kHz in `audio-chunk`s, and one `audio-stop`; the streaming events (`synthesize-start`, `-chunk`,
 * `-stop`) answer each phrase as it is complete with its own start/chunks/stop, then
 * `synthesize-stopped`. Each phrase is a generation charged to the key in `WYOMING_API_KEY`, as
 * `POST /api/v1/tts/stream` charges; failures send `error` and close the connection.
 */

export const WYOMING_SAMPLE_RATE = 24_000;
/** Samples per `audio-chunk` (wyoming-piper's default). */
const SAMPLES_PER_CHUNK = 1024;
/** A connection that sends nothing for this long is closed. */
const IDLE_MS = 5 * 60_000;
const DEFAULT_LANGUAGE = 'en-US';

export interface WyomingDeps {
  config: Readonly<Config>;
  accounts: AccountService;
  generations: GenerationService;
  library: VoiceLibrary;
  rateLimiter: RateLimiter;
}

export interface WyomingServer {
  port: number;
  close(): Promise<void>;
}

type Voice = { name?: string; language?: string };

class Connection {
  private readonly reader = new EventReader();
  private chain: Promise<void> = Promise.resolve();
  private stream: { buffer: PhraseBuffer; voice: Promise<string> } | null = null;
  private closed = false;
  private readonly aborts = new Set<AbortController>();

  constructor(
    private readonly socket: net.Socket,
    private readonly deps: WyomingDeps,
    private readonly apiKey: string,
  ) {
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    socket.on('data', (bytes: Buffer) => this.receive(bytes));
    socket.on('close', () => this.stop());
    socket.on('error', () => this.stop());
  }

  private stop(): void {
    this.closed = true;
    for (const abort of this.aborts) abort.abort();
  }

  private write(type: string, data?: Record<string, unknown>, payload?: Buffer): void {
    if (!this.closed && this.socket.writable) this.socket.write(encodeEvent(type, data, payload));
  }

  private fail(err: unknown): void {
    if (this.closed) return;
    const text = isAppError(err) || err instanceof WyomingProtocolError ? err.message : 'Something went wrong on our side';
    const code = isAppError(err) ? err.code : err instanceof WyomingProtocolError ? 'invalid_event' : 'internal_error';
    this.write('error', { text, code });
    this.closed = true;
    this.socket.end();
  }

  /** Work in the order the events came: synthesis of one phrase after another. */
  private then(work: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (!this.closed) await work();
    }).catch((err: unknown) => this.fail(err));
  }

  private receive(bytes: Buffer): void {
    if (this.closed) return;
    try {
      for (const event of this.reader.push(bytes)) this.handle(event.type, event.data);
    } catch (err) {
      this.fail(err);
    }
  }

  private handle(type: string, data: Record<string, unknown>): void {
    switch (type) {
      case 'describe':
        this.then(async () => this.write('info', await this.info()));
        return;
      case 'synthesize': {
        // Inside a stream this is Home Assistant's copy of the whole text for older servers: ignored.
        if (this.stream) return;
        const text = typeof data['text'] === 'string' ? data['text'] : '';
        const voice = this.voiceOf(data['voice']);
        const phrases = new PhraseBuffer();
        const all = [...phrases.push(text), phrases.flush()].filter((p): p is string => p !== null);
        this.then(async () => {
          const id = await voice;
          this.write('audio-start', audioFormat());
          for (const phrase of all) await this.speak(id, phrase);
          this.write('audio-stop', {});
        });
        return;
      }
      case 'synthesize-start':
        this.stream = { buffer: new PhraseBuffer(), voice: this.voiceOf(data['voice']) };
        this.stream.voice.catch(() => undefined);
        return;
      case 'synthesize-chunk': {
        if (!this.stream || typeof data['text'] !== 'string') return;
        for (const phrase of this.stream.buffer.push(data['text'])) this.speakGroup(this.stream.voice, phrase);
        return;
      }
      case 'synthesize-stop': {
        if (!this.stream) return;
        const rest = this.stream.buffer.flush();
        if (rest) this.speakGroup(this.stream.voice, rest);
        this.stream = null;
        this.then(async () => this.write('synthesize-stopped'));
        return;
      }
      default:
        // Servers drop events they do not handle (ping, select-program, ...).
        return;
    }
  }

  private speakGroup(voice: Promise<string>, phrase: string): void {
    this.then(async () => {
      const id = await voice;
      this.write('audio-start', audioFormat());
      await this.speak(id, phrase);
      this.write('audio-stop', {});
    });
  }

  private async caller(): Promise<Caller> {
    const caller = await this.deps.accounts.keys.authenticate(this.apiKey);
    return caller;
  }

  /** The voice a request names: `name` (a voicelib voice id), else the first of `language`'s, else en-US's. */
  private async voiceOf(raw: unknown): Promise<string> {
    const voice = (raw !== null && typeof raw === 'object' ? raw : {}) as Voice;
    const caller = await this.caller();
    if (typeof voice.name === 'string' && voice.name !== '') return (await this.deps.library.find(caller, voice.name)).id;
    const language = typeof voice.language === 'string' && voice.language !== '' ? voice.language.replace('_', '-') : DEFAULT_LANGUAGE;
    const listed = await this.deps.library.list(caller, { language, type: 'preset', limit: 1 });
    const first = listed.items[0];
    if (!first) throw new AppError('voice_not_found', `No voice for language "${language}"`);
    return first.id;
  }

  /** One phrase as 16-bit PCM `audio-chunk`s of 1024 samples, sent as they are encoded. */
  private async speak(voice: string, phrase: string): Promise<void> {
    const caller = await this.caller();
    const { requestsPerMinute } = this.deps.config.rateLimit;
    await countRequest(this.deps.rateLimiter, caller.keyId, requestsPerMinute);
    const abort = new AbortController();
    this.aborts.add(abort);
    try {
      const speech = await this.deps.generations.stream(
        caller,
        { text: phrase, voice, format: 'PCM', sample_rate: WYOMING_SAMPLE_RATE },
        abort.signal,
      );
      let pending: Buffer = Buffer.alloc(0);
      const size = SAMPLES_PER_CHUNK * 2;
      for await (const piece of speech.chunks) {
        pending = pending.length === 0 ? piece : Buffer.concat([pending, piece]);
        while (pending.length >= size) {
          this.write('audio-chunk', audioFormat(), pending.subarray(0, size));
          pending = pending.subarray(size);
        }
        if (this.closed) return;
      }
      const whole = pending.length - (pending.length % 2);
      if (whole > 0) this.write('audio-chunk', audioFormat(), pending.subarray(0, whole));
      await speech.done;
    } finally {
      this.aborts.delete(abort);
    }
  }

  /** `info`: one TTS program whose voices are those the key can use, with their languages. */
  private async info(): Promise<Record<string, unknown>> {
    const caller = await this.caller();
    const attribution = { name: 'voicelib', url: this.deps.config.publicBaseUrl };
    const listed = await this.deps.library.list(caller, { limit: 100_000 });
    const voices = listed.items.map((v) => {
      const code = v.language_code ?? v.languages[0] ?? DEFAULT_LANGUAGE;
      return {
        name: v.id,
        description: `${v.name} (${code})`,
        attribution,
        installed: true,
        version: null,
        languages: [...new Set([code, code.replace('-', '_')])],
      };
    });
    return {
      tts: [
        {
          name: 'voicelib',
          description: 'voicelib speech: catalog presets, clones and designed voices',
          attribution,
          installed: true,
          version: '1.0.0',
          voices,
          supports_synthesize_streaming: true,
        },
      ],
    };
  }
}

function audioFormat() {
  return { rate: WYOMING_SAMPLE_RATE, width: 2, channels: 1 };
}

/** Starts the Wyoming server on `config.wyoming.port` (0: any free port); the key is checked first. */
export async function startWyoming(deps: WyomingDeps, host: string): Promise<WyomingServer> {
  const settings = deps.config.wyoming;
  if (!settings) throw new Error('the Wyoming server is off (WYOMING_PORT is not set)');
  // A wrong key fails start-up, not every request.
  await deps.accounts.keys.authenticate(settings.apiKey);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Connection(socket, deps, settings.apiKey);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, host, () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
