#!/usr/bin/env node
// Part of `npm run check`: the voice vocabulary stays small (docs/architecture.md, "One voice
// vocabulary"). At most 12 exported types have "Voice" in their name, and no exported type name
// is declared in two files.
import fs from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './source-files.mjs';

const LIMIT = 12;
const declared = new Map();
for (const file of sourceFiles('src')) {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  for (const match of source.matchAll(/^export (?:declare )?(?:abstract )?(?:interface|type|class|enum) (\w+)/gm)) {
    declared.set(match[1], [...(declared.get(match[1]) ?? []), file]);
  }
}
const problems = [];
const voiceTypes = [...declared.keys()].filter((name) => name.includes('Voice')).sort();
if (voiceTypes.length > LIMIT) problems.push(`${voiceTypes.length} exported types name "Voice" (at most ${LIMIT}): ${voiceTypes.join(', ')}`);
for (const [name, files] of declared) if (files.length > 1) problems.push(`${name} is declared in ${files.join(' and ')}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`voice vocabulary: ${voiceTypes.join(', ')}`);
