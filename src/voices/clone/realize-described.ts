import type { PcmAudio } from '../../audio/pcm.js';
import { concatPcm } from '../../audio/silence.js';
import { spectralDistance } from '../../audio/analysis/spectrum.js';
import type { SpeechEngine } from '../../speech/engine.js';
import { splitSentences } from '../../speech/sentences.js';
import { cloneCandidates, holdPitch, retunePitch, retunesPitch } from '../../speech/engine-voicing.js';
import type { EngineRealization, VoiceTraits } from '../../speech/voice-identity.js';
import { median } from '../../audio/analysis/voice/measure-formants.js';
import { voicePitch } from '../../audio/analysis/voice/measure-pitch.js';
import { typicalFormantScale, type VoiceGender } from '../catalog/preset-traits.js';
import type { SpeakerEncoder } from '../../audio/analysis/speaker/speaker-encoder.js';
import { measureFit, type SpeakerTarget } from './refine/fit-score.js';

/**
 * Clone realizations on engines that propose candidates for a measured voice (Kokoro's blends,
 * `speech/voice-realizers.ts`): each candidate says the probe, and the one whose median F0 and
 * long-term spectrum come closest to the recording's wins. Its remaining pitch miss is then closed
 * inside the model where the engine can (Kokoro's F0 factor, free in naturalness as measured), and
 * only what is left beyond that by the transform stage, because resynthesis costs neural voices
 * naturalness (about 0.4 NISQA for a female Kokoro voice at any shift, measured).
 */

/** Candidates rendered per engine. */
const CANDIDATES = 3;
/** Probe sentences each candidate says (the probe texts have two, about 7 s of speech). */
const PROBE_SENTENCES = 2;
/**
 * One semitone of median-F0 miss weighs like this many dB of spectral distance: less where the
 * engine closes the miss inside its model, so the candidate is chosen mostly by timbre there.
 */
const DB_PER_SEMITONE = 1.5;
const DB_PER_RETUNED_SEMITONE = 0.5;
/** Residual pitch misses smaller than this (semitones, about 2 %) are left alone. */
const PITCH_SLACK_SEMITONES = 0.35;

export interface DescribedCloneProbe {
  language: string;
  gender: VoiceGender;
  traits: VoiceTraits;
  /** The probe sentence every candidate says. */
  text: string;
  /** The recording's long-term spectrum and how to measure a probe's on the same bands. */
  spectrum: Float32Array;
  spectrumOf: (audio: PcmAudio) => Float32Array;
  /**
   * The recording as the speaker encoder hears it, when it is installed: candidates are then chosen
   * by how much they sound like the speaker (similarity − 0.03 × spectral distance in dB), their
   * pitch miss counting only as far as the engine cannot close it.
   */
  heard?: { encoder: SpeakerEncoder; target: SpeakerTarget };
}

/** Weight of the spectral distance (per dB) against speaker similarity (fit-score.ts). */
const DB_AGAINST_SIMILARITY = 0.03;
/** Similarity a semitone of pitch miss costs: small where the engine closes it in-model. */
const SIMILARITY_PER_SEMITONE = 0.05;
const SIMILARITY_PER_RETUNED_SEMITONE = 0.005;

