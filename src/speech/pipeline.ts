import type { PcmAudio } from '../audio/pcm.js';
import { makeSilence } from '../audio/silence.js';
import { applyTransform, transformTimings } from '../audio/transform.js';
import type { ModelKey } from './model-keys.js';
import { AppError } from '../errors.js';
import type { EngineInfo, EngineRealization, SpeechEngine, SynthesisInput, WordTiming } from './engine.js';
import type { EngineRegistry } from './engine-registry.js';
import { EMOTIONS, type MarkupSegment } from './markup.js';
import { captionTimings, engineText } from './front-end.js';
import type { LexiconEntry } from './lexicon.js';
import { chooseEngine, type ClosestLanguage, speechLanguageFor } from './model-policy.js';
import {
  SENTENCE_GAP_SECONDS,
  applyGain,
  clamp,
  combine,
  padEnd,
  resampleTo,
  silentEdges,
  trimSilentEdges,
  unrealizedProsody,
} from './pipeline-pieces.js';
import { batchSentences, evenPieces, planUnits, type SpeechUnit, spokenLength, type Unit } from './pipeline-units.js';
import type { VoiceIdentity, VoiceTransform } from './voice-identity.js';

/** One piece of an utterance: a sentence's audio, or a pause's silence. */
export interface SpeechChunk {
  /** At the utterance's rate (the engine's), voice transform applied. */
  audio: PcmAudio;
  /** This chunk's words, in seconds from the start of the whole utterance. */
  words: WordTiming[];
  /** Where the chunk starts in the utterance, seconds. */
  start: number;
  /** Length of the sentence text this chunk speaks (UTF-16 units; 0 for a pause). */
  spokenCharacters: number;
}

/** An utterance being synthesized: the engine and language chosen, and its chunks in order. */
export interface Utterance {
  engine: string;
  language: string;
  /** Sum of the chunks' `spokenCharacters`: all of them have been yielded when they add up to this. */
  spokenCharacters: number;
  chunks: AsyncGenerator<SpeechChunk>;
}

interface SentenceSettings {
  engine: SpeechEngine;
  language: string;
  voice: EngineRealization;
  steerable: boolean;
  delivery: { variation: number; rangeScale: number } | null;
  variation: number;
  speed: number;
  transform: VoiceTransform;
  lexicon?: LexiconEntry[];
}

type Synthesized = { audio: PcmAudio; words: WordTiming[]; steer?: VoiceTransform };

const DEFAULT_RATE = 22_050;

export type DeliveryMode = 'STABLE' | 'BALANCED' | 'CREATIVE';

export interface SpeakRequest {
  segments: readonly MarkupSegment[];
  /**
   * The voice: its identity's realization per engine and transform (each engine's own transform
   * replaces the identity's after that engine), the language it speaks, and its default pace and
   * prosodic variation 0..1 for a request that gives no `speed` or `temperature`.
   */
  voice: Pick<VoiceIdentity, 'engines' | 'transform'> & { language: string; defaultSpeed: number; defaultVariation: number };
  model: ModelKey;
  speed?: number;
  /** 0.7-1.5 (v-pro, v-lite). */
  temperature?: number;
  /** v-studio only. */
  deliveryMode?: DeliveryMode;
  /** Pronunciation lexicon entries, merged in priority order (speech/lexicon.ts). */
  lexicon?: LexiconEntry[];
}

export interface SpeakResult {
  audio: PcmAudio;
  words: WordTiming[];
  engine: string;
  /** The language the engine spoke: the voice's, or the closest one an engine speaks (`speechLanguageFor`). */
  language: string;
}

/**
 * delivery_mode → prosodic variation and intonation width for v-studio. v-studio reads more animated
 * than v-pro even when BALANCED (20 % wider intonation asked; 18–19 % measured on Kokoro, which
 * widens its predicted melody in the model), so the steerable model is never the same rendering as
 * the default one.
 */
const DELIVERY: Record<DeliveryMode, { variation: number; rangeScale: number }> = {
  STABLE: { variation: 0.15, rangeScale: 0.7 },
  BALANCED: { variation: 0.5, rangeScale: 1.2 },
  CREATIVE: { variation: 0.95, rangeScale: 1.6 },
};

