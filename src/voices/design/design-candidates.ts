import { type DesignRanges, designRanges, type DesignSpec } from './design.js';
import { fitEq } from '../eq-fit.js';
import type { EngineRealization, VoiceIdentity, VoiceTraits, VoiceTransform } from '../../speech/voice-identity.js';
import { bandCentresHz } from '../../audio/analysis/voice/measure-brightness.js';
import { unitHash, type VoiceGender } from '../catalog/preset-traits.js';
import { describedRealizations, engineRealizations, probeVoiceFor } from '../voice-engines.js';
import { groupRealizer, PROBE_ENGINE, probeVoicing } from '../../speech/engine-voicing.js';

/** Designed voices for a parsed description (`design.ts`): distinct candidates and their identities. */

/** One designed voice. */
export interface DesignCandidate {
  /** The candidate's gender: the spec's, or one chosen for it when the spec gives none. */
  gender: VoiceGender;
  traits: VoiceTraits;
  identity: VoiceIdentity;
  /** One line for people: `Male, old, en-GB (British), 95 Hz, formants 0.90, rate 0.84×: warm, calm`. */
  summary: string;
}

/**
 * Margins between candidates of one call: median pitch 13 % apart, or formant scale 7 %, or rate
 * 15 %. Well above `DISTINCT_TRAIT_STEPS` (8 %, 5 %, 10 %), so the rendered voices still measure as
 * distinct after the engine's own deviations (espeak-ng lands median F0 within about ±3 %, ±5 %
 * in French).
 */
const CANDIDATE_MARGINS = { pitchHz: 0.13, formantScale: 0.07, rate: 0.15 } as const;

/**
 * `count` (1–3) candidates that all fit `spec` and differ pairwise by `CANDIDATE_MARGINS` (so by
 * `traitsAreDistinct` too): median pitch is spread over the allowed range in strata, formant
 * scale and rate drawn inside theirs, and draws are repeated until every pair is 13 % apart in
 * pitch; only when the pitch range is too narrow for that may formants or rate make the
 * difference instead (and the ranges widen by up to 15 %). When the spec gives no gender the
 * candidates take different ones. The same spec, count and seed always give the same candidates.
 */
export function designCandidates(spec: DesignSpec, count: number, seed: string | number): DesignCandidate[] {
  const n = Math.max(1, Math.min(3, Math.floor(count)));
  const random = seededRandom(unitHash(`${seed}|${JSON.stringify({ ...spec, understood: [] })}`));
  const genders: VoiceGender[] =
    spec.gender !== null
      ? Array.from({ length: n }, () => spec.gender as VoiceGender)
      : shuffle(['female', 'male', 'neutral'] as VoiceGender[], random).slice(0, n);
  const ranges = genders.map((gender) => designRanges(spec, gender));
  const traits = drawDistinct(ranges, random);
  // One group: engines that can tell give the candidates voices that sound like different people.
  const realize = groupRealizer({ distinctIdentity: true });
  return traits.map((candidate, index) => {
    const range = ranges[index]!;
    const identity = designIdentity(spec, range, candidate, index, realize);
    return { gender: range.gender, traits: candidate, identity, summary: summarize(spec, range, candidate) };
  });
}

