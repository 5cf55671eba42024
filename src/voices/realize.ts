import type { PcmAudio } from '../audio/pcm.js';
import { resample } from '../audio/resample.js';
import { longTermSpectrum, spectralDistance } from '../audio/spectrum.js';
import { applyTransform } from '../audio/transform.js';
import type { SpeechEngine } from '../speech/engine.js';
import { enginesSpeaking } from '../speech/model-policy.js';
import { eqResponseDb, fitEq } from './eq-fit.js';
import type { EngineRealization, VoiceIdentity, VoiceTraits, VoiceTransform } from '../speech/voice-identity.js';
import { bandCentresHz } from './measure-brightness.js';
import { measureFormantScale } from './measure-formant-scale.js';
import { RANGE_SPREAD_SEMITONES, voicePitch } from './measure-pitch.js';
import { probeText } from './probe-texts.js';
import { PRESETS } from './catalog.js';
import { espeakMedianHz, espeakRealization } from './espeak-realization.js';
import { espeakVariantData, espeakWpm } from './espeak-variants.js';
import type { VoiceGender } from './preset-traits.js';
import { fitDescribedClone } from './realize-described.js';
import { type CloneFittingPlan, cloneFittingPlan } from './voice-engines.js';

/** Options for `realizeClone`. */
export interface RealizeCloneOptions {
  /**
   * BCP-47 tag of the recording (`en-GB`); picks the espeak-ng voice and the probe sentence. A
   * language no engine speaks is probed (and later spoken) in its closest spoken language.
   */
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
  /**
   * The engines installed here: the clone is fitted on each that speaks its language (or the
   * closest spoken one). Takes the place of `engine` and `stockEngines`, which say it per engine.
   */
  engines?: readonly SpeechEngine[];
  /** An espeak-ng engine to render probes with; default: one shared single-thread engine, loaded on first use. */
  engine?: SpeechEngine;
  /**
   * Stock-voice engines (Flite, SVOX Pico) to fit the clone's realizations on. A realization on an
   * engine given here gets a transform fitted to the recording the same way as espeak-ng's; one
   * on an engine not given keeps `stockRealization`'s relative transform.
   */
  stockEngines?: readonly SpeechEngine[];
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
 * 1. espeak-ng voice for the language (the catalog's voice for that accent); every variant the
 *    catalog uses for the gender, with pitch, range and rate from espeak-ng's calibrated pitch
 *    model (`espeakMedianHz`, as the catalog uses), screened on the probe's first sentence for
 *    the closest raw spectrum (`candidateVariants`); the best two (and the catalog's own choice) go on;
 * 2. a probe sentence in the language (or the transcript) rendered with each; a pitch shift that
 *    lands its median F0 on the target, re-measured after every change until within 0.3 %;
 * 3. a formant shift of target / measured formant scale of the pitch-corrected probe (for the
 *    winning variant then refined by comparing spectra, `refineFormantShift`);
 * 4. EQ bands fitted to the recording's long-term spectrum minus the transformed probe's;
 * 5. the variant whose final probe is spectrally closest to the recording wins, and its pitch
 *    shift is re-measured until the probe lands within 0.3 %.
 *
 * Realizations for Pico and Flite are added where the catalog has one for that voice and gender
 * (`engineRealizations`: the stock voice with pitch and pace settings); on the engines in
 * `stockEngines` each gets its own transform, fitted like espeak-ng's from step 2 on (pitch
 * residue, formant shift refined against the spectrum, EQ).
 */
export async function realizeClone(
  traits: VoiceTraits,
  options: RealizeCloneOptions,
): Promise<VoiceIdentity> {
  const installed = options.engines ?? [];
  const engine =
    options.engine ?? installed.find((candidate) => candidate.info.id === PROBE_ENGINE) ?? (await sharedEngine());
  const stockEngines = options.stockEngines ?? installed.filter((candidate) => candidate !== engine);
  // Probes are said in the language the voice will be spoken in, on the engines that speak it.
  const plan = cloneFittingPlan(options.language, options.gender, traits, engine, stockEngines);
  const { language, espeakId } = plan;
  const text = probeSentence(language, options.transcript);
  const target = options.longTermSpectrum;
  const spectrumRate = options.sampleRate ?? 32000;

  const spectrumOf = (audio: PcmAudio): Float32Array =>
    longTermSpectrum(spectrumRate < 16000 ? resample(audio, spectrumRate) : audio, { bands: target.length });
  // Band centres of the target spectrum (the probe is analysed at its rate, or at the recording's when lower).
  const goal: SpectrumTarget = {
    spectrum: target,
    spectrumOf,
    centres: bandCentresHz(target.length, spectrumRate),
  };
  // Screen the gender's variants, fit the closest few, keep the best, refine its formant shift,
  // then land its pitch exactly.
  const variantsToFit = await candidateVariants(
    engine,
    espeakId,
    options.gender,
    traits,
    text,
    language,
    goal,
  );
  let best: { realization: EngineRealization; probe: PcmAudio; fit: Fit } | undefined;
  for (const variant of variantsToFit) {
    const realization = espeakForClone(espeakId, variant, traits);
    const probe = await render(engine, realization, text, language);
    const fit = fitTransform(probe, traits, goal);
    if (best === undefined || fit.distance < best.fit.distance) best = { realization, probe, fit };
  }
  if (best === undefined) throw new Error(`no espeak-ng realization for ${options.gender} voices`);
  const transform = finishFit(best.probe, best.fit, goal, traits.pitchHz);
  return {
    traits: {
      pitchHz: traits.pitchHz,
      pitchRange: traits.pitchRange,
      formantScale: traits.formantScale,
      rate: traits.rate,
      brightness: traits.brightness,
      breathiness: traits.breathiness,
    },
    engines: {
      ...plan.kept,
      ...(await fitStockRealizations(plan.fitted, { traits, text, language, goal })),
      ...(await fitDescribedClone(enginesSpeaking(language, stockEngines), {
        language,
        gender: options.gender,
        traits,
        text,
        spectrum: target,
        spectrumOf,
      })),
      [PROBE_ENGINE]: best.realization,
    },
    transform,
  };
}

/** The engine whose realization the clone is fitted on first, with calibrated parameters (below). */
const PROBE_ENGINE = 'espeak-ng';

/** Formant shifts tried on stock voices: 0.8 to 1.25 in steps of about 5.7 %, 1 among them. */
const STOCK_FORMANT_GRID = Array.from({ length: 9 }, (_, i) => round(1.25 ** ((i - 4) / 4), 3));

/**
 * Each stock-voice realization of the plan says the probe; the transform that moves that probe to
 * the recording (pitch residue, the formant shift whose spectrum after EQ comes closest, refined
 * in 2.5 % steps, EQ) replaces the realization's relative one.
 */
async function fitStockRealizations(
  realizations: CloneFittingPlan['fitted'],
  probe: { traits: VoiceTraits; text: string; language: string; goal: SpectrumTarget },
): Promise<Record<string, EngineRealization>> {
  const out: Record<string, EngineRealization> = {};
  for (const { engine, realization } of realizations) {
    const { transform: _relative, ...voice } = realization;
    const audio = await render(engine, voice, probe.text, probe.language);
    // The stock voice's formants measure on another footing than the recording's (one recorded
    // speaker, 16 kHz), so the shift is chosen by comparing spectra over a grid, no shift included.
    const { transform: pitch } = pitchStep(audio, probe.traits.pitchHz);
    let best: Fit | undefined;
    for (const shift of STOCK_FORMANT_GRID) {
      const candidate: VoiceTransform = { ...pitch };
      setFormantShift(candidate, shift);
      const fit = withEq(audio, candidate, probe.goal);
      if (best === undefined || fit.distance < best.distance) best = fit;
    }
    out[engine.info.id] = { ...voice, transform: finishFit(audio, best!, probe.goal, probe.traits.pitchHz) };
  }
  return out;
}

/**
 * F0 spread of espeak-ng speech: the 10th–90th percentile spread in semitones is about
 * 0.6 + 8.3 × span / median, where span = (variant top − variant base) × range / 50 Hz (measured
 * on m6, m8, Denis and f3 at ranges 50–78). The span is in Hz, so one `range` gives a wider
 * spread in semitones on a low voice than on a high one.
 */
const ESPEAK_SPREAD = { offset: 0.6, perRelativeSpan: 8.3 } as const;

/** How many screened variants get the full transform fit. */
const FITTED_VARIANTS = 2;

/**
 * The espeak-ng variants worth fitting: every variant the catalog uses for this gender (the
 * ordinary-sounding ones; all of them for a gender-neutral voice) says the probe's first sentence at the target pitch, and the two whose
 * raw long-term spectrum is closest to the recording's go on, plus `espeakRealization`'s own
 * choice. Formant scale alone is a poor guide here: the variant files' nominal factors ignore the
 * Hz offsets some variants add, and measured ones lean on F0 above about 200 Hz.
 */
async function candidateVariants(
  engine: SpeechEngine,
  espeakId: string,
  gender: VoiceGender,
  traits: VoiceTraits,
  text: string,
  language: string,
  goal: SpectrumTarget,
): Promise<string[]> {
  const pool = new Set<string>([String(espeakRealization(espeakId, gender, traits, 0).params?.['variant'])]);
  for (const preset of PRESETS) {
    const variant = preset.identity.engines['espeak-ng']?.params?.['variant'];
    // A voice measured as gender-neutral (a low woman, a high man) screens every gender's variants:
    // the catalog's neutral voices use only two.
    if ((gender === 'neutral' || preset.gender === gender) && typeof variant === 'string') pool.add(variant);
  }
  const sentence = firstSentence(text);
  const screened: Array<{ variant: string; distance: number }> = [];
  for (const variant of [...pool].filter((name) => espeakVariantData(name) !== undefined)) {
    const audio = await render(engine, espeakForClone(espeakId, variant, traits), sentence, language);
    screened.push({ variant, distance: spectralDistance(goal.spectrum, goal.spectrumOf(audio)) });
  }
  screened.sort((a, b) => a.distance - b.distance);
  const nominal = String(espeakRealization(espeakId, gender, traits, 0).params?.['variant']);
  return [...new Set([...screened.slice(0, FITTED_VARIANTS).map((entry) => entry.variant), nominal])];
}

/** The text up to its first sentence end, when that leaves at least 40 characters. */
function firstSentence(text: string): string {
  const end = text.search(/[.!?。！？]\s/u);
  return end >= 40 ? text.slice(0, end + 1) : text;
}

/**
 * espeak-ng parameters for `traits` on one variant: `range` such that the F0 spread in semitones
 * matches the recording's at its pitch (the catalog's `range` = pitchRange × 100 holds at about
 * 100–200 Hz only), `pitch` the value whose `espeakMedianHz` is nearest the target, rate in words
 * per minute as the catalog maps it (`espeakWpm`).
 */
function espeakForClone(espeakId: string, variantId: string, traits: VoiceTraits): EngineRealization {
  const [, , lowHz, highHz] = espeakVariantData(variantId) ?? ['', '', 82, 118];
  const spread = RANGE_SPREAD_SEMITONES.offset + RANGE_SPREAD_SEMITONES.perUnit * traits.pitchRange;
  const spanHz =
    (Math.max(0, spread - ESPEAK_SPREAD.offset) * traits.pitchHz) / ESPEAK_SPREAD.perRelativeSpan;
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
      rate: espeakWpm(variantId, traits.rate),
    },
  };
}

