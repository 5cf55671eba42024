import type { PcmAudio } from '../audio/pcm.js';
import type { VoiceTransform } from '../audio/voice-transform.js';

/** One spoken word and where it sits in the returned audio, in seconds. */
export interface WordTiming {
  word: string;
  start: number;
  end: number;
}

/**
 * One engine's way of producing a voice: its own voice id plus engine-specific parameters, and the
 * transform to run after it. The engine reads `id` and `params`; the pipeline runs `transform`.
 */
export interface EngineRealization {
  /** The engine's voice identifier, e.g. `gmw/en-US` (espeak-ng), `slt` (flite), `af_heart` (kokoro). */
  id: string;
  /** Engine-specific parameters (espeak-ng: variant, pitch, range, rate). Unknown keys are ignored. */
  params?: Record<string, number | string | boolean>;
  /**
   * Signal processing after this engine, replacing the identity's `transform` (which is fitted to
   * the probe engine's output). Stock-voice engines (Flite, Pico) carry their own
   * (`engines/shared/stock-voice-fit.ts`).
   */
  transform?: VoiceTransform;
}

/** What an engine is asked to say. Text is already cleaned of all markup. */
export interface SynthesisInput {
  text: string;
  /** BCP-47 tag, e.g. `en-US`; the engine picks its closest language for it. */
  language: string;
  voice: EngineRealization;
  /** Tempo multiplier, 1 = the voice's normal pace (0.5 = half as fast). */
  speed: number;
  /** Prosodic variation 0..1 (0 = flat and stable, 1 = very varied). Engines map it as they can. */
  variation: number;
  /**
   * Steering on top of the voice (v-studio emotions): base pitch shift in semitones and a
   * multiplier on the intonation range. Engines that can realize them natively do; the
   * pipeline's transform stage covers what an engine cannot.
   */
  prosody?: { pitchSemitones: number; rangeScale: number };
  /**
   * Only to engines whose `info.phonemeInput` is `ipa`: one entry per whitespace token of `text`,
   * the IPA to speak for that token instead of reading it (a lexicon entry, already validated), ''
   * for a token with nothing of its own to say, or null to read it as usual.
   */
  pronunciations?: ReadonlyArray<string | null>;
  /**
   * Aborting it gives up the synthesis: a request still queued for an engine worker is dropped;
   * the neural engines (Kokoro, Piper) also stop one already running (by ending its worker).
   */
  signal?: AbortSignal;
}

export interface SynthesisResult {
  audio: PcmAudio;
  /** Every spoken word of the input, in order, with times inside `audio`. */
  words: WordTiming[];
}

/** A voice an engine offers, as plain data. */
export interface EngineVoiceInfo {
  id: string;
  name: string;
  /** BCP-47 tags this voice speaks. */
  languages: string[];
  gender?: 'female' | 'male' | 'neutral';
}

/** Static facts about an engine, so the rest of the service can choose engines without knowing them. */
export interface EngineInfo {
  id: string;
  label: string;
  /** Relative naturalness from ../shared/quality (NISQA-TTS MOS, 1..5), measured; used to rank engines. */
  naturalness: number;
  /** Rough real-time factor on the reference machine; used to rank engines for speed. */
  realTimeFactor: number;
  /**
   * `neural`: a trained acoustic model and vocoder (Kokoro, Piper); `basic`: rule-based, formant or
   * concatenative synthesis (eSpeak NG, Flite, SVOX Pico). `GET /api/v1/voices/languages` reports
   * the tier of the engine that speaks each language.
   */
  tier: 'neural' | 'basic';
  /**
   * How well a recognizer understands this engine, per bare language measured: the corpus error rate
   * of `npm run bench:intelligibility`'s sentences under Whisper base (CER for ja, zh, ko and th, WER
   * otherwise; docs/benchmarks.md, section j). A language left out was not measured.
   */
  intelligibility?: Readonly<Record<string, number>>;
  /**
   * How much of `SynthesisInput.prosody` the engine realizes itself: `full` (pitch and range),
   * `pitch` (base pitch only), `none` (default). The pipeline's transform stage does the rest.
   */
  prosody?: 'full' | 'pitch' | 'none';
  /** `ipa`: the engine takes per-word IPA (`SynthesisInput.pronunciations`); absent: it does not. */
  phonemeInput?: 'ipa';
  /**
   * Joins consecutive sentences into calls of up to this many characters after the first one
   * (each call has a fixed cost: Kokoro pads every input and runs its graph once per call).
   * Absent: one call per sentence.
   */
  sentenceBatchCharacters?: number;
  /**
   * Calls the engine runs at once (its worker threads). Default 1. An answer wanted whole goes to
   * such an engine as this many even pieces at once (`SpeechPipeline.open`'s `whole`).
   */
  concurrentCalls?: number;
  voices: EngineVoiceInfo[];
}

/**
 * Axes along which an engine can move one of its voices continuously, so a search can look for a
 * voice between and beyond its stock voices. Each axis is scaled so that 1 is about one standard
 * deviation of the engine's own voices along it; the origin is the voice being moved.
 * `move(move(v, a), b)` is `move(v, a + b)` while no engine limit is reached.
 */
export interface VoiceSpace {
  readonly dimensions: number;
  /** `voice` moved to `point` (one coordinate per axis); other fields of `voice` are kept. */
  move<V extends EngineRealization>(voice: V, point: readonly number[]): V;
  /**
   * How far `voice` moved to a point lies in timbre from the engine's own voice it was made from, in
   * standard deviations of the engine's own voices (pitch axes excluded): what `voice` already carries
   * of a move counts with the point. A search that keeps this near the spread of the stock voices
   * stays among sounds the engine makes naturally. Made once per voice: a search asks it of many points.
   */
  spreadFrom(voice: EngineRealization): (point: readonly number[]) => number;
}

/**
 * A speech engine. Implementations live in `speech/engines/<name>/`, are loaded lazily with
 * `await import()`, run synthesis off the HTTP event loop, and never share mutable state
 * between concurrent calls.
 */
export interface SpeechEngine {
  readonly info: EngineInfo;
  /** False when the engine needs data (weights, lingware) that is not installed. */
  isAvailable(): Promise<boolean>;
  synthesize(input: SynthesisInput): Promise<SynthesisResult>;
  /** Optional: starts workers and runs a few syntheses so the first request is not the slow one. */
  warm?(): Promise<void>;
  /**
   * Optional: the engine's voices as a continuous space the voice library can search (a clone's
   * refinement), or null when the data it is made from is not installed.
   */
  voiceSpace?(): Promise<VoiceSpace | null>;
  /** Stops worker threads; further calls fail. */
  close(): Promise<void>;
}
