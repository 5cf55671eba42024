import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { wavDataOnly } from '../../../audio/wav.js';
import type { Caller } from '../../../domain/accounts/accounts.js';
import { modelForElevenLabs, speedForElevenLabs } from '../../../domain/generations/elevenlabs-names.js';
import type { GenerationService } from '../../../domain/generations/generations.js';
import type { ModelKey } from '../../../domain/generations/models.js';
import { PhraseBuffer } from '../../../domain/generations/phrases.js';
import type { VoiceLibrary } from '../../../domain/voices/voice-library.js';
import { AppError, isAppError } from '../../../errors.js';
import { alignCharacters } from '../../../speech/alignment.js';
import { type FrameProblem, IdleTimer, readJsonFrame } from '../../json-frames.js';
import { type OutputFormat, parseOutputFormat } from './output-format.js';

/**
 * ElevenLabs' input-streaming WebSockets, `/v1/text-to-speech/{voice_id}/stream-input` (one
 * context) and `/multi-stream-input` (several, by `context_id`): what Pipecat and LiveKit Agents
 * speak. Text arrives in pieces; the service cuts it into phrases (`PhraseBuffer`: a short first
 * phrase, then sentences; `flush` speaks what is left) and answers each phrase with one message:
 * its audio in `output_format` and its characters' timings (ms from the phrase's start). Each
 * phrase is one generation, charged and recorded as `POST /api/v1/tts/stream`; text never spoken
 * (the socket closed first) costs nothing. docs/elevenlabs-compatibility.md, "WebSockets".
 */

/** Characters in one text message; more is refused (the native route's limit). */
const MAX_MESSAGE_TEXT = 2000;
/** Contexts open at once on one multi-context socket (ElevenLabs' limit). */
const MAX_CONTEXTS = 5;
/** Bytes waiting to be sent to a slow reader before the next phrase waits for them. */
const MAX_BUFFERED = 1 << 20;
const DEFAULT_INACTIVITY_S = 20;
const MAX_INACTIVITY_S = 180;
/** What a frame that is not a JSON object is told (`invalid_input_message`, close 1008). */
const FRAME_PROBLEMS: Record<FrameProblem, string> = {
  binary: 'Send JSON text frames, not binary ones',
  not_json: 'Could not parse the message as JSON',
  not_object: 'Each message must be a JSON object',
};

interface Settings {
  caller: Caller;
  voice: string;
  model: ModelKey;
  output: OutputFormat;
  multi: boolean;
}

/** The end of a socket with a reason: 1008 (policy) for what the client sent, 1011 for our failures. */
class SocketEnd extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly closeCode: number,
  ) {
    super(message);
  }
}

class Context {
  readonly buffer = new PhraseBuffer();
  chain: Promise<void> = Promise.resolve();
  speed: number | undefined;
  closing = false;
  /** Phrases already sent: the next one's alignment starts with the space between them. */
  sent = 0;
  readonly inFlight = new Set<AbortController>();
  constructor(readonly id: string) {}
}

class InputSession {
  private readonly contexts = new Map<string, Context>();
  private closed = false;
  private readonly idle: IdleTimer;

  constructor(
    private readonly socket: WebSocket,
    private readonly settings: Settings,
    private readonly generations: GenerationService,
    inactivityMs: number,
    private readonly log: FastifyRequest['log'],
  ) {
    socket.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
    socket.on('close', () => this.stop());
    socket.on('error', () => this.stop());
    this.idle = new IdleTimer(inactivityMs, () =>
      this.fail(new SocketEnd('input_timeout_exceeded', `No text received within ${inactivityMs / 1000} s; streaming input ended`, 1008)),
    );
  }

  private stop(): void {
    if (this.closed) return;
    this.closed = true;
    this.idle.stop();
    for (const context of this.contexts.values()) {
      context.buffer.clear();
      for (const abort of context.inFlight) abort.abort();
    }
  }

