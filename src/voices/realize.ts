import type { PcmAudio } from '../audio/pcm.js';
import { resample } from '../audio/resample.js';
import { longTermSpectrum, spectralDistance } from '../audio/spectrum.js';
import { applyTransform } from '../audio/transform.js';
import type { SpeechEngine } from '../speech/engine.js';
import { fitEq } from './eq-fit.js';
import type { EngineRealization, VoiceIdentity, VoiceTraits, VoiceTransform } from './identity.js';
import { ESPEAK_VARIANT_DATA } from './data/espeak-voices.js';
import { bandCentresHz, measureFormantScale, RANGE_SPREAD_SEMITONES, voicePitch } from './measure.js';
import { probeText } from './probe-texts.js';
import { PRESETS } from './catalog.js';
import { ESPEAK_VARIANT_TRAITS } from './data/espeak-variant-traits.js';
import { ESPEAK_BASE_WPM, espeakMedianHz, espeakRealization, type VoiceGender } from './preset-traits.js';
import { engineRealizations, espeakVoiceFor } from './voice-engines.js';

/** Options for `realizeClone`. */
export interface RealizeCloneOptions {
  /** BCP-47 tag of the recording (`en-GB`); picks the espeak-ng voice and the probe sentence. */
  language: string;
  gender: VoiceGender;
  /** `longTermSpectrum(recording)` with its default 32 bands. */
  longTermSpectrum: Float32Array;
  /** Rate of the audio that spectrum was measured on, Hz; default 32000 (any rate ≥ 16 kHz is the same). */
  sampleRate?: number;
  /**
   * What the recording says. When given (up to 400 characters are used) it is also the probe
   * sentence, so the engine's spectrum and pitch are compared with the recording on the same words.
   */
  transcript?: string;
  /** An espeak-ng engine to render probes with; default: one shared single-thread engine, loaded on first use. */
  engine?: SpeechEngine;
}

/** Pitch corrections stop once the probe's median F0 is this close to the target (0.3 %). */
const PITCH_TOLERANCE = 0.003;
/** Formant shifts smaller than 1 % are not worth a resampling pass. */
const MIN_FORMANT_SHIFT = 0.01;
/** The transform's formant stage stays within ±25 %: beyond that the audio degrades faster than it gains. */
const MAX_FORMANT_SHIFT = 1.25;

/**
 * Turns measured traits into a clone's identity, as close to the recording as espeak-ng plus the
 * transform stage get:
 *
 * 1. espeak-ng voice for the language (the catalog's voice for that accent) and up to five
 *    variants of the gender near the formant scale (`candidateVariants`), each with pitch, range
 *    and rate from espeak-ng's calibrated pitch model (`espeakMedianHz`, as the catalog uses);
 * 2. a probe sentence in the language (or the transcript) rendered with each; a pitch shift that
 *    lands its median F0 on the target, re-measured after every change until within 0.3 %;
 * 3. a formant shift of target / measured formant scale of the pitch-corrected probe;
 * 4. EQ bands fitted to the recording's long-term spectrum minus the transformed probe's;
 * 5. the variant whose final probe is spectrally closest to the recording wins.
 *
 * Realizations for Pico and Flite are added where the catalog has one for that voice and gender;
 * the transform was measured on espeak-ng and applies to them only approximately.
 */
export async function realizeClone(
  traits: VoiceTraits,
  options: RealizeCloneOptions,
): Promise<VoiceIdentity> {
  const engine = options.engine ?? (await sharedEngine());
  const espeakId = espeakVoiceFor(options.language, options.gender);
  const text = probeSentence(options.language, options.transcript);
  const target = options.longTermSpectrum;
  const spectrumRate = options.sampleRate ?? 32000;

  // Fit each candidate variant, keep the spectrally closest, then land its pitch exactly.
  let best: { realization: EngineRealization; probe: PcmAudio; fit: Fit } | undefined;
  for (const variant of candidateVariants(espeakId, options.gender, traits)) {
    const realization = espeakForClone(espeakId, variant, traits);
    const probe = await render(engine, realization, text, options.language);
    const fit = fitTransform(probe, traits, target, spectrumRate);
    if (best === undefined || fit.distance < best.fit.distance) best = { realization, probe, fit };
  }
  if (best === undefined) throw new Error(`no espeak-ng realization for ${options.gender} voices`);
  const transform = { ...best.fit.transform };
  landPitch(best.probe, transform, traits.pitchHz, best.fit.pitchHz);
  return {
    traits: {
      pitchHz: traits.pitchHz,
      pitchRange: traits.pitchRange,
      formantScale: traits.formantScale,
      rate: traits.rate,
      brightness: traits.brightness,
      breathiness: traits.breathiness,
    },
    engines: { ...engineRealizations(espeakId, options.gender, traits), 'espeak-ng': best.realization },
    transform,
  };
}

