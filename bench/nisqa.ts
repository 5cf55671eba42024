import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeAudio } from '../src/audio/encode.js';
import type { PcmAudio } from '../src/audio/pcm.js';

const run = promisify(execFile);
const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/**
 * NISQA-TTS naturalness (1-5) from the quality kit: VOICELIB_QUALITY_DIR when set, else
 * ../shared/quality when it is installed there, else the copy `scripts/quality-scorer.sh` installs
 * in the cache (run once per process). Null with the reason when none can be had.
 */
export function nisqaScorer(): { dir: string; script: string } | { missing: string } {
  const given = process.env['VOICELIB_QUALITY_DIR'];
  const kit = path.resolve(REPO, given ?? '../shared/quality');
  const installed = (dir: string) => existsSync(path.join(dir, 'score.mjs')) && existsSync(path.join(dir, 'node_modules'));
  if (installed(kit)) return { dir: kit, script: path.join(kit, 'score.mjs') };
  if (given !== undefined) return { missing: `no installed scorer at ${kit} (ONNXRUNTIME_NODE_INSTALL=skip npm install there)` };
  cached ??= installInCache(kit);
  return cached;
}

let cached: { dir: string; script: string } | { missing: string } | undefined;

function installInCache(kit: string): { dir: string; script: string } | { missing: string } {
  const script = path.join(REPO, 'scripts', 'quality-scorer.sh');
  const result = spawnSync('bash', [script, kit], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !existsSync(path.join(dir, 'score.mjs'))) {
    return { missing: `the scorer could not be installed from ${kit} (scripts/quality-scorer.sh)` };
  }
  return { dir, script: path.join(dir, 'score.mjs') };
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
