import { ENGINE_MANIFESTS } from './engine-manifests.js';

/**
 * Which IPA symbols a caller may give (lexicon entries, `<phoneme ph>`; docs/text.md): those an
 * engine that takes IPA can say (each engine's manifest answers, `EngineManifest.unknownIpa`).
 */

/** Why `ipa` is refused (`has symbols no engine can say: "7" (U+0037)…`), or null when it is fine. */
export function ipaProblem(ipa: string): string | null {
  const unknown = unknownIpaSymbols(ipa);
  if (unknown.length === 0) return null;
  const shown = unknown.map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
  return `has symbols no engine can say: ${shown}`;
}

/**
 * Characters of `ipa` no IPA-taking engine can say, each once; empty when one can say them all.
 */
export function unknownIpaSymbols(ipa: string): string[] {
  let unknown: string[] | null = null;
  for (const manifest of ENGINE_MANIFESTS) {
    if (manifest.unknownIpa === undefined) continue;
    const own = manifest.unknownIpa(ipa);
    unknown = unknown === null ? own : unknown.filter((c) => own.includes(c));
  }
  return unknown ?? [];
}