interface Fit {
  transform: VoiceTransform;
  /** The probe with the transform's pitch and formant stages (no EQ). */
  audio: PcmAudio;
  /** Long-term-spectrum distance of the transformed probe (with EQ) to the recording, dB. */
  distance: number;
}

/** What the transform is fitted against: the recording's spectrum and how to analyse a probe like it. */
interface SpectrumTarget {
  spectrum: Float32Array;
  spectrumOf: (audio: PcmAudio) => Float32Array;
  /** Centre frequency of each band, Hz. */
  centres: readonly number[];
}

/**
 * Pitch, formant and EQ corrections that move `probe` (the engine's rendering) to the targets:
 * one measured pitch step, the formant shift measured at the target pitch (the formant estimate
 * leans a little on F0, so both sides are compared at the same pitch), and EQ bands fitted to
 * what remains of the spectral difference.
 */
function fitTransform(probe: PcmAudio, traits: VoiceTraits, target: SpectrumTarget): Fit {
  const { transform, frames } = pitchStep(probe, traits.pitchHz);
  // PSOLA keeps timing, so the raw probe's voiced frames are the pitched probe's too.
  const pitched = applyTransform(probe, transform);
  setFormantShift(transform, traits.formantScale / measureFormantScale(pitched, frames));
  return withEq(probe, transform, target);
}

