import type { MessagePort } from 'node:worker_threads';
import { AppError } from '../../../errors.js';
import { errorOf, type FailureReply, failureReply } from '../../../workers/worker-serve.js';
import type { EngineInfo, SpeechEngine, SynthesisInput, SynthesisResult, WordTiming } from '../../../speech/engine.js';

/** A synthesis asked for by the fitting thread: which engine, and the input without its signal. */
export interface RemoteSynthesis {
  id: number;
  engine: string;
  input: Omit<SynthesisInput, 'signal'>;
}

/** The answer the main thread sends back; the samples' buffer is moved, not copied. */
export type RemoteSynthesisReply =
  | { id: number; ok: true; sampleRate: number; samples: Float32Array; words: WordTiming[] }
  | ({ id: number } & FailureReply);

/**
 * A speech engine as seen from the clone-fitting thread: its facts (`info`) copied, each synthesis
 * sent over `port` to the main thread, which runs it on the real engine (in that engine's own
 * worker threads) and answers with the audio. Engines are loaded once per process, never per thread.
 */
export function remoteEngines(infos: EngineInfo[], port: MessagePort): SpeechEngine[] {
  let next = 0;
  const waiting = new Map<number, (reply: RemoteSynthesisReply) => void>();
  port.on('message', (reply: RemoteSynthesisReply) => {
    const settle = waiting.get(reply.id);
    waiting.delete(reply.id);
    settle?.(reply);
  });
  return infos.map((info) => ({
    info,
    isAvailable: async () => true,
    async synthesize(input: SynthesisInput): Promise<SynthesisResult> {
      const { signal: _signal, ...plain } = input;
      const id = next++;
      const reply = await new Promise<RemoteSynthesisReply>((resolve) => {
        waiting.set(id, resolve);
        const request: RemoteSynthesis = { id, engine: info.id, input: plain };
        port.postMessage(request);
      });
      if (!reply.ok) throw errorOf(reply);
      return { audio: { sampleRate: reply.sampleRate, samples: reply.samples }, words: reply.words };
    },
    async close() {},
  }));
}

/**
 * The main thread's side of `remoteEngines`: answers each synthesis the fitting thread asks for on
 * `port` with the engine of that id. Returns a function that stops answering.
 */
export function serveRemoteEngines(engines: readonly SpeechEngine[], port: MessagePort): () => void {
  const byId = new Map(engines.map((engine) => [engine.info.id, engine]));
  const answer = async (request: RemoteSynthesis): Promise<void> => {
    let reply: RemoteSynthesisReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const engine = byId.get(request.engine);
      if (engine === undefined) throw new AppError('service_unavailable', `No ${request.engine} engine is installed`);
      const { audio, words } = await engine.synthesize(request.input);
      // A copy of its own: the engine's buffer may be shared or kept, and moving it would empty it.
      const samples = audio.samples.slice();
      transfer = [samples.buffer];
      reply = { id: request.id, ok: true, sampleRate: audio.sampleRate, samples, words };
    } catch (error) {
      reply = { id: request.id, ...failureReply(error, request.engine) };
    }
    port.postMessage(reply, transfer);
  };
  port.on('message', (request: RemoteSynthesis) => void answer(request));
  return () => {
    port.removeAllListeners('message');
    port.close();
  };
}
