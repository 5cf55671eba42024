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