function drawDistinct(ranges: readonly DesignRanges[], random: () => number): VoiceTraits[] {
  let last: VoiceTraits[] = [];
  // Pitch apart first (the trait engines land best); only if the ranges are too narrow for that,
  // any of pitch, formants or rate, with the ranges widened step by step.
  const rounds = [
    { widen: 0, pitchOnly: true },
    { widen: 0.04, pitchOnly: true },
    ...[0, 0.05, 0.1, 0.15].map((widen) => ({ widen, pitchOnly: false })),
  ];
  for (const { widen, pitchOnly } of rounds) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const strata = shuffle(
        ranges.map((_, k) => k),
        random,
      );
      last = ranges.map((range, k) => {
        // Pitch in stratum k of n of the range (log scale), widened by `widen` on each side.
        const [low, high] = [range.pitchHz[0] / (1 + widen), range.pitchHz[1] * (1 + widen)];
        const position = (strata[k]! + 0.25 + 0.5 * random()) / ranges.length;
        const [fLow, fHigh] = [range.formantScale[0] / (1 + widen), range.formantScale[1] * (1 + widen)];
        return {
          pitchHz: round(low * (high / low) ** position, 1),
          pitchRange: round(clamp(range.pitchRange + 0.1 * (random() - 0.5), 0.05, 0.99), 2),
          formantScale: round(fLow + (fHigh - fLow) * random(), 3),
          rate: round(range.rate[0] + (range.rate[1] - range.rate[0]) * random(), 2),
          brightness: round(range.brightness + 0.6 * (random() - 0.5), 1),
          breathiness: round(clamp(range.breathiness + 0.1 * (random() - 0.5), 0, 1), 2),
        };
      });
      if (allApart(last, pitchOnly)) return last;
    }
  }
  return last;
}

function allApart(candidates: readonly VoiceTraits[], pitchOnly: boolean): boolean {
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const [a, b] = [candidates[i]!, candidates[j]!];
      const apart =
        ratio(a.pitchHz, b.pitchHz) >= CANDIDATE_MARGINS.pitchHz ||
        (!pitchOnly &&
          (ratio(a.formantScale, b.formantScale) >= CANDIDATE_MARGINS.formantScale ||
            ratio(a.rate, b.rate) >= CANDIDATE_MARGINS.rate));
      if (!apart) return false;
    }
  }
  return true;
}

/**
 * The identity of one candidate: the espeak-ng voice of the spec's accent realized by the probe
 * engine's design fit (speech/voice-realizers.ts: a variant, its parameters and a transform for the
 * formant scale and unreachable pitch), plus a spectral tilt for brightness.
 */
function designIdentity(
  spec: DesignSpec,
  range: DesignRanges,
  traits: VoiceTraits,
  index: number,
  realize: ReturnType<typeof groupRealizer>,
): VoiceIdentity {
  // Children's voices come from the female variants, whatever the gender: that is where the pitch is.
  const engineGender = range.child ? 'female' : range.gender;
  const probeVoice = probeVoiceFor(spec.language, engineGender, spec.accent ?? undefined);
  const fit = probeVoicing.design(probeVoice, engineGender, traits, index);
  const { realization } = fit;
  const transform: VoiceTransform = { ...fit.transform };
  const tilt = traits.brightness - fit.brightness;
  if (Math.abs(tilt) >= 0.5) {
    const centres = bandCentresHz(32, 22050);
    const eq = fitEq(
      centres.map((hz) => (hz > 500 ? tilt * Math.log2(hz / 500) : 0)),
      centres,
      22050,
    );
    if (eq.length > 0) transform.eq = eq;
  }
  return {
    traits,
    engines: {
      ...engineRealizations(probeVoice, engineGender, traits),
      ...describedRealizations(spec.language, engineGender, spec.accent ?? undefined, traits, realize),
      [PROBE_ENGINE]: realization,
    },
    ...(Object.keys(transform).length > 0 ? { transform } : {}),
  };
}

function summarize(spec: DesignSpec, range: DesignRanges, traits: VoiceTraits): string {
  const who = range.child ? `Child (${range.gender})` : capitalize(range.gender);
  const age = spec.age !== null && spec.age !== 'child' ? `, ${spec.age}` : '';
  const accent = spec.accent ? ` (${spec.accent})` : '';
  const tones = spec.tones.length > 0 ? `: ${spec.tones.join(', ')}` : '';
  return `${who}${age}, ${spec.language}${accent}, ${Math.round(traits.pitchHz)} Hz, formants ${traits.formantScale.toFixed(2)}, rate ${traits.rate.toFixed(2)}×${tones}`;
}

/** Mulberry32 seeded from a hash in [0, 1). */
function seededRandom(hash: number): () => number {
  let state = Math.floor(hash * 2 ** 32) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function ratio(a: number, b: number): number {
  return Math.abs(a - b) / Math.min(a, b);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
