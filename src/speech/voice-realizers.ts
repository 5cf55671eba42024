import type { EngineRealization, VoiceTraits, VoiceTransform } from './voice-identity.js';
import {
  espeakCloneRealization,
  espeakCloneVariants,
  espeakDesignRealization,
  type PitchCalibration,
  presetEspeakRealization,
} from './engines/espeak-ng/voice-fit.js';
import { flitePresetVoice } from './engines/flite/voice-fit.js';
import { fitKokoroVoice, kokoroCloneCandidates, retuneKokoroVoice } from './engines/kokoro/voice-fit.js';
import { stockRealization } from './engines/shared/stock-voice-fit.js';
import { picoPresetVoice } from './engines/svox-pico/voice-fit.js';
import type { VoiceDescription, VoiceGender } from './voice-description.js';

export type { PitchCalibration } from './engines/espeak-ng/voice-fit.js';

/**
 * Engines that realize an engine-neutral voice description from their own calibration data, keyed by
 * engine id. The voice library asks through `realizeDescription` and never names an engine.
 * Each fit takes the realizations already given to other voices of the group (`taken`) so a group
 * (a language's presets) gets distinct ones.
 */
type Fit = (
  description: VoiceDescription,
  taken: ReadonlySet<string>,
  options: GroupOptions,
) => { realization: EngineRealization; key: string } | undefined;

/** How a group's voices must differ. */
export interface GroupOptions {
  /**
   * Also in identity: each voice must sound like another person (by the speaker encoder's measure of
   * the engine's voices), not only take other settings. Designs' candidates; the catalog's presets
   * keep their realizations as they are.
   */
  distinctIdentity?: boolean;
}

const FITS: Record<string, Fit> = {
  kokoro: fitKokoroVoice,
};

/**
 * Realizes descriptions one after another, giving each the best realization on every engine that
 * speaks its language that no earlier description of the same group took.
 */
export function groupRealizer(options: GroupOptions = {}): (description: VoiceDescription) => Record<string, EngineRealization> {
  const taken = new Map<string, Set<string>>();
  return (description) => {
    const out: Record<string, EngineRealization> = {};
    for (const [engine, fit] of Object.entries(FITS)) {
      const used = taken.get(engine) ?? new Set<string>();
      const fitted = fit(description, used, options);
      if (fitted === undefined) continue;
      used.add(fitted.key);
      taken.set(engine, used);
      // Its own transform, empty when none: the identity's transform is fitted to another engine's
      // output (espeak-ng's) and must not run after this one (pipeline.ts falls back to it).
      out[engine] = { ...fitted.realization, transform: fitted.realization.transform ?? {} };
    }
    return out;
  };
}

/** Realizations of one description on every engine that can fit it (clones, designs). */
export function realizeDescription(description: VoiceDescription): Record<string, EngineRealization> {
  return groupRealizer()(description);
}

/**
 * Engines whose realization of a measured voice (a clone) is chosen by ear rather than predicted:
 * each proposes candidates, best predicted first, and the voice library renders and measures them.
 */
const CLONE_CANDIDATES: Record<
  string,
  (description: VoiceDescription, limit: number, heard?: Float32Array) => EngineRealization[]
> = {
  kokoro: kokoroCloneCandidates,
};

/**
 * Candidate realizations of a measured voice on `engine` (none when it proposes none); `heard` is
 * the recording's speaker embedding when the encoder is installed, for engines that know how their
 * voices sound to it.
 */
export function cloneCandidates(
  engine: string,
  description: VoiceDescription,
  limit: number,
  heard?: Float32Array,
): EngineRealization[] {
  return CLONE_CANDIDATES[engine]?.(description, limit, heard) ?? [];
}

type Retune = (
  realization: EngineRealization,
  semitones: number,
) => { realization: EngineRealization; residualSemitones: number };

/** Engines that move a realization's pitch inside the model (Kokoro's `pitch` factor on its F0 curve). */
const RETUNERS: Record<string, Retune> = {
  kokoro: retuneKokoroVoice,
};