/**
 * F0 spread of espeak-ng speech: the 10th–90th percentile spread in semitones is about
 * 0.6 + 8.3 × span / median, where span = (variant top − variant base) × range / 50 Hz (measured
 * on m6, m8, Denis and f3 at ranges 50–78). The span is in Hz, so one `range` gives a wider
 * spread in semitones on a low voice than on a high one.
 */
const ESPEAK_SPREAD = { offset: 0.6, perRelativeSpan: 8.3 } as const;
const variantData = new Map(ESPEAK_VARIANT_DATA.map((row) => [row[0], row]));
const measuredVariants = new Map(ESPEAK_VARIANT_TRAITS.map((row) => [row[0], row]));

/**
 * The espeak-ng variants to try: the three `espeakRealization` chooses from (nearest by the
 * variant files' nominal formant factor) and the two of the catalog's variants for this gender
 * whose measured formant scale is nearest (nominal factors ignore the Hz offsets some variants
 * add, see `data/espeak-variant-traits.ts`).
 */
function candidateVariants(espeakId: string, gender: VoiceGender, traits: VoiceTraits): string[] {
  const nominal = [0, 1, 2].map((pick) => String(espeakRealization(espeakId, gender, traits, pick).params?.['variant']));
  const pool = new Set<string>();
  for (const preset of PRESETS) {
    const variant = preset.identity.engines['espeak-ng']?.params?.['variant'];
    if (preset.gender === gender && typeof variant === 'string') pool.add(variant);
  }
  const distance = (variant: string): number =>
    Math.abs(Math.log((measuredVariants.get(variant)?.[1] ?? 1) / traits.formantScale));
  const measured = [...pool].filter((variant) => measuredVariants.has(variant)).sort((a, b) => distance(a) - distance(b));
  return [...new Set([...nominal, ...measured.slice(0, 2)])].filter((variant) => variantData.has(variant));
}

/**
 * espeak-ng parameters for `traits` on one variant: `range` such that the F0 spread in semitones
 * matches the recording's at its pitch (the catalog's `range` = pitchRange × 100 holds at about
 * 100–200 Hz only), `pitch` the value whose `espeakMedianHz` is nearest the target, rate in words
 * per minute as the catalog maps it.
 */
function espeakForClone(espeakId: string, variantId: string, traits: VoiceTraits): EngineRealization {
  const [, , lowHz, highHz] = variantData.get(variantId) ?? ['', '', 82, 118];
  const spread = RANGE_SPREAD_SEMITONES.offset + RANGE_SPREAD_SEMITONES.perUnit * traits.pitchRange;
  const spanHz = (Math.max(0, spread - ESPEAK_SPREAD.offset) * traits.pitchHz) / ESPEAK_SPREAD.perRelativeSpan;
  const range = highHz > lowHz ? Math.round(Math.min(99, Math.max(0, (50 * spanHz) / (highHz - lowHz)))) : 50;
  let pitch = 0;
  for (let candidate = 1; candidate <= 99; candidate++) {
    const error = (value: number) => Math.abs(espeakMedianHz(lowHz, highHz, value, range) - traits.pitchHz);
    if (error(candidate) < error(pitch)) pitch = candidate;
  }
  return {
    id: espeakId,
    params: {
      variant: variantId,
      pitch,
      range,
      rate: Math.round(Math.min(450, Math.max(80, ESPEAK_BASE_WPM * traits.rate))),
    },
  };
}

interface Fit {
  transform: VoiceTransform;
  /** Median F0 of the probe with the transform, Hz. */
  pitchHz: number;
  /** Long-term-spectrum distance of the transformed probe to the recording, dB. */
  distance: number;
}

/**
 * Pitch, formant and EQ corrections that move `probe` (the engine's rendering) to the targets:
 * one measured pitch step, the formant shift measured at the target pitch (the formant estimate
 * leans a little on F0, so both sides are compared at the same pitch), and EQ bands fitted to
 * what remains of the spectral difference.
 */
