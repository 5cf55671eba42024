import type { SpeechEngine } from '../../../speech/engine.js';
import type { VoiceIdentity } from '../../../speech/voice-identity.js';

/** Where a new clone can be refined: the engine, its instant realization there, and the target pitch. */
export interface RefinementTarget {
  engine: string;
  start: VoiceIdentity['engines'][string];
  language: string;
  transcript?: string;
  pitchHz: number;
  /** The recording's speaker embedding as uploaded (the refinement's target). */
  heard?: number[];
}

/**
 * The first engine among `engines` (installed, best first) that realizes the clone and has a voice
 * space to search, or null: refinement needs such an engine and the speaker encoder (`encoder`).
 */
export async function refinementTarget(
  identity: VoiceIdentity,
  clone: { language: string; transcript?: string; pitchHz: number; heard?: number[] },
  engines: readonly SpeechEngine[],
  encoder: boolean,
): Promise<RefinementTarget | null> {
  if (!encoder || !(clone.pitchHz > 0)) return null;
  for (const engine of engines) {
    const start = identity.engines[engine.info.id];
    if (start === undefined || engine.voiceSpace === undefined) continue;
    if ((await engine.voiceSpace()) === null) continue;
    return {
      engine: engine.info.id,
      start,
      language: clone.language,
      ...(clone.transcript ? { transcript: clone.transcript } : {}),
      pitchHz: clone.pitchHz,
      ...(clone.heard ? { heard: clone.heard } : {}),
    };
  }
  return null;
}
