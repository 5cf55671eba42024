import type { PcmAudio } from '../audio/pcm.js';
import { applyTransform } from '../audio/transform.js';
import type { SpeechEngine } from '../speech/engine.js';
import type { EngineRealization, VoiceIdentity } from '../speech/voice-identity.js';

/** Renders `text` with one engine realization, untransformed. */
export async function render(
  engine: SpeechEngine,
  realization: EngineRealization,
  text: string,
  language: string,
): Promise<PcmAudio> {
  const result = await engine.synthesize({ text, language, voice: realization, speed: 1, variation: 0.5 });
  return result.audio;
}

/**
 * Renders `text` as a voice sounds on `engine`: its realization there, then the transform (the
 * realization's own, else the identity's), as the speech pipeline does for one piece of speech.
 * For tests and benchmarks that need a voice's sound without the whole pipeline.
 */
export async function renderIdentity(
  engine: SpeechEngine,
  identity: VoiceIdentity,
  text: string,
  language: string,
): Promise<PcmAudio> {
  const realization = identity.engines[engine.info.id];
  if (realization === undefined) throw new Error(`the identity has no ${engine.info.id} realization`);
  const { transform: own, ...voice } = realization;
  const audio = await render(engine, voice, text, language);
  const transform = own ?? identity.transform;
  return transform ? applyTransform(audio, transform) : audio;
}
