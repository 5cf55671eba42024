import type { SpeechPipeline } from '../../speech/pipeline.js';
import type { Caller } from '../accounts/accounts.js';

type VoiceRealization = Parameters<SpeechPipeline['speak']>[0]['voice'];

/** A voice found for a request, ready for the speech pipeline. */
export interface ResolvedVoice {
  id: string;
  realization: VoiceRealization;
}

/**
 * Finds the voice a request names: the caller's own clones and designs by id, catalog presets
 * by id or slug. Anything else, including another account's voice, is 404 `voice_not_found`.
 */
export interface VoiceDirectory {
  resolve(caller: Caller, idOrSlug: string): Promise<ResolvedVoice>;
}
