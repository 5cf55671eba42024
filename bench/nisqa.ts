import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeAudio } from '../src/audio/encode.js';
import type { PcmAudio } from '../src/audio/pcm.js';

const run = promisify(execFile);
const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/**
 * NISQA-TTS naturalness (1-5) from the quality kit beside the repository (../shared/quality, or
 * VOICELIB_QUALITY_DIR): null with the reason when the scorer is not there or not installed.
 */
export function nisqaScorer(): { dir: string; script: string } | { missing: string } {
  const dir = path.resolve(REPO, process.env['VOICELIB_QUALITY_DIR'] ?? '../shared/quality');
  const script = path.join(dir, 'score.mjs');
  if (!existsSync(script)) return { missing: `no scorer at ${script} (set VOICELIB_QUALITY_DIR)` };
  if (!existsSync(path.join(dir, 'node_modules')))
    return { missing: `scorer at ${dir} is not installed (ONNXRUNTIME_NODE_INSTALL=skip npm install there)` };
  return { dir, script };
}

/** Scores every clip in one scorer run; the result is in input order (NaN where no score came back). */
export async function nisqaScores(clips: readonly PcmAudio[]): Promise<number[]> {
  const scorer = nisqaScorer();
  if ('missing' in scorer) throw new Error(scorer.missing);
  const dir = mkdtempSync(path.join(tmpdir(), 'voicelib-nisqa-'));
  try {
    const files: string[] = [];
    for (const [index, clip] of clips.entries()) {
      const file = path.join(dir, `${index}.wav`);
      writeFileSync(file, (await encodeAudio(clip, { format: 'WAV', sampleRate: clip.sampleRate })).data);
      files.push(file);
    }
    const scores = new Map<string, number>();
    // The scorer takes many files per run; batches keep its command line short.
    for (let at = 0; at < files.length; at += 64) {
      const { stdout } = await run(process.execPath, [scorer.script, ...files.slice(at, at + 64)], {
        cwd: scorer.dir,
        timeout: 600_000,
        maxBuffer: 1 << 22,
      });
      for (const line of stdout.split('\n')) {
        if (!line.trim().startsWith('{')) continue;
        const parsed = JSON.parse(line) as { file: string; naturalness: number };
        scores.set(parsed.file, parsed.naturalness);
      }
    }
    return files.map((file) => scores.get(file) ?? Number.NaN);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median of the finite values (NaN when none). */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
