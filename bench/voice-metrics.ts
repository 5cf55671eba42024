/**
 * The voice-metrics kit (../shared/voice-metrics: speaker similarity and Whisper WER, offline, from
 * PyPI wheels) as the benchmarks call it: its venv made once by its setup.sh, its scripts run as
 * child processes. Benchmarks only: the product never depends on the kit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { editDistance } from '../src/speech/engines/onnx/joined-words.js';
import { REPO } from './common.js';

export const KIT = path.resolve(REPO, '../shared/voice-metrics');

/** The kit's Python, its venv made (or found) first; null where the kit is absent. */
export function kitPython(): string | null {
  if (!existsSync(path.join(KIT, 'setup.sh'))) return null;
  execFileSync('bash', [path.join(KIT, 'setup.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  return path.join(process.env['VM_VENV'] ?? path.join(process.env['TMPDIR'] ?? '/tmp', 'vm-venv'), 'bin', 'python');
}

export interface Recognized {
  file: string;
  lang: string;
  text: string;
  transcript: string;
  /** Reference and transcript as the kit normalized them before counting errors. */
  ref_norm: string;
  hyp_norm: string;
  metric: 'wer' | 'cer';
  errors: number;
  ref_units: number;
}

/** Whisper base (the kit's wer.py, one batch: the model loads once) on every clip. */
export function recognize(python: string, items: ReadonlyArray<{ file: string; text: string; lang: string }>, batchFile: string): Recognized[] {
  writeFileSync(batchFile, JSON.stringify(items));
  const out = execFileSync(python, [path.join(KIT, 'wer.py'), '--batch', batchFile], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return (JSON.parse(out) as { results: Recognized[] }).results;
}

/** Corpus error rate of recognized clips: errors over reference units (words, or characters for ja/zh/ko/th). */
export function errorRate(results: readonly Recognized[]): number {
  const units = results.reduce((sum, r) => sum + r.ref_units, 0);
  return units === 0 ? Number.NaN : results.reduce((sum, r) => sum + r.errors, 0) / units;
}

let toSimplified: ((text: string) => string) | undefined;

/**
 * A Chinese result scored on simplified characters: Whisper base often writes Mandarin in traditional
 * characters ("紅綠燈" for "红绿灯"), which the kit's CER counts as errors although the words are the
 * same. The transcript (as the kit normalized it) is converted with OpenCC's traditional → mainland
 * table and the character errors counted again; other languages' results are returned unchanged.
 */
export async function scoredInSimplified(result: Recognized): Promise<Recognized> {
  if (result.lang !== 'zh') return result;
  const convert = (toSimplified ??= (await import('opencc-js/t2cn')).Converter({ from: 't', to: 'cn' }));
  const hypothesis = convert(result.hyp_norm);
  return { ...result, hyp_norm: hypothesis, errors: editDistance([...result.ref_norm], [...hypothesis]) };
}
