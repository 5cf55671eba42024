#!/usr/bin/env node
// Prints the numbers and tables of docs/voices.md from the built catalog and language list:
// `npm run build && node scripts/catalog-table.mjs`, then paste the output into the doc.
import { catalogStats } from '../dist/src/voices/catalog/catalog.js';
import { languageData } from '../dist/src/voices/languages/language-data.js';
import { findLanguage, LEGACY_LANGUAGE_CODES, listLanguages } from '../dist/src/voices/languages/languages.js';

const languages = listLanguages();
const real = languages.filter((language) => language.code !== 'auto');
const data = languageData();
const stats = catalogStats();

console.log(
  `- Languages listed: ${languages.length} (${real.length} languages plus \`auto\`), ` +
    `${real.reduce((sum, language) => sum + language.accents.length, 0)} accents; ` +
    `${real.filter((language) => !language.experimental).length} non-experimental.`,
);
console.log(
  `- Sources: cldr-core ${data.cldrPackageVersion} (CLDR ${data.cldrVersion}), ` +
    `cldr-localenames-full ${data.cldrPackageVersion}, language-subtag-registry ${data.registryPackageVersion} ` +
    `(IANA registry of ${data.registryDate}).`,
);
console.log(`- Presets: ${stats.total} voices in ${stats.languages} languages.`);
console.log('');
console.log('| Legacy code | Resolves to |');
console.log('|---|---|');
for (const [legacy, tag] of Object.entries(LEGACY_LANGUAGE_CODES))
  console.log(`| \`${legacy}\` | \`${tag}\` |`);
console.log('| `AUTO` (entry "Other") | `auto` |');
console.log('');
console.log('| Language | Code | Presets | Accents (presets) |');
console.log('|---|---|---:|---|');
for (const row of stats.byLanguage) {
  const accents = Object.entries(row.accents)
    .map(([code, count]) => `${code} (${count})`)
    .join(', ');
  console.log(
    `| ${findLanguage(row.language)?.name ?? row.language} | \`${row.language}\` | ${row.count} | ${accents} |`,
  );
}
