#!/usr/bin/env node
// Copies Voicelib Studio's static files (studio/index.html, studio/styles.css) next to the
// modules `tsc -p studio` compiled into dist/studio. No bundler: browsers load ES modules as they are.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'dist', 'studio');
fs.mkdirSync(out, { recursive: true });
for (const file of ['index.html', 'styles.css']) fs.copyFileSync(path.join(root, 'studio', file), path.join(out, file));