/** temperature 0.7..1.5 → variation 0..1, linearly. */
export function temperatureToVariation(temperature: number): number {
  return Math.min(1, Math.max(0, (temperature - 0.7) / 0.8));
}

/**
 * Text segments → PCM with word timings, whole or sentence by sentence. Picks the engine for the model and
 * language, synthesizes each speech segment (with v-studio's emotion steering), inserts pauses
 * of exactly the requested length, and shifts each segment's word timings to its place.
 */
export class SpeechPipeline {
  /** Voice language and engine set → the language spoken (see `speechLanguageFor`); it is pure, so kept. */
  private readonly spokenLanguages = new Map<string, string | null>();
  /** Model, language and engine set → `engineForLanguage`'s answer; as pure, so kept too. */
  private readonly languageEngines = new Map<string, { engine: EngineInfo; language: string } | null>();

  /**
   * @param closest how a language no engine speaks finds the closest one that an engine does (the
   *   voice library's `fallbackSpeechLanguage`); without it such voices fail with `provider_error`.
   */
  constructor(
    private readonly engines: EngineRegistry,
    private readonly closest?: ClosestLanguage,
    /** Told of each engine call: engine id, wall-clock seconds, seconds of audio (metrics). */
    private readonly observe?: (engine: string, seconds: number, audioSeconds: number) => void,
  ) {}

  /**
   * The whole utterance at once: every chunk of `open` joined. The JSON route and previews use it;
   * its audio and timings are exactly the concatenation of what `open` streams.
   */
  async speak(request: SpeakRequest): Promise<SpeakResult> {
    const utterance = await this.open(request);
    const parts: Float32Array[] = [];
    const words: WordTiming[] = [];
    let rate = DEFAULT_RATE;
    let total = 0;
    for await (const chunk of utterance.chunks) {
      rate = chunk.audio.sampleRate;
      parts.push(chunk.audio.samples);
      words.push(...chunk.words);
      total += chunk.audio.samples.length;
    }
    const samples = new Float32Array(total);
    let at = 0;
    for (const part of parts) {
      samples.set(part, at);
      at += part.length;
    }
    return { audio: { sampleRate: rate, samples }, words, engine: utterance.engine, language: utterance.language };
  }

  /**
   * Sentence by sentence: picks the engine (errors such as `provider_error` for an unspoken
   * language are thrown here, before any synthesis), then yields the utterance as chunks, one per
   * sentence or pause, in order. While a chunk is being consumed, the next sentence is already
   * being synthesized (one ahead, never more: a streamed request never runs two syntheses at once).
   * Aborting `signal` stops at the next chunk boundary with `signal.reason`; the sentence that was
   * already started finishes in its engine and is dropped.
   *
   * `whole`: the caller answers only once the utterance is complete (the JSON route's jobs), so
   * nobody is waiting for the first sentence. With an engine that runs several calls at once
   * (`EngineInfo.concurrentCalls`), the text then goes as that many even pieces, all synthesized
   * at once; the chunks still come in order.
   */
  async open(request: SpeakRequest, signal?: AbortSignal, { whole = false }: { whole?: boolean } = {}): Promise<Utterance> {
    const { engine, language } = await this.pickEngine(request.model, request.voice);
    const { transform: engineTransform, ...engineVoice } = request.voice.engines[engine.info.id] ?? {
      id: language,
    };
    const steerable = request.model === 'v-studio';
    const delivery = steerable ? DELIVERY[request.deliveryMode ?? 'BALANCED'] : null;
    const settings: SentenceSettings = {
      engine,
      language,
      voice: engineVoice,
      steerable,
      delivery,
      variation:
        delivery?.variation ??
        (request.temperature !== undefined ? temperatureToVariation(request.temperature) : request.voice.defaultVariation),
      speed: request.speed ?? request.voice.defaultSpeed,
      // The voice transform runs on each speech piece, so pauses keep exactly the requested length
      // even when it changes the tempo; word timings move with it.
      transform: engineTransform ?? request.voice.transform ?? {},
      ...(request.lexicon ? { lexicon: request.lexicon } : {}),
    };
    const planned = planUnits(request.segments);
    const batch = engine.info.sentenceBatchCharacters;
    const spokenCharacters = spokenLength(planned);
    // Even pieces only when each gets at least a batch: a short answer keeps its first sentence
    // alone, so its encoding starts while the rest is synthesized.
    const calls = whole ? Math.max(1, engine.info.concurrentCalls ?? 1) : 1;
    const even = calls > 1 && spokenCharacters >= calls * (batch ?? 0);
    const units = even ? evenPieces(planned, calls) : batch === undefined ? planned : batchSentences(planned, batch);
    return {
      engine: engine.info.id,
      language,
      spokenCharacters,
      chunks: this.chunks(units, settings, even ? calls : 1, signal),
    };
  }

