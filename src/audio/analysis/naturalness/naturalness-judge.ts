import { findPackFile } from '../../../onnx/model-files.js';
import { float32Tensor, getSession, type OrtSession, tensorFloat32 } from '../../../onnx/session.js';
import type { PcmAudio } from '../../pcm.js';
import { resample } from '../../resample.js';

/**
 * How natural speech sounds, as a number: DNSMOS P.835 (Microsoft's Deep Noise Suppression MOS,
 * `sig_bak_ovr.onnx` from microsoft/DNS-Challenge, CC BY 4.0; `voicelib models pull dnsmos`), which
 * rates speech signal, background and overall quality on the 1-5 MOS scale. Engine-neutral: it
 * listens to audio only. The clone refinement uses it as a naturalness bar (refine.ts): a voice moved
 * toward its speaker must not sound less natural saying other text than its start did.
 *
 * As its reference implementation (DNS-Challenge `dnsmos_local.py`, and the PyPI package
 * `speechmos`) does it: audio at 16 kHz, repeated until it is 9.01 s long, rated in 9.01 s windows a
 * second apart; each window's three raw scores are mapped by the published non-personalized
 * polynomials and averaged.
 *
 * @example
 * const judge = await NaturalnessJudge.find(config.modelFolders);
 * const { ovrl } = (await judge?.rate(clip)) ?? {};
 */

/** The model pack and file the judge is read from (`src/models/manifest.ts`). */
export const NATURALNESS_PACK = 'dnsmos';
export const NATURALNESS_FILE = 'sig_bak_ovr.onnx';

const RATE = 16_000;
const WINDOW_SECONDS = 9.01;
const WINDOW = Math.floor(WINDOW_SECONDS * RATE);
// The non-personalized polynomials, highest power first.
const P_SIG = [-0.08397278, 1.22083953, 0.0052439];
const P_BAK = [-0.13166888, 1.60915514, -0.39604546];
const P_OVR = [-0.06766283, 1.11546468, 0.04602535];

/** DNSMOS P.835 ratings, 1-5: speech signal, background, overall. */
export interface NaturalnessRating {
  sig: number;
  bak: number;
  ovrl: number;
}

export class NaturalnessJudge {
  private constructor(
    private readonly session: OrtSession,
    readonly file: string,
  ) {}

  /** The judge from `<folder>/dnsmos/sig_bak_ovr.onnx` in the first folder that has it, or null. */
  static async find(folders: readonly string[]): Promise<NaturalnessJudge | null> {
    const file = findPackFile(folders, NATURALNESS_PACK, [NATURALNESS_FILE]);
    return file === null ? null : NaturalnessJudge.load(file);
  }

  static async load(file: string): Promise<NaturalnessJudge> {
    return new NaturalnessJudge(await getSession(file, { threads: 1 }), file);
  }

  /** The rating of `audio` (any sample rate), or null when it is empty. */
  async rate(audio: PcmAudio): Promise<NaturalnessRating | null> {
    let samples = resample(audio, RATE).samples;
    if (samples.length === 0) return null;
    while (samples.length < WINDOW) {
      const doubled = new Float32Array(samples.length * 2);
      doubled.set(samples);
      doubled.set(samples, samples.length);
      samples = doubled;
    }
    // The reference's arithmetic to the letter (Python's int() truncates; a window its float end
    // leaves a sample short is skipped there, so here too).
    const windows = Math.trunc(Math.floor(samples.length / RATE) - WINDOW_SECONDS) + 1;
    const sum = { sig: 0, bak: 0, ovrl: 0 };
    let counted = 0;
    for (let w = 0; w < windows; w += 1) {
      const segment = samples.subarray(w * RATE, Math.trunc((w + WINDOW_SECONDS) * RATE));
      if (segment.length < WINDOW) continue;
      const outputs = await this.session.run({ input_1: await float32Tensor(segment, [1, segment.length]) });
      const [sig, bak, ovr] = tensorFloat32(Object.values(outputs)[0]!);
      sum.sig += poly(P_SIG, sig!);
      sum.bak += poly(P_BAK, bak!);
      sum.ovrl += poly(P_OVR, ovr!);
      counted += 1;
    }
    return { sig: sum.sig / counted, bak: sum.bak / counted, ovrl: sum.ovrl / counted };
  }
}

function poly(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((sum, c) => sum * x + c, 0);
}
