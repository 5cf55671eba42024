import type { Store } from '../../db/store.js';
import { AppError } from '../../errors.js';
import type { SpeakRequest } from '../../speech/pipeline.js';
import type { VoiceIdentity } from '../../speech/voice-identity.js';
import { findPreset } from '../../voices/catalog/catalog.js';
import type { Caller } from '../accounts/accounts.js';

/** A voice found for a request, ready for the speech pipeline. */
interface ResolvedVoice {
  id: string;
  realization: SpeakRequest['voice'];
}

/** Neutral prosodic variation: the voice's own intonation range, neither flattened nor widened. */
const NEUTRAL_VARIATION = 0.5;

/** Turns a stored identity into what the speech pipeline needs. */
export function resolvedVoice(id: string, language: string, identity: VoiceIdentity): ResolvedVoice {
  return {
    id,
    realization: {
      language,
      engines: identity.engines,
      // The realization already speaks at the voice's own rate: speed 1 is "the preset's value".
      defaultSpeed: 1,
      defaultVariation: NEUTRAL_VARIATION,
      ...(identity.transform ? { transform: identity.transform } : {}),
    },
  };
}

/**
 * Finds the voice a request names: the caller's own clones and designs by id, then the preset
 * catalog by id or slug. Anything else, including another account's voice (indistinguishable from
 * a missing one), is 404 `voice_not_found`.
 */
export class VoiceDirectory {
  constructor(private readonly store: Store) {}

  async resolve(caller: Caller, idOrSlug: string): Promise<ResolvedVoice> {
    const preset = findPreset(idOrSlug);
    if (preset) return resolvedVoice(preset.id, preset.language_code, preset.identity);
    const own = await this.store.findVoice(idOrSlug, caller.accountId);
    if (own) {
      const languages = JSON.parse(own.languages) as string[];
      return resolvedVoice(own.id, languages[0] ?? 'en-US', JSON.parse(own.identity) as VoiceIdentity);
    }
    throw new AppError('voice_not_found', `Voice "${idOrSlug}" not found`);
  }
}
