import { kokoroIpa } from './engines/kokoro/ipa-input.js';

/**
 * Which IPA symbols a caller may give (lexicon entries, `<phoneme ph>`; docs/text.md): those an
 * engine that takes IPA can say. Kokoro's vocabulary is the reference: Piper and Kokoro share
 * espeak-ng's IPA symbols.
 */

/** Characters of `ipa` no IPA-taking engine can say, each once; empty when all are known. */
export function unknownIpaSymbols(ipa: string): string[] {
  return kokoroIpa(ipa).unknown;
}

/** Why `ipa` is refused (`has symbols no engine can say: "7" (U+0037)…`), or null when it is fine. */
export function ipaProblem(ipa: string): string | null {
  const unknown = unknownIpaSymbols(ipa);
  if (unknown.length === 0) return null;
  const shown = unknown.map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
  return `has symbols no engine can say: ${shown}`;
}
