import type { EngineRealization } from '../../voice-identity.js';
import type { VoiceDescription } from '../../voice-description.js';
import { type BlendPart, formatBlend, formatStyleOffset, parseBlend } from './blend.js';
import { measuredBlends, predictedEmbedding } from './speaker-embeddings.js';
import { styleTowardSpeaker } from './style-map.js';
import { KOKORO_BLEND_PITCH } from './data/blend-pitch.js';
import { KOKORO_VOICE_TRAITS, type KokoroPackTraits } from './data/voice-traits.js';
import { KOKORO_LANGUAGES, kokoroLanguageFor, type KokoroLanguage, voiceLanguage } from './voices.js';

/**
 * Realizes an engine-neutral voice description on Kokoro as a blend of style packs, from the packs'
 * measured traits (data/voice-traits.ts, bench/kokoro-voice-traits.ts): a blend's pitch is predicted
 * by interpolating its parts' median F0 on a log scale, its brightness (formant scale, read relative
 * to its gender's pool) and pace linearly.
 *
 * Pitch is then set inside the model: a prepared model multiplies its predicted F0 curve by the
 * realization's `pitch` factor (prepare.ts), so the vocoder renders the moved melody in the voice's
 * own timbre. Measured on four packs × four Harvard sentences (docs/voices.md), factors from 0.7 to
 * 1.4 kept NISQA within 0.1 of the unshifted voice and moved the median F0 by the factor, where a
 * PSOLA shift of ±1.5 semitones after synthesis cost Kokoro's female voices 0.3-0.7. So a
 * description's pitch is reached exactly (within `PITCH_REACH`) and the blend is chosen mostly for
 * timbre (formant scale) and naturalness.
 *
 * A voice's pace relative to the typical one becomes the engine's `pace` parameter (speed multiplier).
 */

/** A language's own packs scoring below this on NISQA are not used while it has better ones (af_nicole 3.05). */
const MIN_NATURALNESS = 3.6;
/**
 * Clone candidates chosen by ear must be predicted to score at least this (or the best their language
 * has): a character voice the encoder likes (am_santa, 3.77) says short sentences up to 15 % higher
 * than long ones, so its fitted pitch does not hold; the naturalness floor is 3.8.
 */
const MIN_CLONE_NATURALNESS = 3.8;
/** Another language's packs mixed in must score at least this. */
const MIN_FOREIGN_NATURALNESS = 3.9;
/** Weight of the language's own pack in a blend with another language's, so the accent stays. */
const NATIVE_WEIGHT = 0.65;
const PACE_LIMITS = [0.85, 1.2] as const;
/** Largest in-model pitch move a fit makes, semitones (NISQA measured flat up to ±6: factors 0.7-1.4). */
export const PITCH_REACH_SEMITONES = 6;
/** Moves under this (semitones, about 0.6 %) are left out of the realization. */
const PITCH_SLACK_SEMITONES = 0.1;

interface Candidate {
  parts: BlendPart[];
  /** `parts` as the realization's `blend` parameter (blend.ts), also its distinctness key. */
  blend: string;
  pitchHz: number;
  formantScale: number;
  rate: number;
  naturalness: number;
}

const TRAITS = new Map(KOKORO_VOICE_TRAITS.map((t) => [t.voice, t]));

/**
 * A blend's predicted traits. Its median F0 is corrected by the measured ratio for the language when
 * there is one (data/blend-pitch.ts): packs measured on their own language's probe text speak
 * another language at another pitch (an English male pack reads French about 15 % higher).
 */
function blendOf(parts: BlendPart[], language: KokoroLanguage): Candidate {
  const candidate = predictedBlend(parts);
  const ratio = KOKORO_BLEND_PITCH[calibrationKey(KOKORO_LANGUAGES[language].tag, candidate.blend)];
  return ratio === undefined ? candidate : { ...candidate, pitchHz: candidate.pitchHz * ratio };
}

