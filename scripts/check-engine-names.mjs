#!/usr/bin/env node
// Part of `npm run check`: no engine is named in code outside src/speech/engines/ (docs/architecture.md,
// "Voices and engines"). Comments and prose in strings (a string with a space in it) may name engines;
// identifiers and identifier-like strings (`'espeak-ng'`, `kokoroIpa`) may not. Exempt: the one engine
// list (src/speech/engine-manifests.ts), config.ts (its settings are per engine), models/manifest.ts
// (model packs belong to their engines).
import fs from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './source-files.mjs';

const NAMES = /espeak|kokoro|piper|svox|pico|flite/i;
const EXEMPT = new Set(['src/speech/engine-manifests.ts', 'src/config.ts', 'src/models/manifest.ts']);

/** The code of a TypeScript source as [kind, text, line] tokens: identifiers and string literals. */
function tokens(source) {
  const out = [];
  let line = 1;
  let i = 0;
  const templateDepth = [];
  while (i < source.length) {
    const c = source[i];
    if (c === '\n') { line += 1; i += 1; continue; }
    if (c === '/' && source[i + 1] === '/') { while (i < source.length && source[i] !== '\n') i += 1; continue; }
    if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      line += (source.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
      continue;
    }
    if (c === "'" || c === '"' || c === '`' || (c === '}' && templateDepth.at(-1) === 0)) {
      const quote = c === '}' ? '`' : c;
      if (c === '}') templateDepth.pop();
      let j = i + 1;
      let text = '';
      const start = line;
      while (j < source.length && source[j] !== quote) {
        if (source[j] === '\\') { text += source[j + 1]; j += 2; continue; }
        if (quote === '`' && source[j] === '$' && source[j + 1] === '{') break;
        if (source[j] === '\n') line += 1;
        text += source[j];
        j += 1;
      }
      out.push(['string', text, start]);
      if (quote === '`' && source[j] === '$') { templateDepth.push(0); i = j + 2; } else i = j + 1;
      continue;
    }
    if (c === '{' && templateDepth.length > 0) templateDepth[templateDepth.length - 1] += 1;
    if (c === '}' && templateDepth.length > 0) templateDepth[templateDepth.length - 1] -= 1;
    const word = /^[A-Za-z_$][\w$]*/.exec(source.slice(i, i + 200));
    if (word) { out.push(['identifier', word[0], line]); i += word[0].length; continue; }
    i += 1;
  }
  return out;
}

// A `/regex/` literal is not tokenized specially: none in src/ names an engine.
const found = [];
for (const file of sourceFiles('src', (relative) => relative === path.join('src', 'speech', 'engines'))) {
  if (EXEMPT.has(file)) continue;
  for (const [kind, text, line] of tokens(fs.readFileSync(path.join(root, file), 'utf8'))) {
    if (!NAMES.test(text)) continue;
    if (kind === 'string' && /\s/.test(text)) continue;
    found.push(`${file}:${line}: ${kind} ${JSON.stringify(text)}`);
  }
}
if (found.length > 0) {
  console.error(`Engines named in code outside src/speech/engines/ (${found.length}):\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log('no engine named in code outside src/speech/engines/');