/** One measured pitch step from the probe's median F0 to `targetHz`, and the probe's F0 frames. */
function pitchStep(probe: PcmAudio, targetHz: number): { transform: VoiceTransform; frames: Float32Array } {
  const raw = voicePitch(probe);
  const transform: VoiceTransform = {};
  if (raw.medianHz > 0)
    transform.pitchShiftSemitones = round(clampSemitones(12 * Math.log2(targetHz / raw.medianHz)), 3);
  return { transform, frames: raw.frames };
}

/** The fit's formant shift refined against the spectrum, then its pitch landed on `targetHz`. */
function finishFit(probe: PcmAudio, fit: Fit, target: SpectrumTarget, targetHz: number): VoiceTransform {
  const refined = refineFormantShift(probe, fit, target);
  const transform = { ...refined.transform };
  landPitch(probe, transform, targetHz, voicePitch(refined.audio).medianHz);
  return transform;
}

/**
 * Refines the formant shift of a fitted probe by analysis by synthesis: shifts 2.5 % and 5 % either
 * side are rendered and the one whose long-term spectrum (after its own EQ) is closest to the
 * recording wins. LPC formants of high voices (above about 200 Hz) are only good to a few percent;
 * the spectrum comparison settles what they leave open.
 */
function refineFormantShift(probe: PcmAudio, fit: Fit, target: SpectrumTarget): Fit {
  let best = fit;
  const base = fit.transform.formantShift ?? 1;
  for (const step of [0.95, 0.975, 1.025, 1.05]) {
    const transform: VoiceTransform = { ...fit.transform };
    delete transform.eq;
    setFormantShift(transform, base * step);
    const candidate = withEq(probe, transform, target);
    if (candidate.distance < best.distance) best = candidate;
  }
  return best;
}

