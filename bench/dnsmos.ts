import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { PcmAudio } from '../src/audio/pcm.js';
import { resample } from '../src/audio/resample.js';
import { float32Tensor, getSession, tensorFloat32 } from '../src/onnx/session.js';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/**
 * DNSMOS P.835 (Microsoft's deep noise suppression MOS, MIT; the ONNX model in the PyPI wheel
 * `speechmos` 0.0.1.1, fetched by scripts/fetch-dnsmos.sh): a second naturalness judge beside NISQA,
 * trained on other data for another purpose (rating speech after noise suppression). A change scored
 * by NISQA alone may fit NISQA's quirks; where both judges move the same way, it is heard.
 *
 * As speechmos does it: audio at 16 kHz, repeated until it is 9.01 s long, rated in 9.01 s windows a
 * second apart; each window's raw signal, background and overall scores are mapped by the published
 * polynomials and averaged. Only the overall score (`ovrl`, 1-5) is reported by the benches.
 */

const RATE = 16_000;
const WINDOW = Math.floor(9.01 * RATE);
// speechmos's non-personalized polynomials, highest power first.
const P_SIG = [-0.08397278, 1.22083953, 0.0052439];
const P_BAK = [-0.13166888, 1.60915514, -0.39604546];
const P_OVR = [-0.06766283, 1.11546468, 0.04602535];

export interface DnsmosScore {
  sig: number;
  bak: number;
  ovrl: number;
}

let model: { file: string } | { missing: string } | undefined;

/** The model file, fetched once per process; the reason when it cannot be had (no pip, offline). */
export function dnsmosModel(): { file: string } | { missing: string } {
  if (model) return model;
  const result = spawnSync('bash', [path.join(REPO, 'scripts', 'fetch-dnsmos.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const file = result.stdout.trim().split('\n').at(-1) ?? '';
  model = result.status === 0 && file !== '' ? { file } : { missing: `DNSMOS could not be fetched (scripts/fetch-dnsmos.sh: ${result.stderr.trim().split('\n').at(-1) ?? ''})` };
  return model;
}

function poly(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((sum, c) => sum * x + c, 0);
}

/** Each clip's DNSMOS, in input order (NaN scores for an empty clip). */
export async function dnsmosScores(clips: readonly PcmAudio[]): Promise<DnsmosScore[]> {
  const found = dnsmosModel();
  if ('missing' in found) throw new Error(found.missing);
  const session = await getSession(found.file, { threads: 1 });
  const out: DnsmosScore[] = [];
  for (const clip of clips) {
    let audio = resample(clip, RATE).samples;
    if (audio.length === 0) {
      out.push({ sig: Number.NaN, bak: Number.NaN, ovrl: Number.NaN });
      continue;
    }
    while (audio.length < WINDOW) {
      const doubled = new Float32Array(audio.length * 2);
      doubled.set(audio);
      doubled.set(audio, audio.length);
      audio = doubled;
    }
    // speechmos's arithmetic to the letter (Python's int() truncates; a window its float end leaves
    // a sample short is skipped there, so here too).
    const windows = Math.trunc(Math.floor(audio.length / RATE) - 9.01) + 1;
    const sum = { sig: 0, bak: 0, ovrl: 0 };
    let counted = 0;
    for (let w = 0; w < windows; w++) {
      const segment = audio.subarray(w * RATE, Math.trunc((w + 9.01) * RATE));
      if (segment.length < WINDOW) continue;
      const outputs = await session.run({ input_1: await float32Tensor(segment, [1, segment.length]) });
      const [sig, bak, ovr] = tensorFloat32(Object.values(outputs)[0]!);
      sum.sig += poly(P_SIG, sig!);
      sum.bak += poly(P_BAK, bak!);
      sum.ovrl += poly(P_OVR, ovr!);
      counted += 1;
    }
    out.push({ sig: sum.sig / counted, bak: sum.bak / counted, ovrl: sum.ovrl / counted });
  }
  return out;
}
