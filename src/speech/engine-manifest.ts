import type { Config } from '../config.js';
import type { SpeechEngine } from './engine.js';
import type { VoiceDescription, VoiceGender } from './voice-description.js';
import type { EngineRealization, VoiceTraits, VoiceTransform } from './voice-identity.js';

/**
 * What an engine tells the rest of the service about itself without being loaded: how to load it,
 * which languages its voices declare, and how it voices an engine-neutral description (its
 * "voicing"). Each engine folder exports one (`speech/engines/<name>/manifest.ts`); the one list of
 * them is `speech/engine-manifests.ts`, and the registry and all voice realization loop over it.
 */
export interface EngineManifest {
  readonly id: string;
  /** Loads the engine (imports its module lazily); `context.engine` gives another engine it builds on. */
  load(context: EngineLoadContext): Promise<SpeechEngine>;
  /**
   * Language tags its voices declare, as the engine spells them (may be loose: espeak-ng's Cherokee
   * is `chr-US-Qaaa-x-west`). `natural`: the main language of a voice of a natural language (not a
   * constructed one), so the voice library lists it even where CLDR knows nothing of it.
   */
  declaredLanguages(): ReadonlyArray<{ tag: string; natural: boolean }>;
  voicing?: EngineVoicing;
  /**
   * Loaded and warmed at start when the role synthesizes (`ENGINE_WARMUP`), when installed: the
   * engine every request can fall back to (espeak-ng), and the one v-pro speaks with (Kokoro).
   */
  warmAtStart?: boolean;
  /** Per-word IPA the engine takes, when it takes any: the characters of `ipa` it cannot say. */
  unknownIpa?(ipa: string): string[];
}

export interface EngineLoadContext {
  config: Readonly<Config>;
  /** Another engine of the registry, loaded on first use (Pico's word timings align to espeak-ng's). */
  engine(id: string): Promise<SpeechEngine>;
}

/**
 * How an engine realizes voices. Every part is optional: the voice library asks each engine for what
 * it offers, through `speech/engine-voicing.ts`, and never names one.
 */
export interface EngineVoicing {
  /**
   * Realizes a description from the engine's own calibration (Kokoro's blends). `taken`: the keys of
   * realizations already given to other voices of the group, so a group gets distinct ones.
   */
  fit?(
    description: VoiceDescription,
    taken: ReadonlySet<string>,
    options: GroupOptions,
  ): { realization: EngineRealization; key: string } | undefined;
  /**
   * Realizations of a measured voice (a clone) worth rendering, best predicted first; `heard` is the
   * recording's speaker embedding when the encoder is installed.
   */
  cloneCandidates?(description: VoiceDescription, limit: number, heard?: Float32Array): EngineRealization[];
  /** Moves a realization's pitch inside the model, as far as it reaches; the rest is returned. */
  retune?(realization: EngineRealization, semitones: number): { realization: EngineRealization; residualSemitones: number };
  /**
   * Holds a realization at a median F0 (Hz) on any length of text, where the engine's own melody
   * would move with the text's length (Kokoro's pitch level).
   */
  holdPitch?(realization: EngineRealization, hz: number): EngineRealization;
  /** A catalog preset's realization from the engine's own tables (the probe engine's calibrated aim). */
  preset?(description: VoiceDescription, placement: PresetPlacement): EngineRealization;
  /** The engine's fixed voices: which one speaks a preset placement, and how it moves to traits. */
  stock?: {
    voiceFor(placement: Pick<PresetPlacement, 'accent'>, gender: VoiceGender): string | undefined;
    move(voice: string, traits: VoiceTraits, typicalFormantScale: number): EngineRealization | undefined;
  };
  /** Present on the engine clones and designs are fitted on first: it speaks every language and reaches any pitch. */
  probe?: ProbeVoicing;
}

/** How a group's voices must differ. */
export interface GroupOptions {
  /**
   * Also in identity: each voice must sound like another person (by the speaker encoder's measure of
   * the engine's voices), not only take other settings. Designs' candidates; the catalog's presets
   * keep their realizations as they are.
   */
  distinctIdentity?: boolean;
}

/**
 * Where a catalog preset sits, for the engines that realize presets from their own tables: its
 * accent (BCP-47, `en-GB-scotland`: each engine keys its voice for an accent by it), its formant
 * level in the catalog's grid, its rotation among equal choices (`pick`) and the probe engine's
 * measured pitch correction.
 */
export interface PresetPlacement {
  accent: string;
  formantLevel: number;
  pick: number;
  calibration?: PitchCalibration;
}

/**
 * A preset's measured pitch correction on the probe engine: the parameters it was measured on and
 * the factor by which the aimed pitch missed (src/voices/catalog/data/preset-pitch.ts, bench/preset-pitch.ts).
 */
export interface PitchCalibration {
  variant: string;
  pitch: number;
  range: number;
  factor: number;
}

/** The probe engine's fits, on the accent's base voice (`voice`). */
export interface ProbeVoicing {
  /**
   * Variants worth trying for a clone, given the probe engine's realizations of the catalog's presets
   * of the same gender; `nominal` is the one the traits alone would pick.
   */
  variants(
    voice: string,
    description: VoiceDescription,
    presets: ReadonlyArray<EngineRealization | undefined>,
  ): { variants: string[]; nominal: string };
  /** A clone's realization on one variant, with the recording's F0 spread (semitones) matched. */
  clone(voice: string, variant: string, traits: VoiceTraits, spreadSemitones: number): EngineRealization;
  /**
   * A designed voice (rotation `index` among equal choices), the transform for what the engine
   * cannot do itself, and its own measured brightness (dB/octave) so the caller can tilt the rest.
   */
  design(
    voice: string,
    gender: VoiceGender,
    traits: VoiceTraits,
    index: number,
  ): { realization: EngineRealization; transform: VoiceTransform; brightness: number };
}