/** The best-measuring candidate per engine among `engines`, with a pitch transform when still needed. */
export async function fitDescribedClone(
  engines: readonly SpeechEngine[],
  probe: DescribedCloneProbe,
): Promise<Record<string, EngineRealization>> {
  const out: Record<string, EngineRealization> = {};
  const description = {
    language: probe.language,
    gender: probe.gender,
    traits: probe.traits,
    typicalFormantScale: typicalFormantScale(probe.gender),
  };
  for (const engine of engines) {
    const perSemitone = retunesPitch(engine.info.id) ? DB_PER_RETUNED_SEMITONE : DB_PER_SEMITONE;
    let best: { realization: EngineRealization; medianHz: number; semitones: number; score: number } | undefined;
    // Each probe sentence is said alone, as the pipeline says sentences, and the candidate's F0 is
    // the median of their medians: Kokoro says one long sentence lower than shorter ones (the first
    // probe sentence alone came out ~4 % under the Harvard sentences, and every clone that high).
    const texts = splitSentences(probe.text).slice(0, PROBE_SENTENCES);
    for (const realization of cloneCandidates(engine.info.id, description, CANDIDATES, probe.heard?.target.embedding)) {
      const said = await sayEach(engine, realization, texts, probe.language);
      const medianHz = medianPitch(said);
      if (!(medianHz > 0)) continue;
      const semitones = 12 * Math.log2(probe.traits.pitchHz / medianHz);
      const spectrum = probe.spectrumOf(concatPcm(said));
      const distance = spectralDistance(probe.spectrum, spectrum);
      const fit = probe.heard ? await measureFit(probe.heard.encoder, said, probe.heard.target) : null;
      // Lower is better: by ear (the encoder) when it is installed, else by pitch and spectrum.
      // What the engine cannot close in-model becomes a shift after synthesis, which costs naturalness.
      const beyond = Math.abs(retunePitch(engine.info.id, realization, semitones).residualSemitones);
      const score =
        fit === null
          ? perSemitone * Math.abs(semitones) + distance
          : -fit.similarity +
            DB_AGAINST_SIMILARITY * distance +
            SIMILARITY_PER_RETUNED_SEMITONE * (Math.abs(semitones) - beyond) +
            SIMILARITY_PER_SEMITONE * beyond;
      if (best === undefined || score < best.score) best = { realization, medianHz, semitones, score };
    }
    if (best === undefined) continue;
    // A miss under the slack is left as it is; an explicit empty transform then keeps the identity's
    // (fitted to espeak-ng) from running after this engine.
    const retuned =
      Math.abs(best.semitones) <= PITCH_SLACK_SEMITONES
        ? { realization: best.realization, residualSemitones: 0 }
        : retunePitch(engine.info.id, best.realization, best.semitones);
    const residual = retuned.residualSemitones;
    const shift = Math.abs(residual) > PITCH_SLACK_SEMITONES ? Math.round(residual * 1000) / 1000 : 0;
    // Then held, where the engine can, at the median F0 it reaches in-model on the probes, so that it
    // keeps it on texts of other lengths (docs/voices.md, "Voices on Kokoro").
    const reachedHz = best.medianHz * 2 ** ((best.semitones - residual) / 12);
    const realization = await held(engine, retuned.realization, reachedHz, texts, probe.language);
    out[engine.info.id] = { ...realization, transform: shift === 0 ? {} : { pitchShiftSemitones: shift } };
  }
  return out;
}

/** Each of `texts` said alone by `realization`. */
async function sayEach(engine: SpeechEngine, realization: EngineRealization, texts: readonly string[], language: string): Promise<PcmAudio[]> {
  const said: PcmAudio[] = [];
  for (const text of texts) {
    const { audio } = await engine.synthesize({ text, language, voice: realization, speed: 1, variation: 0.5 });
    said.push(audio);
  }
  return said;
}

/** The median of the clips' median F0s (0 when none is voiced). */
function medianPitch(said: readonly PcmAudio[]): number {
  return median(said.map((audio) => voicePitch(audio).medianHz).filter((hz) => hz > 0));
}

/**
 * `realization` held at `hz` where the engine can (`holdPitch`), the level corrected once by what the
 * probes then measure (the level a model holds and the median heard differ by a few percent per
 * voice); as it is elsewhere.
 */
async function held(engine: SpeechEngine, realization: EngineRealization, hz: number, texts: readonly string[], language: string): Promise<EngineRealization> {
  const level = holdPitch(engine.info.id, realization, hz);
  if (level === realization) return realization;
  const measured = medianPitch(await sayEach(engine, level, texts, language));
  return measured > 0 ? holdPitch(engine.info.id, level, (hz * hz) / measured) : level;
}