  /** `ahead`: speech units synthesizing at once, the one being waited for included. */
  private async *chunks(units: Unit[], settings: SentenceSettings, ahead: number, signal?: AbortSignal): AsyncGenerator<SpeechChunk> {
    const started = new Map<number, Promise<Synthesized>>();
    let last = -1;
    const start = (index: number): void => {
      const unit = units[index];
      if (unit?.kind !== 'speech' || started.has(index)) return;
      const job = this.synthesizeSentence(unit, settings);
      job.catch(() => undefined); // awaited below, or dropped when the consumer stops early
      started.set(index, job);
      last = Math.max(last, index);
    };
    const nextSpeech = (after: number): number => units.findIndex((u, i) => i > after && u.kind === 'speech');
    /** Starts the speech units after the last one started until `ahead` are under way. */
    const fill = (): void => {
      for (let next = nextSpeech(last); next !== -1 && started.size < ahead; next = nextSpeech(last)) start(next);
    };
    fill();
    let rate: number | undefined;
    let offsetSamples = 0;
    for (let i = 0; i < units.length; i++) {
      signal?.throwIfAborted();
      const unit = units[i]!;
      if (unit.kind === 'pause') {
        // Pauses are laid out at the engine's rate, known once the first sentence is back.
        rate ??= (await started.get(nextSpeech(i)))?.audio.sampleRate ?? DEFAULT_RATE;
        const audio = makeSilence(rate, unit.seconds);
        yield { audio, words: [], start: offsetSamples / rate, spokenCharacters: 0 };
        offsetSamples += audio.samples.length;
        continue;
      }
      start(i);
      let piece = await started.get(i)!;
      started.delete(i);
      signal?.throwIfAborted();
      fill();
      rate ??= piece.audio.sampleRate;
      // Around a pause, the engine's own leading/trailing silence is cut so the silence a
      // listener hears between the words is the requested length, not that plus padding.
      if (unit.trimStart || unit.trimEnd) piece = { ...piece, ...trimSilentEdges(piece, unit.trimStart, unit.trimEnd) };
      if (unit.sentenceFollows) {
        // The next sentence's own lead-in is not known yet; this one's stands in for it (an engine
        // starts every sentence alike).
        const { lead, tail } = silentEdges(piece.audio);
        piece = { ...piece, audio: padEnd(piece.audio, SENTENCE_GAP_SECONDS / settings.speed - lead - tail) };
      }
      const transform = piece.steer ? combine(settings.transform, piece.steer) : settings.transform;
      const audio = applyTransform(resampleTo(piece.audio, rate), transform);
      const offset = offsetSamples / rate;
      const words = transformTimings(piece.words, transform).map((w) => ({
        word: w.word,
        start: w.start + offset,
        end: w.end + offset,
      }));
      yield { audio, words, start: offset, spokenCharacters: unit.text.length };
      offsetSamples += audio.samples.length;
    }
  }