/** Whether `engine` moves pitch inside its model, at no measured cost in naturalness. */
export function retunesPitch(engine: string): boolean {
  return RETUNERS[engine] !== undefined;
}

/**
 * `realization` moved by `semitones`: inside the model as far as the engine reaches, the rest
 * (all of it on engines without an in-model pitch) returned for a transform after synthesis.
 */
export function retunePitch(
  engine: string,
  realization: EngineRealization,
  semitones: number,
): { realization: EngineRealization; residualSemitones: number } {
  return RETUNERS[engine]?.(realization, semitones) ?? { realization, residualSemitones: semitones };
}

/**
 * Where a catalog preset sits, for the engines that realize presets from their own tables: the
 * accent's base voice (the espeak-ng voice its seed names), its formant level in the catalog's
 * grid, its rotation among equal choices (`pick`) and espeak-ng's measured pitch correction.
 */
export interface PresetPlacement {
  baseVoice: string;
  formantLevel: number;
  pick: number;
  calibration?: PitchCalibration;
}

/**
 * A preset's realizations: espeak-ng's calibrated one, then those of the description-fitting
 * engines of its group (`group`, from `groupRealizer`), then SVOX Pico's and Flite's stock voices
 * moved to the traits where the accent has one.
 */
export function presetRealizations(
  description: VoiceDescription,
  placement: PresetPlacement,
  group: (description: VoiceDescription) => Record<string, EngineRealization>,
): Record<string, EngineRealization> {
  const { gender, traits, typicalFormantScale } = description;
  const engines: Record<string, EngineRealization> = {
    'espeak-ng': presetEspeakRealization(
      placement.baseVoice,
      gender,
      placement.formantLevel,
      traits,
      placement.pick,
      placement.calibration,
    ),
    ...group(description),
  };
  const stock: Array<[string, string | undefined]> = [
    ['svox-pico', picoPresetVoice(placement.baseVoice, gender)],
    ['flite', flitePresetVoice(placement.baseVoice, gender)],
  ];
  for (const [engine, voice] of stock) {
    const realization = voice === undefined ? undefined : stockRealization(engine, voice, traits, typicalFormantScale);
    if (realization !== undefined) engines[engine] = realization;
  }
  return engines;
}

/**
 * An engine's stock voice (`voice`, as a preset's realization names it) moved to a description's
 * traits, or undefined on an engine without measured stock voices.
 */
export function stockVoiceRealization(
  engine: string,
  voice: string,
  description: VoiceDescription,
): EngineRealization | undefined {
  return stockRealization(engine, voice, description.traits, description.typicalFormantScale);
}

/**
 * The engine a clone is fitted on first, by rendering probes: it speaks every language and its
 * parameters (`probeRealization`) reach any pitch, range and rate.
 */
export const PROBE_ENGINE = 'espeak-ng';

/**
 * The probe engine's voice variants worth trying for a clone on its `voice`, given the probe
 * engine's realizations of the catalog's presets of the same gender; `nominal` is the one the
 * traits alone would pick.
 */
export function probeVariants(
  voice: string,
  description: VoiceDescription,
  presets: ReadonlyArray<EngineRealization | undefined>,
): { variants: string[]; nominal: string } {
  return espeakCloneVariants(voice, description.gender, description.traits, presets);
}

/**
 * The probe engine's realization of `traits` on one variant, with the recording's F0 spread
 * (10th–90th percentile, semitones) matched at its pitch.
 */
export function probeRealization(
  voice: string,
  variant: string,
  traits: VoiceTraits,
  spreadSemitones: number,
): EngineRealization {
  return espeakCloneRealization(voice, variant, traits, spreadSemitones);
}

/**
 * A designed voice on the probe engine's `voice`: its realization (rotation `index` among equal
 * choices), the transform for what it cannot do itself (formant scale, unreachable pitch), and
 * its own measured brightness (dB/octave) so the caller can tilt the rest.
 */
export function probeDesignRealization(
  voice: string,
  gender: VoiceGender,
  traits: VoiceTraits,
  index: number,
): { realization: EngineRealization; transform: VoiceTransform; brightness: number } {
  return espeakDesignRealization(voice, gender, traits, index);
}
