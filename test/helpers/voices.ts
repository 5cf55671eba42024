import { PRESETS } from '../../src/voices/catalog/catalog.js';

/** A catalog voice of the given accent-level language, for requests in tests. */
export function presetFor(languageCode: string, gender?: string): { id: string; slug: string } {
  const voice = PRESETS.find(
    (p) => p.language_code.toLowerCase() === languageCode.toLowerCase() && (!gender || p.gender === gender),
  );
  if (!voice) throw new Error(`no preset for ${languageCode}`);
  return { id: voice.id, slug: voice.slug };
}
