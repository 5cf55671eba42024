import type { PcmAudio } from '../audio/pcm.js';
import { resample } from '../audio/resample.js';
import { makeSilence } from '../audio/silence.js';
import { applyTransform, transformTimings } from '../audio/transform.js';
import type { ModelKey } from './model-keys.js';
import { AppError } from '../errors.js';
import type { EngineVoice, SpeechEngine, SynthesisInput, WordTiming } from './engine.js';
import type { EngineRegistry } from './engine-registry.js';
import { EMOTIONS, type MarkupSegment } from './markup.js';
import { chooseEngine, type ClosestLanguage, speechLanguageFor } from './model-policy.js';
import type { VoiceTransform } from './voice-identity.js';

/** How one voice sounds: its language, its realization per engine, and its default pace. */
export interface VoiceRealization {
  language: string;
  /**
   * Engine id → the engine voice and parameters that realize this voice there, and optionally the
   * transform to use after that engine instead of `transform`.
   */
  engines: Record<string, EngineVoice & { transform?: VoiceTransform }>;
  /** Default tempo when the request gives no `speed`. */
  defaultSpeed: number;
  /** Default prosodic variation 0..1 when the request gives no `temperature`. */
  defaultVariation: number;
  /** Signal processing after synthesis that moves any engine's output towards the voice. */
  transform?: VoiceTransform;
}

export type DeliveryMode = 'STABLE' | 'BALANCED' | 'CREATIVE';