/** The key of a blend (`blend` parameter) spoken in a language (its tag) in data/blend-pitch.ts. */
export function calibrationKey(languageTag: string, blend: string): string {
  return `${languageTag}|${blend}`;
}

/** A blend's median F0 predicted from its packs alone (log-scale interpolation), Hz. */
export function predictedBlendPitch(parts: readonly BlendPart[]): number {
  return predictedBlend(parts).pitchHz;
}

function predictedBlend(parts: readonly BlendPart[]): Candidate {
  let logPitch = 0;
  let formantScale = 0;
  let rate = 0;
  let naturalness = 0;
  for (const { voice, weight } of parts) {
    const t = TRAITS.get(voice)!;
    logPitch += weight * Math.log(t.pitchHz);
    formantScale += weight * t.formantScale;
    rate += weight * t.rate;
    naturalness += weight * t.naturalness;
  }
  return { parts: [...parts], blend: formatBlend(parts), pitchHz: Math.exp(logPitch), formantScale, rate, naturalness };
}

/**
 * The packs a language and gender blend from. Its own packs, all of them when none reaches
 * `MIN_NATURALNESS` (a language's only voice, e.g. ef_dora at 3.42, keeps its accent), otherwise
 * those that do. Mixed in: for English, the other English accent's packs; for every other language,
 * English packs from `MIN_FOREIGN_NATURALNESS` up (the largest and best-scoring set; French has no
 * male pack of its own, so its men are English packs speaking French phonemes).
 */
function packsFor(language: KokoroLanguage, gender: 'f' | 'm'): { native: KokoroPackTraits[]; foreign: KokoroPackTraits[] } {
  const ofGender = KOKORO_VOICE_TRAITS.filter((t) => t.voice[1] === gender);
  const own = ofGender.filter((t) => voiceLanguage(t.voice) === language);
  const good = own.filter((t) => t.naturalness >= MIN_NATURALNESS);
  const english = language === 'a' || language === 'b';
  const foreign = ofGender.filter((t) => {
    const other = voiceLanguage(t.voice);
    if (other === language || (other !== 'a' && other !== 'b')) return false;
    return t.naturalness >= (english ? MIN_NATURALNESS : MIN_FOREIGN_NATURALNESS);
  });
  return { native: good.length > 0 ? good : own, foreign };
}

/**
 * Blends available for a language and gender: each native pack alone, native pairs at 3:1, 1:1 and
 * 1:3, and each native pack with another language's pack (native weight 0.65) where the language has
 * few packs of its own.
 */
function candidates(language: KokoroLanguage, gender: 'f' | 'm'): readonly Candidate[] {
  const key = `${language}${gender}`;
  let pool = POOLS.get(key);
  if (pool === undefined) {
    pool = blendsFor(language, gender);
    POOLS.set(key, pool);
  }
  return pool;
}

/** Candidate blends per language and gender, made once: every preset of the catalog fits from them. */
const POOLS = new Map<string, readonly Candidate[]>();

function blendsFor(language: KokoroLanguage, gender: 'f' | 'm'): Candidate[] {
  const { native, foreign } = packsFor(language, gender);
  const out: Candidate[] = native.map((t) => blendOf([{ voice: t.voice, weight: 1 }], language));
  for (const [i, a] of native.entries()) {
    for (const b of native.slice(i + 1)) {
      for (const w of [0.75, 0.5, 0.25]) {
        out.push(blendOf([{ voice: a.voice, weight: w }, { voice: b.voice, weight: 1 - w }], language));
      }
    }
  }
  const sibling = language === 'a' || language === 'b';
  if (native.length < 4 || sibling) {
    for (const a of native.length > 0 ? native : foreign) {
      for (const b of foreign) {
        if (a.voice === b.voice) continue;
        out.push(blendOf([{ voice: a.voice, weight: NATIVE_WEIGHT }, { voice: b.voice, weight: 1 - NATIVE_WEIGHT }], language));
      }
    }
  }
  return out;
}

