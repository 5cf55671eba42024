#!/usr/bin/env node
// Part of `npm run check`: the voice vocabulary stays small (docs/architecture.md, "One voice
// vocabulary"). At most 12 exported types have "Voice" in their name, and no exported type name
// is declared in two files.
import fs from 'node:fs';
import path from 'node:path';

const LIMIT = 12;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const declared = new Map();
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.ts')) {
      const source = fs.readFileSync(full, 'utf8');
      for (const match of source.matchAll(/^export (?:declare )?(?:abstract )?(?:interface|type|class|enum) (\w+)/gm)) {
        const files = declared.get(match[1]) ?? [];
        files.push(path.relative(root, full));
        declared.set(match[1], files);
      }
    }
  }
}
walk(path.join(root, 'src'));
const problems = [];
const voiceTypes = [...declared.keys()].filter((name) => name.includes('Voice')).sort();
if (voiceTypes.length > LIMIT) problems.push(`${voiceTypes.length} exported types name "Voice" (at most ${LIMIT}): ${voiceTypes.join(', ')}`);
for (const [name, files] of declared) if (files.length > 1) problems.push(`${name} is declared in ${files.join(' and ')}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`voice vocabulary: ${voiceTypes.join(', ')}`);