  /** One sentence through the engine, with v-studio's emotion steering. */
  private async synthesizeSentence(unit: SpeechUnit, settings: SentenceSettings): Promise<Synthesized> {
    const { engine, delivery } = settings;
    const style = settings.steerable && unit.emotion ? EMOTIONS[unit.emotion] : undefined;
    const prosody =
      delivery || style || unit.pitchSemitones !== 0
        ? {
            pitchSemitones: (style?.pitchSemitones ?? 0) + unit.pitchSemitones,
            rangeScale: (delivery?.rangeScale ?? 1) * (style?.pitchRange ?? 1),
          }
        : undefined;
    // The engine speaks the normalized words, and the IPA of lexicon entries and <phoneme> tags if it
    // takes IPA; captions keep the written words (docs/text.md).
    const input = engineText(unit, settings.language, {
      ...(settings.lexicon ? { lexicon: settings.lexicon } : {}),
      takesIpa: engine.info.phonemeInput === 'ipa',
    });
    const result = await this.synthesize(engine, {
      text: input.text,
      ...(input.pronunciations ? { pronunciations: input.pronunciations } : {}),
      language: settings.language,
      voice: settings.voice,
      speed: clamp(settings.speed * (style?.pace ?? 1) * unit.rate, 0.3, 2.5),
      variation: settings.variation,
      ...(prosody ? { prosody } : {}),
    });
    result.words = captionTimings(input, result.words);
    if (style && style.energyDb !== 0) applyGain(result.audio.samples, style.energyDb);
    const steer = prosody ? unrealizedProsody(engine, prosody) : undefined;
    return steer ? { ...result, steer } : result;
  }

  private async synthesize(engine: SpeechEngine, input: SynthesisInput) {
    try {
      const started = performance.now();
      const result = await engine.synthesize(input);
      const { samples, sampleRate } = result.audio;
      this.observe?.(engine.info.id, (performance.now() - started) / 1000, samples.length / sampleRate);
      return result;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('provider_error', `The ${engine.info.label} engine failed to synthesize this text`, {
        retryable: true,
        cause: err,
      });
    }
  }

  /** What the engine that would speak this request is (id, IPA input…), without synthesizing. */
  async engineFor(model: ModelKey, voice: SpeakRequest['voice']): Promise<EngineInfo> {
    return (await this.pickEngine(model, voice)).engine.info;
  }

  /**
   * The engine `model` speaks `language` with on this installation (any of its voices), and the
   * language it is then synthesized in: the language itself, or for an experimental one the closest
   * language an installed engine speaks. Null when no engine is installed.
   */
  async engineForLanguage(model: ModelKey, language: string): Promise<{ engine: EngineInfo; language: string } | null> {
    const available = await this.engines.available();
    // Kept: the language list asks this for ~530 languages per request, and choosing scans every
    // engine's voices (a listing took about 23 ms before, 4 ms with this kept).
    const key = `${model}|${language}|${available.map((e) => e.info.id).join(',')}`;
    let found = this.languageEngines.get(key);
    if (found === undefined) {
      const spoken = this.spokenLanguage(language, available);
      const engine = spoken === null ? null : chooseEngine(model, spoken, available);
      found = engine && spoken !== null ? { engine: engine.info, language: spoken } : null;
      this.languageEngines.set(key, found);
    }
    return found;
  }

  /**
   * The model's engine among those this voice has a realization for, so a voice keeps sounding
   * like itself (a male preset is never handed to an engine's only, female voice), chosen by the
   * voice's language; when none of them speaks it (an experimental language), by the closest
   * language one of them speaks, which is then the language synthesized.
   */
  private async pickEngine(model: ModelKey, voice: SpeakRequest['voice']): Promise<{ engine: SpeechEngine; language: string }> {
    const available = await this.engines.available();
    const realizable = available.filter((e) => voice.engines[e.info.id] !== undefined);
    const pool = realizable.length > 0 ? realizable : available;
    const language = this.spokenLanguage(voice.language, pool);
    const engine = language === null ? null : chooseEngine(model, language, pool);
    if (!engine || language === null) {
      throw new AppError('provider_error', `No speech engine is installed for ${voice.language}`, { retryable: false });
    }
    return { engine, language };
  }

  /** `speechLanguageFor`, remembered per language and engine set (the closest-language search is not cheap). */
  private spokenLanguage(language: string, pool: readonly SpeechEngine[]): string | null {
    const key = `${language}|${pool.map((e) => e.info.id).join(',')}`;
    let spoken = this.spokenLanguages.get(key);
    if (spoken === undefined) {
      spoken = speechLanguageFor(language, pool, this.closest);
      this.spokenLanguages.set(key, spoken);
    }
    return spoken;
  }
}