function medianRate(pool: readonly Candidate[]): number {
  return quantile(
    pool.map((c) => c.rate).sort((a, b) => a - b),
    0.5,
  );
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? 0;
}

/** Realization and distinctness key of one candidate blend (`pitch`: the in-model F0 factor). */
function realizationOf(language: KokoroLanguage, candidate: Candidate, pace: number, pitch = 1) {
  const blend = candidate.blend;
  return {
    key: blend,
    realization: {
      id: candidate.parts[0]!.voice,
      params: {
        blend,
        pace: Number(pace.toFixed(3)),
        ...(pitch === 1 ? {} : { pitch }),
        language: KOKORO_LANGUAGES[language].tag,
      },
    } satisfies EngineRealization,
  };
}

/** The blends for a description's language and gender, or null when Kokoro does not speak it. */
function poolFor(description: VoiceDescription): { language: KokoroLanguage; pool: Candidate[] } | null {
  const language = kokoroLanguageFor(description.language);
  if (language === null) return null;
  const genders: Array<'f' | 'm'> =
    description.gender === 'male' ? ['m'] : description.gender === 'female' ? ['f'] : ['f', 'm'];
  const pool = genders.flatMap((g) => candidates(language, g));
  return pool.length === 0 ? null : { language, pool };
}

/**
 * Cost of a candidate against a pitch (Hz) and formant-scale target. The in-model pitch factor closes
 * a pitch gap, so within reach it only weighs lightly (smaller moves preferred); beyond reach, fully.
 */
function costOf(candidate: Candidate, target: { pitchHz: number; formantScale: number }): number {
  const pitchError = Math.abs(12 * Math.log2(candidate.pitchHz / target.pitchHz));
  const beyond = Math.max(0, pitchError - PITCH_REACH_SEMITONES);
  const formantError = (candidate.formantScale - target.formantScale) / 0.06;
  return 0.1 * pitchError ** 2 + 4 * beyond ** 2 + 0.5 * formantError ** 2 + 4 * Math.max(0, 4.2 - candidate.naturalness);
}

/** `semitones` within the in-model factor's reach. */
function withinReach(semitones: number): number {
  return Math.max(-PITCH_REACH_SEMITONES, Math.min(PITCH_REACH_SEMITONES, semitones));
}

/** The in-model pitch factor for a move within reach, 3 decimals; 1 when negligible. */
function factorFor(semitones: number): number {
  return Math.abs(semitones) < PITCH_SLACK_SEMITONES ? 1 : Number((2 ** (semitones / 12)).toFixed(3));
}

/**
 * The best blend for a description, or undefined when Kokoro does not speak its language.
 * `avoid` lists blends already given to other voices of the same language (`key` of earlier fits),
 * so presets realized one after another each get their own (speech/voice-realizers.ts).
 */
export function fitKokoroVoice(
  description: VoiceDescription,
  avoid: ReadonlySet<string> = new Set(),
  options: { distinctIdentity?: boolean } = {},
): { realization: EngineRealization; key: string } | undefined {
  const found = poolFor(description);
  if (found === null) return undefined;
  const { language, pool } = found;
  const target = targetOf(description, pool);
  const taken = options.distinctIdentity
    ? [...avoid].map((blend) => predictedEmbedding(parseBlend(blend))).filter((e): e is Float32Array => e !== null)
    : [];
  // Voices that must sound like different people may also take the sibling accent's packs whole
  // (an American pack speaking British phonemes keeps the British accent): English has few packs
  // per accent and gender (4 British men).
  const wider = taken.length > 0 ? [...pool, ...siblingPacks(language, description)] : pool;
  let best: { candidate: Candidate; cost: number } | null = null;
  for (const candidate of wider) {
    const cost = costOf(candidate, target) + (avoid.has(candidate.blend) ? 1000 : 0) + identityPenalty(candidate, taken);
    if (best === null || cost < best.cost) best = { candidate, cost };
  }
  const chosen = best!.candidate;
  // The catalog's rates are relative to a typical pace (1); Kokoro's packs read at their own, natural
  // pace, so a blend keeps the packs' typical pace and only the description's deviation from 1 and
  // the blend's own deviation from the packs' median are applied.
  const pace = clampPace((description.traits.rate * medianRate(pool)) / chosen.rate);
  return realizationOf(language, chosen, pace, factorFor(withinReach(12 * Math.log2(target.pitchHz / chosen.pitchHz))));
}

