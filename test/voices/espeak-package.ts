import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The files packed into the installed `@echogarden/espeak-ng-emscripten` (their list sits in
 * `espeak-ng.js`), read straight from the package so tests check the catalog against the engine
 * data itself rather than against the generated copy in `src/speech/engines/espeak-ng/data/package-voices.ts`.
 */
export function espeakPackageFiles(): { languageVoices: Set<string>; variants: Set<string> } {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@echogarden/espeak-ng-emscripten/package.json'));
  const glue = fs.readFileSync(path.join(dir, 'espeak-ng.js'), 'utf8');
  const languageVoices = new Set<string>();
  const variants = new Set<string>();
  for (const match of glue.matchAll(/\{filename:"([^"]+)",start:\d+,end:\d+\}/g)) {
    const file = match[1] ?? '';
    const lang = file.indexOf('/espeak-ng-data/lang/');
    const variant = file.indexOf('/espeak-ng-data/voices/!v/');
    if (lang >= 0) languageVoices.add(file.slice(lang + '/espeak-ng-data/lang/'.length));
    if (variant >= 0) variants.add(file.slice(variant + '/espeak-ng-data/voices/!v/'.length));
  }
  return { languageVoices, variants };
}
