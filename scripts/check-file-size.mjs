#!/usr/bin/env node
// Part of `npm run check`: no source file over 400 lines (../shared/STYLE.md, "small files, one concept
// each"). Generated data tables under a `data/` folder are exempt: they are written by benchmarks.
import fs from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './source-files.mjs';

const LIMIT = 400;
const over = [];
for (const dir of ['src', 'bench', 'studio']) {
  for (const file of sourceFiles(dir, (_, name) => name === 'data')) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;
    if (lines > LIMIT) over.push(`${file}: ${lines} lines`);
  }
}
if (over.length > 0) {
  console.error(`Files over ${LIMIT} lines:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log(`no source file over ${LIMIT} lines`);