/**
 * Similarity (predicted speaker embedding) above this to a blend already taken costs a candidate:
 * designed voices of one batch must sound like different people (≤ 0.75 measured; the prediction
 * is kept well under that because pitch and text move the measured value by a few hundredths).
 */
const DISTINCT_IDENTITY = 0.5;

function identityPenalty(candidate: Candidate, taken: readonly Float32Array[]): number {
  if (taken.length === 0) return 0;
  const own = predictedEmbedding(candidate.parts);
  if (own === null) return 0;
  return taken.reduce((sum, other) => sum + 1000 * Math.max(0, dot(own, other) - DISTINCT_IDENTITY), 0);
}

/** The other English accent's packs of the description's gender(s), whole, spoken in `language`. */
function siblingPacks(language: KokoroLanguage, description: VoiceDescription): Candidate[] {
  if (language !== 'a' && language !== 'b') return [];
  const sibling = language === 'a' ? 'b' : 'a';
  const genders = description.gender === 'male' ? ['m'] : description.gender === 'female' ? ['f'] : ['f', 'm'];
  return KOKORO_VOICE_TRAITS.filter(
    (t) => voiceLanguage(t.voice) === sibling && genders.includes(t.voice[1]!) && t.naturalness >= MIN_NATURALNESS,
  ).map((t) => blendOf([{ voice: t.voice, weight: 1 }], language));
}

/**
 * A realization moved by `semitones` more with the in-model pitch factor, and the part of the move
 * beyond reach (left to the caller's transform). Used when a clone's rendered candidate measures
 * off its recording's median F0 (voices/clone/realize-described.ts).
 */
export function retuneKokoroVoice(
  realization: EngineRealization,
  semitones: number,
): { realization: EngineRealization; residualSemitones: number } {
  const current = Number(realization.params?.['pitch'] ?? 1);
  const base = Number.isFinite(current) && current > 0 ? 12 * Math.log2(current) : 0;
  const wanted = base + semitones;
  const reached = withinReach(wanted);
  const { pitch: _old, ...params } = realization.params ?? {};
  const pitch = factorFor(reached);
  return {
    realization: { ...realization, params: pitch === 1 ? params : { ...params, pitch } },
    residualSemitones: wanted - reached,
  };
}

/**
 * A realization held at a median F0 (`hz`) on any length of text: a pitch level (`pitchHz`, the
 * prepared model's anchor, pitch-graph.ts) replaces the pitch factor. A factor moves the blend's own
 * melody, and Kokoro reads short sentences higher and long pieces lower, so a clone retuned on its
 * probe sentences missed its speaker by up to 8 % on a paragraph (docs/voices.md).
 */
export function holdKokoroPitch(realization: EngineRealization, hz: number): EngineRealization {
  const { pitch: _factor, ...params } = realization.params ?? {};
  return { ...realization, params: { ...params, pitchHz: Number(hz.toFixed(1)) } };
}

