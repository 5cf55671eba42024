import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './process.js';

/** The project's README.md, which several tests hold to what the service does. */
export const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/**
 * The text of the README's `## heading` section (the whole heading line, not a prefix of a longer
 * one), up to the next `## `; fails when the section is gone.
 */
export function readmeSection(heading: string): string {
  const start = README.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `README.md has no "## ${heading}" section any more: update this test`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

/** The ```sh blocks of a `## heading` section, each split into commands (a trailing `\` continues one). */
export function readmeCommands(heading: string): string[] {
  const section = readmeSection(heading);
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  assert.ok(blocks.length > 0, `README.md "## ${heading}" has no sh block any more: update this test`);
  const commands: string[] = [];
  for (const block of blocks) {
    let current = '';
    for (const line of block.split('\n')) {
      if (current === '' && line.trim() === '') continue;
      current += current === '' ? line : `\n${line}`;
      if (!line.endsWith('\\')) {
        commands.push(current);
        current = '';
      }
    }
  }
  return commands;
}
