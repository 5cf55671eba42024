import type { GroupOptions, PresetPlacement, ProbeVoicing } from './engine-manifest.js';
import { ENGINE_MANIFESTS } from './engine-manifests.js';
import type { EngineRealization } from './voice-identity.js';
import type { VoiceDescription } from './voice-description.js';

export type { GroupOptions, PitchCalibration, PresetPlacement } from './engine-manifest.js';

/**
 * How the engines voice an engine-neutral description, asked of every engine manifest by what it
 * offers (`EngineVoicing`). The voice library reaches engines' voicing only through here and never
 * names an engine.
 */

/**
 * Realizes descriptions one after another, giving each the best realization on every engine that
 * fits descriptions and speaks its language, that no earlier description of the same group took.
 */
export function groupRealizer(options: GroupOptions = {}): (description: VoiceDescription) => Record<string, EngineRealization> {
  const taken = new Map<string, Set<string>>();
  return (description) => {
    const out: Record<string, EngineRealization> = {};
    for (const { id, voicing } of ENGINE_MANIFESTS) {
      if (voicing?.fit === undefined) continue;
      const used = taken.get(id) ?? new Set<string>();
      const fitted = voicing.fit(description, used, options);
      if (fitted === undefined) continue;
      used.add(fitted.key);
      taken.set(id, used);
      // Its own transform, empty when none: the identity's transform is fitted to another engine's
      // output (the probe engine's) and must not run after this one (pipeline.ts falls back to it).
      out[id] = { ...fitted.realization, transform: fitted.realization.transform ?? {} };
    }
    return out;
  };
}

/** Realizations of one description on every engine that can fit it (clones, designs). */
export function realizeDescription(description: VoiceDescription): Record<string, EngineRealization> {
  return groupRealizer()(description);
}

/**
 * Candidate realizations of a measured voice (a clone) on `engine`, best predicted first, none when
 * it proposes none; `heard` is the recording's speaker embedding when the encoder is installed.
 */
export function cloneCandidates(
  engine: string,
  description: VoiceDescription,
  limit: number,
  heard?: Float32Array,
): EngineRealization[] {
  return voicingOf(engine)?.cloneCandidates?.(description, limit, heard) ?? [];
}

/** Whether `engine` moves pitch inside its model, at no measured cost in naturalness. */
export function retunesPitch(engine: string): boolean {
  return voicingOf(engine)?.retune !== undefined;
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
  return voicingOf(engine)?.retune?.(realization, semitones) ?? { realization, residualSemitones: semitones };
}

/** `realization` held at a median F0 (`hz`) on any length of text where `engine` can; else as it is. */
export function holdPitch(engine: string, realization: EngineRealization, hz: number): EngineRealization {
  return voicingOf(engine)?.holdPitch?.(realization, hz) ?? realization;
}

/**
 * A preset's realizations: those of the engines that aim presets from their own tables (the probe
 * engine), then those of the description-fitting engines of its group (`group`, from
 * `groupRealizer`), then the engines' stock voices moved to the traits where the accent has one.
 */
export function presetRealizations(
  description: VoiceDescription,
  placement: PresetPlacement,
  group: (description: VoiceDescription) => Record<string, EngineRealization>,
): Record<string, EngineRealization> {
  const engines: Record<string, EngineRealization> = {};
  for (const { id, voicing } of ENGINE_MANIFESTS) {
    if (voicing?.preset !== undefined) engines[id] = voicing.preset(description, placement);
  }
  Object.assign(engines, group(description));
  for (const { id, voicing } of ENGINE_MANIFESTS) {
    const stock = voicing?.stock;
    if (stock === undefined) continue;
    const voice = stock.voiceFor(placement, description.gender);
    const realization = voice === undefined ? undefined : stock.move(voice, description.traits, description.typicalFormantScale);
    if (realization !== undefined) engines[id] = realization;
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
  return voicingOf(engine)?.stock?.move(voice, description.traits, description.typicalFormantScale);
}

const probeManifest = ENGINE_MANIFESTS.find((manifest) => manifest.voicing?.probe !== undefined);
if (probeManifest === undefined) throw new Error('no engine manifest offers the probe voicing');

/**
 * The engine clones and designs are fitted on first, by rendering probes: it speaks every language
 * and its parameters reach any pitch, range and rate. Its realizations are keyed by this id.
 */
export const PROBE_ENGINE: string = probeManifest.id;

/** The probe engine's fits (`ProbeVoicing`): variants, clone and design realizations on an accent's voice. */
export const probeVoicing: ProbeVoicing = probeManifest.voicing!.probe!;

/** Language tags each engine's voices declare (`EngineManifest.declaredLanguages`), all engines together. */
export function declaredEngineLanguages(): Array<{ tag: string; natural: boolean }> {
  return ENGINE_MANIFESTS.flatMap((manifest) => manifest.declaredLanguages());
}

function voicingOf(engine: string) {
  return ENGINE_MANIFESTS.find((manifest) => manifest.id === engine)?.voicing;
}