/**
 * Blends to try for a voice measured from a recording (a clone): its traits are absolute (median F0
 * in Hz and pace as measured, not positions in the catalog's ranges), best predicted first. The
 * caller renders them and keeps the one that measures closest (voices/clone/realize-described.ts).
 *
 * With the recording's speaker embedding (`heard`), they are the packs and preset blends of the
 * language that sound most like it (their measured embeddings, speaker-embeddings.ts), whatever their
 * measured gender, among those predicted natural enough (`MIN_CLONE_NATURALNESS`), each moved toward
 * the recording in style space (style-map.ts), and the nearest of them unmoved. Without it, the
 * best by traits.
 */
export function kokoroCloneCandidates(description: VoiceDescription, limit: number, heard?: Float32Array): EngineRealization[] {
  const found = poolFor(description);
  if (found === null) return [];
  const { language, pool } = found;
  const target = { pitchHz: description.traits.pitchHz, formantScale: description.traits.formantScale };
  const byTraits = pool
    .map((candidate) => ({ candidate, cost: costOf(candidate, target) }))
    .sort((a, b) => a.cost - b.cost)
    .map(({ candidate }) => candidate);
  const chosen: Array<{ candidate: Candidate; style?: string }> = [];
  if (heard !== undefined) {
    const family = (tag: string) => {
      const l = kokoroLanguageFor(tag);
      return l === 'a' || l === 'b' ? 'english' : l;
    };
    const ranked = measuredBlends()
      .filter((m) => family(m.language) === family(KOKORO_LANGUAGES[language].tag))
      .map((m) => ({ candidate: blendOf(parseBlend(m.blend), language), embedding: m.embedding, similarity: dot(m.embedding, heard) }))
      .sort((a, b) => b.similarity - a.similarity);
    const floor = Math.min(MIN_CLONE_NATURALNESS, Math.max(...ranked.map((r) => r.candidate.naturalness)));
    const nearest: typeof ranked = [];
    for (const entry of ranked) {
      if (nearest.length >= limit - 1) break;
      if (entry.candidate.naturalness < floor) continue;
      if (!nearest.some((n) => n.candidate.blend === entry.candidate.blend)) nearest.push(entry);
    }
    // Each moved toward the recording by the style map (style-map.ts), at the pitch the fit will
    // give it with the in-model factor, the move itself asked to lift the F0 only by what lies beyond
    // the factor's reach; the nearest also as it is, so a move the map mispredicts cannot leave the
    // instant fit less like the speaker than the stock voice (the renders decide, realize-described.ts).
    for (const { candidate, embedding } of nearest) {
      const wanted = 12 * Math.log2(description.traits.pitchHz / candidate.pitchHz);
      const semitones = withinReach(wanted);
      chosen.push({ candidate, style: formatStyleOffset(styleTowardSpeaker(embedding, heard, semitones, wanted - semitones).offset) });
    }
    if (nearest[0] !== undefined) chosen.push({ candidate: nearest[0].candidate });
  }
  for (const candidate of byTraits) {
    if (chosen.length >= limit) break;
    if (!chosen.some((c) => c.candidate.blend === candidate.blend)) chosen.push({ candidate });
  }
  return chosen.map(({ candidate, style }) => {
    const { realization } = realizationOf(language, candidate, clampPace(description.traits.rate / candidate.rate));
    return style === undefined ? realization : { ...realization, params: { ...realization.params, style } };
  });
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}

function clampPace(pace: number): number {
  return Math.min(PACE_LIMITS[1], Math.max(PACE_LIMITS[0], pace));
}

/**
 * The pitch and formant scale to aim at on Kokoro: the description's own median F0 (reached with the
 * in-model pitch factor), and its formant scale relative to the gender's typical value, applied to the
 * candidates' median.
 */
function targetOf(description: VoiceDescription, pool: readonly Candidate[]): { pitchHz: number; formantScale: number } {
  const formants = pool.map((c) => c.formantScale).sort((a, b) => a - b);
  const relativeFormant = description.traits.formantScale / description.typicalFormantScale;
  return { pitchHz: description.traits.pitchHz, formantScale: quantile(formants, 0.5) * relativeFormant };
}
