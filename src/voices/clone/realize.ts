import type { PcmAudio } from '../../audio/pcm.js';
import { resample } from '../../audio/resample.js';
import { longTermSpectrum, spectralDistance } from '../../audio/analysis/spectrum.js';
import type { SpeechEngine } from '../../speech/engine.js';
import { enginesSpeaking } from '../../speech/model-policy.js';
import type { EngineRealization, VoiceIdentity, VoiceTraits } from '../../speech/voice-identity.js';
import { PROBE_ENGINE, probeVoicing } from '../../speech/engine-voicing.js';
import { AppError } from '../../errors.js';
import { bandCentresHz } from '../../audio/analysis/voice/measure-brightness.js';
import { RANGE_SPREAD_SEMITONES } from '../../audio/analysis/voice/measure-pitch.js';
import { probeText } from '../probe-texts.js';
import { PRESETS } from '../catalog/catalog.js';
import { typicalFormantScale, type VoiceGender } from '../catalog/preset-traits.js';
import { type DescribedCloneProbe, fitDescribedClone } from './realize-described.js';
import { fitStockRealizations } from './realize-stock.js';
import { finishFit, type Fit, fitTransform, type SpectrumTarget } from './realize-transform.js';
import { render } from '../render-identity.js';
import { cloneFittingPlan } from '../voice-engines.js';

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
  /** The espeak-ng engine to render probes with; default: the one among `engines`. */
  engine?: SpeechEngine;
  /**
   * Stock-voice engines (Flite, SVOX Pico) to fit the clone's realizations on. A realization on an
   * engine given here gets a transform fitted to the recording the same way as espeak-ng's; one
   * on an engine not given keeps `stockVoiceRealization`'s relative transform.
   */
  stockEngines?: readonly SpeechEngine[];
  /** The recording as the speaker encoder hears it (engines that propose candidates are chosen by it). */
  heard?: DescribedCloneProbe['heard'];
}

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
  const engine = options.engine ?? installed.find((candidate) => candidate.info.id === PROBE_ENGINE);
  if (engine === undefined) throw new AppError('service_unavailable', `Cloning needs the ${PROBE_ENGINE} engine`);
  const stockEngines = options.stockEngines ?? installed.filter((candidate) => candidate !== engine);
  // Probes are said in the language the voice will be spoken in, on the engines that speak it.
  const plan = cloneFittingPlan(options.language, options.gender, traits, engine, stockEngines);
  const { language, probeVoice } = plan;
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
    probeVoice,
    options.gender,
    traits,
    text,
    language,
    goal,
  );
  let best: { realization: EngineRealization; probe: PcmAudio; fit: Fit } | undefined;
  for (const variant of variantsToFit) {
    const realization = probeVoicing.clone(probeVoice, variant, traits, spreadSemitones(traits));
    const probe = await render(engine, realization, text, language);
    const fit = fitTransform(probe, traits, goal);
    if (best === undefined || fit.distance < best.fit.distance) best = { realization, probe, fit };
  }
  if (best === undefined) throw new Error(`no ${PROBE_ENGINE} realization for ${options.gender} voices`);
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
        ...(options.heard ? { heard: options.heard } : {}),
      })),
      [PROBE_ENGINE]: best.realization,
    },
    transform,
  };
}

/** The recording's F0 spread (10th–90th percentile, semitones) as `measureTraits` maps it to `pitchRange`. */
function spreadSemitones(traits: VoiceTraits): number {
  return RANGE_SPREAD_SEMITONES.offset + RANGE_SPREAD_SEMITONES.perUnit * traits.pitchRange;
}

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
  probeVoice: string,
  gender: VoiceGender,
  traits: VoiceTraits,
  text: string,
  language: string,
  goal: SpectrumTarget,
): Promise<string[]> {
  // A voice measured as gender-neutral (a low woman, a high man) screens every gender's variants:
  // the catalog's neutral voices use only two.
  const presets = PRESETS.filter((preset) => gender === 'neutral' || preset.gender === gender).map(
    (preset) => preset.identity.engines[PROBE_ENGINE],
  );
  const description = { language, gender, traits, typicalFormantScale: typicalFormantScale(gender) };
  const { variants, nominal } = probeVoicing.variants(probeVoice, description, presets);
  const sentence = firstSentence(text);
  const screened: Array<{ variant: string; distance: number }> = [];
  for (const variant of variants) {
    const audio = await render(engine, probeVoicing.clone(probeVoice, variant, traits, spreadSemitones(traits)), sentence, language);
    screened.push({ variant, distance: spectralDistance(goal.spectrum, goal.spectrumOf(audio)) });
  }
  screened.sort((a, b) => a.distance - b.distance);
  return [...new Set([...screened.slice(0, FITTED_VARIANTS).map((entry) => entry.variant), nominal])];
}

/** The text up to its first sentence end, when that leaves at least 40 characters. */
function firstSentence(text: string): string {
  const end = text.search(/[.!?。！？]\s/u);
  return end >= 40 ? text.slice(0, end + 1) : text;
}

/** The transcript (when long enough to carry a pitch median, cut at a word within 400 characters) or the language's probe. */
function probeSentence(language: string, transcript: string | undefined): string {
  const words = (transcript ?? '').trim();
  if (words.length < 40) return probeText(language);
  if (words.length <= 400) return words;
  const cut = words.slice(0, 400);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 200));
}