  /** Sends an error frame and closes; synthesis in flight stops and is charged for what was spoken. */
  fail(error: unknown, contextId?: string): void {
    if (this.closed) return;
    const end =
      error instanceof SocketEnd
        ? error
        : isAppError(error)
          ? new SocketEnd(error.code, error.message, error.status >= 500 ? 1011 : 1008)
          : new SocketEnd('internal_error', 'Something went wrong on our side', 1011);
    if (!(error instanceof SocketEnd) && !isAppError(error)) this.log.error({ err: error }, 'stream-input failed');
    this.send({ error: end.code, message: end.message, code: end.closeCode, ...this.contextFields(contextId) });
    this.stop();
    // A close reason is at most 123 bytes.
    this.socket.close(end.closeCode, Buffer.from(end.message).subarray(0, 120).toString());
  }

  private send(message: object): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private contextFields(id: string | undefined): object {
    return this.settings.multi && id !== undefined ? { contextId: id, context_id: id } : {};
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.idle.touch();
    try {
      const frame = readJsonFrame(data, isBinary);
      if (typeof frame === 'string') throw new SocketEnd('invalid_input_message', FRAME_PROBLEMS[frame], 1008);
      this.handle(frame);
    } catch (err) {
      this.fail(err);
    }
  }

  private handle(m: Record<string, unknown>): void {
    const { multi } = this.settings;
    if (multi && m['close_socket'] === true) {
      for (const context of this.contexts.values()) this.closeContext(context);
      void Promise.all([...this.contexts.values()].map((c) => c.chain)).then(() => {
        if (!this.closed) this.socket.close(1000);
      });
      return;
    }
    const text = m['text'];
    if (text !== undefined && typeof text !== 'string') throw new SocketEnd('invalid_input_message', 'text must be a string', 1008);
    if (text !== undefined && text.length > MAX_MESSAGE_TEXT) {
      throw new SocketEnd('text_too_long', `A text message holds at most ${MAX_MESSAGE_TEXT} characters`, 1008);
    }
    const rawId = m['context_id'];
    // Multi-context: `{"text": ""}` without a context is Pipecat's keep-alive.
    if (multi && rawId === undefined && text === '' && m['flush'] !== true) return;
    const id = typeof rawId === 'string' && rawId !== '' ? rawId : 'default';
    let context = this.contexts.get(id);
    if (!context || context.closing) {
      if (m['close_context'] === true) return;
      if ([...this.contexts.values()].filter((c) => !c.closing).length >= MAX_CONTEXTS) {
        throw new SocketEnd('too_many_contexts', `At most ${MAX_CONTEXTS} contexts may be open on one socket`, 1008);
      }
      context = new Context(id);
      this.contexts.set(id, context);
    }
    const settings = m['voice_settings'];
    if (settings && typeof settings === 'object' && typeof (settings as { speed?: unknown }).speed === 'number') {
      context.speed = speedForElevenLabs((settings as { speed: number }).speed);
    }
    if (m['close_context'] === true) {
      this.closeContext(context, false);
      return;
    }
    // Single context: `{"text": ""}` ends the input: the rest is spoken, then the socket closes.
    if (!multi && text === '') {
      this.closeContext(context);
      void context.chain.then(() => {
        if (!this.closed) this.socket.close(1000);
      });
      return;
    }
    if (text) for (const phrase of context.buffer.push(text)) this.enqueue(context, phrase);
    if (m['flush'] === true) {
      const rest = context.buffer.flush();
      if (rest) this.enqueue(context, rest);
    }
  }

  /** No more text for this context: what was flushed is spoken (and, with `speakRest`, what is left), then `isFinal`. */
  private closeContext(context: Context, speakRest = true): void {
    if (context.closing) return;
    context.closing = true;
    if (speakRest) {
      const rest = context.buffer.flush();
      if (rest) this.enqueue(context, rest);
    } else {
      context.buffer.clear();
    }
    context.chain = context.chain.then(() => {
      this.send({ isFinal: true, ...this.contextFields(context.id) });
      if (this.contexts.get(context.id) === context) this.contexts.delete(context.id);
    });
  }

  private enqueue(context: Context, phrase: string): void {
    context.chain = context.chain.then(() => this.speak(context, phrase)).catch((err: unknown) => this.fail(err, context.id));
  }

