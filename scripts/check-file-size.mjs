#!/usr/bin/env node
// Part of `npm run check`: no source file over 400 lines (../shared/STYLE.md, "small files, one concept
// each"). Generated data tables under a `data/` folder are exempt: they are written by benchmarks.
import fs from 'node:fs';
import path from 'node:path';

const LIMIT = 400;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const over = [];
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'data' && entry.name !== 'node_modules') walk(full);
    } else if (entry.name.endsWith('.ts')) {
      const lines = fs.readFileSync(full, 'utf8').split('\n').length - 1;
      if (lines > LIMIT) over.push(`${path.relative(root, full)}: ${lines} lines`);
    }
  }
}
for (const dir of ['src', 'bench', 'studio']) walk(path.join(root, dir));
if (over.length > 0) {
  console.error(`Files over ${LIMIT} lines:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log(`no source file over ${LIMIT} lines`);