export interface SpeakRequest {
  segments: readonly MarkupSegment[];
  voice: VoiceRealization;
  model: ModelKey;
  speed?: number;
  /** 0.7-1.5 (v-pro, v-lite). */
  temperature?: number;
  /** v-studio only. */
  deliveryMode?: DeliveryMode;
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
 * than v-pro even when BALANCED (20 % wider intonation asked; about 14 % measured on Kokoro after
 * resynthesis), so the steerable model is never the same rendering as the default one.
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
 * Text segments → one PCM stream with word timings. Picks the engine for the model and
 * language, synthesizes each speech segment (with v-studio's emotion steering), inserts pauses
 * of exactly the requested length, and shifts each segment's word timings to its place.
 */
export class SpeechPipeline {
  /** Voice language and engine set → the language spoken (see `speechLanguageFor`); it is pure, so kept. */
  private readonly spokenLanguages = new Map<string, string | null>();

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

  async speak(request: SpeakRequest): Promise<SpeakResult> {
    const { engine, language } = await this.pickEngine(request.model, request.voice);
    const { transform: engineTransform, ...engineVoice } = request.voice.engines[engine.info.id] ?? {
      id: language,
    };
    const steerable = request.model === 'v-studio';
    const delivery = steerable ? DELIVERY[request.deliveryMode ?? 'BALANCED'] : null;
    const baseVariation =
      delivery?.variation ??
      (request.temperature !== undefined ? temperatureToVariation(request.temperature) : request.voice.defaultVariation);
    const baseSpeed = request.speed ?? request.voice.defaultSpeed;

    // Synthesize speech segments in order; pauses are laid out once the output rate is known.
    type Piece = { pause: number } | { audio: PcmAudio; words: WordTiming[]; steer?: VoiceTransform };
    const pieces: Piece[] = [];
    for (const segment of request.segments) {
      if (segment.kind === 'pause') {
        pieces.push({ pause: segment.seconds });
        continue;
      }
      const style = steerable && segment.emotion ? EMOTIONS[segment.emotion] : undefined;
      const prosody =
        delivery || style
          ? {
              pitchSemitones: style?.pitchSemitones ?? 0,
              rangeScale: (delivery?.rangeScale ?? 1) * (style?.pitchRange ?? 1),
            }
          : undefined;
      const result = await this.synthesize(engine, {
        text: segment.text,
        language,
        voice: engineVoice,
        speed: clamp(baseSpeed * (style?.pace ?? 1), 0.3, 2.5),
        variation: baseVariation,
        ...(prosody ? { prosody } : {}),
      });
      if (style && style.energyDb !== 0) applyGain(result.audio.samples, style.energyDb);
      const steer = prosody ? unrealizedProsody(engine, prosody) : undefined;
      pieces.push(steer ? { ...result, steer } : result);
    }

    // Around a pause, the engine's own leading/trailing silence is cut so the silence a
    // listener hears between the words is the requested length, not that plus padding.
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if ('pause' in piece) continue;
      const before = i > 0 && 'pause' in pieces[i - 1]!;
      const after = i < pieces.length - 1 && 'pause' in pieces[i + 1]!;
      if (before || after) pieces[i] = { ...piece, ...trimSilentEdges(piece, before, after) };
    }

    const first = pieces.find((p): p is { audio: PcmAudio; words: WordTiming[] } => 'audio' in p);
    const rate = first?.audio.sampleRate ?? DEFAULT_RATE;
    const chunks: Float32Array[] = [];
    const words: WordTiming[] = [];
    let offsetSamples = 0;
    // The voice transform runs on each speech piece, so pauses keep exactly the requested length
    // even when it changes the tempo; word timings move with it.
    const voiceTransform = engineTransform ?? request.voice.transform ?? {};
    for (const piece of pieces) {
      const transform = 'steer' in piece && piece.steer ? combine(voiceTransform, piece.steer) : voiceTransform;
      const audio =
        'pause' in piece
          ? makeSilence(rate, piece.pause)
          : applyTransform(resampleTo(piece.audio, rate), transform);
      if ('words' in piece) {
        const offset = offsetSamples / rate;
        for (const w of transformTimings(piece.words, transform)) {
          words.push({ word: w.word, start: w.start + offset, end: w.end + offset });
        }
      }
      chunks.push(audio.samples);
      offsetSamples += audio.samples.length;
    }
    const samples = new Float32Array(offsetSamples);
    let at = 0;
    for (const chunk of chunks) {
      samples.set(chunk, at);
      at += chunk.length;
    }
    return { audio: { sampleRate: rate, samples }, words, engine: engine.info.id, language };
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

  /**
   * The model's engine among those this voice has a realization for, so a voice keeps sounding
   * like itself (a male preset is never handed to an engine's only, female voice), chosen by the
   * voice's language; when none of them speaks it (an experimental language), by the closest
   * language one of them speaks, which is then the language synthesized.
   */
  private async pickEngine(model: ModelKey, voice: VoiceRealization): Promise<{ engine: SpeechEngine; language: string }> {
    const available = await this.engines.available();
    const realizable = available.filter((e) => voice.engines[e.info.id] !== undefined);
    const pool = realizable.length > 0 ? realizable : available;
    const key = `${voice.language}|${pool.map((e) => e.info.id).join(',')}`;
    let language = this.spokenLanguages.get(key);
    if (language === undefined) {
      language = speechLanguageFor(voice.language, pool, this.closest);
      this.spokenLanguages.set(key, language);
    }
    const engine = language === null ? null : chooseEngine(model, language, pool);
    if (!engine || language === null) {
      throw new AppError('provider_error', `No speech engine is installed for ${voice.language}`, { retryable: false });
    }
    return { engine, language };
  }
}

const DEFAULT_RATE = 22_050;
/**
 * Level below which an edge of a segment counts as silence (dBFS over 5 ms frames). Decay tails
 * under -45 dBFS are inaudible next to a pause, and leaving them would lengthen the pause.
 */
const EDGE_SILENCE_DB = -45;
/** Fade applied where an edge is cut, so the cut never clicks. */
const EDGE_FADE_SECONDS = 0.003;

/** Cuts silence at the start and/or end of one synthesized segment, moving its word timings. */
export function trimSilentEdges(
  piece: { audio: PcmAudio; words: WordTiming[] },
  start: boolean,
  end: boolean,
): { audio: PcmAudio; words: WordTiming[] } {
  const { samples, sampleRate } = piece.audio;
  const frame = Math.max(1, Math.round(sampleRate * 0.005));
  const threshold = 10 ** (EDGE_SILENCE_DB / 20);
  const loud = (from: number) => {
    let sum = 0;
    const to = Math.min(samples.length, from + frame);
    for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
    return Math.sqrt(sum / Math.max(1, to - from)) > threshold;
  };
  let first = 0;
  if (start) while (first < samples.length && !loud(first)) first += frame;
  let last = samples.length;
  if (end) while (last > first && !loud(Math.max(first, last - frame))) last -= frame;
  if (first >= last) return { audio: { sampleRate, samples: new Float32Array(0) }, words: piece.words.map((w) => ({ ...w, start: 0, end: 0 })) };
  const shift = first / sampleRate;
  const length = (last - first) / sampleRate;
  const trimmed = samples.slice(first, last);
  const fade = Math.min(trimmed.length >> 1, Math.round(EDGE_FADE_SECONDS * sampleRate));
  for (let i = 0; i < fade; i++) {
    const gain = i / fade;
    if (start && first > 0) trimmed[i] = trimmed[i]! * gain;
    if (end && last < samples.length) trimmed[trimmed.length - 1 - i] = trimmed[trimmed.length - 1 - i]! * gain;
  }
  return {
    audio: { sampleRate, samples: trimmed },
    words: piece.words.map((w) => ({
      word: w.word,
      start: Math.min(length, Math.max(0, w.start - shift)),
      end: Math.min(length, Math.max(0, w.end - shift)),
    })),
  };
}

/**
 * The part of v-studio's steering the engine does not realize itself (EngineInfo.prosody), as a
 * transform: base pitch in semitones and intonation width.
 */
function unrealizedProsody(
  engine: SpeechEngine,
  prosody: { pitchSemitones: number; rangeScale: number },
): VoiceTransform | undefined {
  const native = engine.info.prosody ?? 'none';
  if (native === 'full') return undefined;
  const steer: VoiceTransform = {};
  if (native === 'none' && prosody.pitchSemitones !== 0) steer.pitchShiftSemitones = prosody.pitchSemitones;
  if (prosody.rangeScale !== 1) steer.intonationScale = prosody.rangeScale;
  return Object.keys(steer).length > 0 ? steer : undefined;
}

/** A voice's transform with steering on top: pitch shifts add, intonation widths multiply. */
function combine(base: VoiceTransform, steer: VoiceTransform): VoiceTransform {
  return {
    ...base,
    pitchShiftSemitones: (base.pitchShiftSemitones ?? 0) + (steer.pitchShiftSemitones ?? 0),
    intonationScale: (base.intonationScale ?? 1) * (steer.intonationScale ?? 1),
  };
}

function resampleTo(audio: PcmAudio, rate: number): PcmAudio {
  return audio.sampleRate === rate ? audio : resample(audio, rate);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function applyGain(samples: Float32Array, db: number): void {
  const gain = 10 ** (db / 20);
  for (let i = 0; i < samples.length; i++) samples[i] = clamp(samples[i]! * gain, -1, 1);
}
