import type { SpeechPipeline } from '../../speech/pipeline.js';
import { type Intelligibility, intelligibilityOf } from '../../speech/intelligibility.js';
import { type Language, languagesResponse } from '../../voices/languages/languages.js';

/** A language as `GET /api/v1/voices/languages` lists it: the spec's fields, then what speaks it here. */
export interface ListedLanguage extends Language {
  /** Tier of the engine v-pro speaks the language with on this installation; null when none is installed. */
  tier: 'neural' | 'basic' | null;
  /** How well that engine is understood in the language (or in `spoken_as`, when it differs). */
  intelligibility: Intelligibility & { engine: string | null };
  /** The language the speech is synthesized in: the language itself, or the closest one an engine speaks (experimental languages). */
  spoken_as: string | null;
}

/**
 * The language list with, for each language, the engine tier that speaks it and how well that
 * engine is understood there (issue 30): honest about which languages sound like a person and which
 * a formant synthesizer. Depends on the engines installed (`voicelib models pull kokoro` moves
 * eight languages from `basic` to `neural`), so it is computed per request; the pipeline remembers
 * each language's spoken language per engine set, so only the first listing pays for that search.
 */
export class LanguageListing {
  constructor(private readonly speech: Pick<SpeechPipeline, 'engineForLanguage'>) {}

  async list(): Promise<{ languages: ListedLanguage[]; sample_limits: ReturnType<typeof languagesResponse>['sample_limits'] }> {
    const { languages, sample_limits } = languagesResponse();
    const listed: ListedLanguage[] = [];
    for (const language of languages) {
      const speaking = await this.speech.engineForLanguage('v-pro', language.code);
      listed.push({
        ...language,
        tier: speaking?.engine.tier ?? null,
        intelligibility: {
          ...intelligibilityOf(speaking?.engine ?? null, speaking?.language ?? language.code),
          engine: speaking?.engine.id ?? null,
        },
        spoken_as: speaking?.language ?? null,
      });
    }
    return { languages: listed, sample_limits };
  }
}