function fitTransform(
  probe: PcmAudio,
  traits: VoiceTraits,
  targetSpectrum: Float32Array,
  spectrumRate: number,
): Fit {
  const transform: VoiceTransform = {};
  const rawHz = voicePitch(probe).medianHz;
  if (rawHz > 0) transform.pitchShiftSemitones = round(clampSemitones(12 * Math.log2(traits.pitchHz / rawHz)), 3);
  let current = applyTransform(probe, transform);
  const formantShift = traits.formantScale / measureFormantScale(current);
  if (Number.isFinite(formantShift) && Math.abs(Math.log(formantShift)) >= MIN_FORMANT_SHIFT) {
    transform.formantShift = round(
      Math.min(MAX_FORMANT_SHIFT, Math.max(1 / MAX_FORMANT_SHIFT, formantShift)),
      3,
    );
    current = applyTransform(probe, transform);
  }
  const spectrumOf = (audio: PcmAudio): Float32Array =>
    longTermSpectrum(spectrumRate < 16000 ? resample(audio, spectrumRate) : audio, {
      bands: targetSpectrum.length,
    });
  const before = spectrumOf(current);
  const centres = bandCentresHz(targetSpectrum.length, Math.min(spectrumRate, probe.sampleRate));
  const difference = Array.from(targetSpectrum, (value, b) => value - before[b]!);
  const eq = fitEq(difference, centres, probe.sampleRate);
  let distance = spectralDistance(targetSpectrum, before);
  if (eq.length > 0) {
    const eqDistance = spectralDistance(targetSpectrum, spectrumOf(applyTransform(current, { eq })));
    if (eqDistance < distance) {
      transform.eq = eq;
      distance = eqDistance;
    }
  }
  return { transform, pitchHz: voicePitch(current).medianHz, distance };
}

/**
 * Corrects `transform.pitchShiftSemitones` until `probe` transformed has its median F0 within
 * `PITCH_TOLERANCE` of `targetHz` (PSOLA and the formant stage do not move F0 by exactly the
 * nominal amount); `measuredHz` is the current result. At most two more renderings.
 */
function landPitch(probe: PcmAudio, transform: VoiceTransform, targetHz: number, measuredHz: number): void {
  let measured = measuredHz;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!(measured > 0) || Math.abs(measured / targetHz - 1) <= PITCH_TOLERANCE) return;
    const semitones = (transform.pitchShiftSemitones ?? 0) + 12 * Math.log2(targetHz / measured);
    transform.pitchShiftSemitones = round(clampSemitones(semitones), 3);
    measured = voicePitch(applyTransform(probe, transform)).medianHz;
  }
}

function clampSemitones(semitones: number): number {
  return Math.max(-24, Math.min(24, semitones));
}

/** The transcript (when long enough to carry a pitch median, cut at a word within 400 characters) or the language's probe. */
function probeSentence(language: string, transcript: string | undefined): string {
  const words = (transcript ?? '').trim();
  if (words.length < 40) return probeText(language);
  if (words.length <= 400) return words;
  const cut = words.slice(0, 400);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 200));
}

/** Renders `text` with an espeak-ng realization, untransformed. */
async function render(
  engine: SpeechEngine,
  realization: EngineRealization,
  text: string,
  language: string,
): Promise<PcmAudio> {
  const result = await engine.synthesize({ text, language, voice: realization, speed: 1, variation: 0.5 });
  return result.audio;
}

/**
 * Renders `text` as a voice sounds on espeak-ng: its espeak-ng realization, then its transform.
 * For tests, benchmarks and previews that need the clone's sound without the whole speech pipeline.
 */
export async function renderIdentity(
  engine: SpeechEngine,
  identity: VoiceIdentity,
  text: string,
  language: string,
): Promise<PcmAudio> {
  const realization = identity.engines['espeak-ng'];
  if (realization === undefined) throw new Error('the identity has no espeak-ng realization');
  const audio = await render(engine, realization, text, language);
  return identity.transform ? applyTransform(audio, identity.transform) : audio;
}

let shared: Promise<SpeechEngine> | undefined;

/** One espeak-ng engine for probes, created on first use; its worker lets the process exit when idle. */
function sharedEngine(): Promise<SpeechEngine> {
  shared ??= import('../speech/engines/espeak-ng/index.js').then(({ createEspeakEngine }) =>
    createEspeakEngine({ threads: 1 }),
  );
  return shared;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
