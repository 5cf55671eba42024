import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import path from 'node:path';
import type { PcmAudio } from '../src/audio/pcm.js';
import { NATURALNESS_FILE, NATURALNESS_PACK, NaturalnessJudge, type NaturalnessRating } from '../src/audio/analysis/naturalness/naturalness-judge.js';
import { findPackFile } from '../src/onnx/model-files.js';
import { REPO } from './common.js';
import { modelFolders } from './setup.js';

/**
 * DNSMOS P.835 (Microsoft's deep noise suppression MOS; src/audio/analysis/naturalness, the judge
 * the clone refinement rates its renderings with): a second naturalness judge beside NISQA, trained
 * on other data for another purpose (rating speech after noise suppression). A change scored by
 * NISQA alone may fit NISQA's quirks; where both judges move the same way, it is heard. Its model is
 * among the test weights (scripts/fetch-test-models.sh takes it from the PyPI wheel `speechmos`
 * 0.0.1.1); fetched there when no models folder has it. Only the overall score (`ovrl`, 1-5) is
 * reported by the benches. bench:clones does not use it: the refinement it measures must clear its bar.
 */

export type DnsmosScore = NaturalnessRating;

let model: { file: string } | { missing: string } | undefined;

/** The model file, found (or fetched) once per process; the reason when it cannot be had (no pip, offline). */
export function dnsmosModel(): { file: string } | { missing: string } {
  if (model) return model;
  const find = () => findPackFile(modelFolders(), NATURALNESS_PACK, [NATURALNESS_FILE]);
  let file = find();
  if (file === null) {
    const cache = process.env['VOICELIB_CACHE'] ?? path.join(process.env['XDG_CACHE_HOME'] ?? path.join(homedir(), '.cache'), 'voicelib');
    const dir = process.env['VOICELIB_TEST_MODELS'] ?? path.join(cache, 'test-models');
    const result = spawnSync('bash', [path.join(REPO, 'scripts', 'fetch-test-models.sh'), dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    file = result.status === 0 ? find() : null;
    if (file === null) {
      return (model = { missing: `DNSMOS could not be fetched (scripts/fetch-test-models.sh: ${result.stderr.trim().split('\n').at(-1) ?? ''})` });
    }
  }
  return (model = { file });
}

/** Each clip's DNSMOS, in input order (NaN scores for an empty clip). */
export async function dnsmosScores(clips: readonly PcmAudio[]): Promise<DnsmosScore[]> {
  const found = dnsmosModel();
  if ('missing' in found) throw new Error(found.missing);
  const judge = await NaturalnessJudge.load(found.file);
  const out: DnsmosScore[] = [];
  for (const clip of clips) out.push((await judge.rate(clip)) ?? { sig: Number.NaN, bak: Number.NaN, ovrl: Number.NaN });
  return out;
}