function setFormantShift(transform: VoiceTransform, factor: number): void {
  if (Number.isFinite(factor) && Math.abs(Math.log(factor)) >= MIN_FORMANT_SHIFT) {
    transform.formantShift = round(Math.min(MAX_FORMANT_SHIFT, Math.max(1 / MAX_FORMANT_SHIFT, factor)), 3);
  } else {
    delete transform.formantShift;
  }
}

/**
 * `transform` (pitch and formants) applied to `probe`, plus EQ bands fitted to the remaining
 * difference when they help. The equalised spectrum is predicted as the spectrum plus the EQ's
 * response at each band centre (the bands are narrow against the EQ's curves) rather than
 * filtered and analysed again.
 */
function withEq(probe: PcmAudio, transform: VoiceTransform, target: SpectrumTarget): Fit {
  const current = applyTransform(probe, transform);
  const before = target.spectrumOf(current);
  const difference = Array.from(target.spectrum, (value, b) => value - before[b]!);
  const eq = fitEq(difference, target.centres, probe.sampleRate);
  let distance = spectralDistance(target.spectrum, before);
  if (eq.length > 0) {
    const response = eqResponseDb(eq, target.centres, probe.sampleRate);
    const after = before.map((value, b) => value + response[b]!);
    const eqDistance = spectralDistance(target.spectrum, after);
    if (eqDistance < distance) {
      transform.eq = eq;
      distance = eqDistance;
    }
  }
  return { transform, audio: current, distance };
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

/** Renders `text` with one engine realization, untransformed. */
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
 * Renders `text` as a voice sounds on `engine`: its realization there, then the transform (the
 * realization's own, else the identity's), as the speech pipeline does for one piece of speech.
 * For tests and benchmarks that need a voice's sound without the whole pipeline.
 */
export async function renderIdentity(
  engine: SpeechEngine,
  identity: VoiceIdentity,
  text: string,
  language: string,
): Promise<PcmAudio> {
  const realization = identity.engines[engine.info.id];
  if (realization === undefined) throw new Error(`the identity has no ${engine.info.id} realization`);
  const { transform: own, ...voice } = realization;
  const audio = await render(engine, voice, text, language);
  const transform = own ?? identity.transform;
  return transform ? applyTransform(audio, transform) : audio;
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
