import type { EngineRealization } from './voice-identity.js';
import { fitKokoroVoice, kokoroCloneCandidates } from './engines/kokoro/voice-fit.js';
import type { VoiceDescription } from './voice-description.js';

/**
 * Engines that realize an engine-neutral voice description from their own calibration data, keyed by
 * engine id. The voice library asks through `realizeDescription` and never names an engine.
 * Each fit takes the realizations already given to other voices of the group (`taken`) so a group
 * (a language's presets) gets distinct ones.
 */
type Fit = (
  description: VoiceDescription,
  taken: ReadonlySet<string>,
) => { realization: EngineRealization; key: string } | undefined;

const FITS: Record<string, Fit> = {
  kokoro: fitKokoroVoice,
};

/**
 * Realizes descriptions one after another, giving each the best realization on every engine that
 * speaks its language that no earlier description of the same group took.
 */
export function groupRealizer(): (description: VoiceDescription) => Record<string, EngineRealization> {
  const taken = new Map<string, Set<string>>();
  return (description) => {
    const out: Record<string, EngineRealization> = {};
    for (const [engine, fit] of Object.entries(FITS)) {
      const used = taken.get(engine) ?? new Set<string>();
      const fitted = fit(description, used);
      if (fitted === undefined) continue;
      used.add(fitted.key);
      taken.set(engine, used);
      out[engine] = fitted.realization;
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
const CLONE_CANDIDATES: Record<string, (description: VoiceDescription, limit: number) => EngineRealization[]> = {
  kokoro: kokoroCloneCandidates,
};

/** Candidate realizations of a measured voice on `engine` (none when it proposes none). */
export function cloneCandidates(engine: string, description: VoiceDescription, limit: number): EngineRealization[] {
  return CLONE_CANDIDATES[engine]?.(description, limit) ?? [];
}