  /** One phrase: synthesized as one generation, sent as one message once its audio is made. */
  private async speak(context: Context, phrase: string): Promise<void> {
    if (this.closed) return;
    // A slow reader: the next phrase waits until what was sent has drained.
    while (!this.closed && this.socket.bufferedAmount > MAX_BUFFERED) await new Promise((r) => setTimeout(r, 20));
    const { caller, voice, model, output } = this.settings;
    const abort = new AbortController();
    context.inFlight.add(abort);
    try {
      const speech = await this.generations.stream(
        caller,
        {
          text: phrase,
          voice,
          model,
          format: output.format,
          sample_rate: output.sampleRate,
          ...(output.bitRate !== undefined ? { bit_rate: output.bitRate } : {}),
          ...(context.speed !== undefined && context.speed !== 1 ? { speed: context.speed } : {}),
        },
        abort.signal,
      );
      const pieces: Buffer[] = [];
      for await (const piece of output.headerless ? wavDataOnly(speech.chunks) : speech.chunks) pieces.push(piece);
      await speech.done;
      if (this.closed) return;
      const a = alignCharacters(phrase, speech.words(), { position: 0, time: 0 }, true);
      // Clients join the characters of successive messages into the text (Pipecat makes words of them).
      if (context.sent > 0) {
        a.characters.unshift(' ');
        a.starts.unshift(0);
        a.ends.unshift(0);
      }
      context.sent += 1;
      const alignment = {
        chars: a.characters,
        charStartTimesMs: a.starts.map((s) => Math.round(s * 1000)),
        charDurationsMs: a.starts.map((s, i) => Math.max(0, Math.round((a.ends[i]! - s) * 1000))),
      };
      this.send({
        audio: Buffer.concat(pieces).toString('base64'),
        isFinal: false,
        alignment,
        normalizedAlignment: alignment,
        ...this.contextFields(context.id),
      });
    } finally {
      context.inFlight.delete(abort);
    }
  }
}

function inactivity(query: Record<string, unknown>): number {
  const raw = Number(query['inactivity_timeout'] ?? DEFAULT_INACTIVITY_S);
  const seconds = Number.isFinite(raw) && raw > 0 ? Math.min(MAX_INACTIVITY_S, raw) : DEFAULT_INACTIVITY_S;
  return seconds * 1000;
}

export const elevenLabsStreamInputRoutes: FastifyPluginAsync<{ generations: GenerationService; library: VoiceLibrary }> = async (
  app,
  { generations, library },
) => {
  for (const multi of [false, true]) {
    app.get<{ Params: { voice_id: string }; Querystring: Record<string, unknown> }>(
      `/text-to-speech/:voice_id/${multi ? 'multi-stream-input' : 'stream-input'}`,
      { websocket: true, schema: { hide: true } },
      (socket, request) => {
        const early: unknown[] = [];
        // Messages that arrive while the voice is looked up wait for the session.
        const hold = (data: unknown, isBinary: boolean) => early.push([data, isBinary]);
        socket.on('message', hold);
        void (async () => {
          let settings: Settings;
          try {
            const query = request.query;
            const model = modelForElevenLabs(typeof query['model_id'] === 'string' ? query['model_id'] : undefined);
            const output = parseOutputFormat(typeof query['output_format'] === 'string' ? query['output_format'] : undefined);
            const found = await library.find(request.caller, request.params.voice_id);
            settings = { caller: request.caller, voice: found.id, model, output, multi };
          } catch (err) {
            const code = isAppError(err) ? err.code : 'internal_error';
            const message = err instanceof AppError ? err.message : 'Something went wrong on our side';
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ error: code, message, code: 1008 }));
            socket.close(1008, message.slice(0, 120));
            return;
          }
          socket.off('message', hold);
          const session = new InputSession(socket, settings, generations, inactivity(request.query), request.log);
          for (const [data, isBinary] of early as Array<[Buffer, boolean]>) socket.emit('message', data, isBinary);
          void session;
        })();
      },
    );
  }
};
