import type { PcmAudio } from '../audio/pcm.js';
import { spectralDistance } from '../audio/spectrum.js';
import type { SpeechEngine } from '../speech/engine.js';
import { cloneCandidates } from '../speech/voice-realizers.js';
import type { EngineRealization, VoiceTraits } from '../speech/voice-identity.js';
import { voicePitch } from './measure-pitch.js';
import { typicalFormantScale, type VoiceGender } from './preset-traits.js';

/**
 * Clone realizations on engines that propose candidates for a measured voice (Kokoro's blends,
 * `speech/voice-realizers.ts`): each candidate says the probe, and the one whose median F0 and
 * long-term spectrum come closest to the recording's wins. Only a pitch miss the blends could not
 * close is left to the transform stage, because resynthesis costs neural voices naturalness
 * (about 0.4 NISQA for a female Kokoro voice at any shift, measured).
 */

/** Candidates rendered per engine. */
const CANDIDATES = 3;
/** One semitone of median-F0 miss weighs like this many dB of spectral distance. */
const DB_PER_SEMITONE = 1.5;
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
}

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
    let best: { realization: EngineRealization; semitones: number; score: number } | undefined;
    // The probe's first sentence (about 3 s of speech) is enough to measure a median F0 and a
    // spectrum, and neural engines take about their own duration to say it on 2 cores.
    const text = firstSentence(probe.text);
    for (const realization of cloneCandidates(engine.info.id, description, CANDIDATES)) {
      const { audio } = await engine.synthesize({
        text,
        language: probe.language,
        voice: realization,
        speed: 1,
        variation: 0.5,
      });
      const medianHz = voicePitch(audio).medianHz;
      if (!(medianHz > 0)) continue;
      const semitones = 12 * Math.log2(probe.traits.pitchHz / medianHz);
      const score = DB_PER_SEMITONE * Math.abs(semitones) + spectralDistance(probe.spectrum, probe.spectrumOf(audio));
      if (best === undefined || score < best.score) best = { realization, semitones, score };
    }
    if (best === undefined) continue;
    const shift = Math.abs(best.semitones) > PITCH_SLACK_SEMITONES ? Math.round(best.semitones * 1000) / 1000 : 0;
    out[engine.info.id] = shift === 0 ? best.realization : { ...best.realization, transform: { pitchShiftSemitones: shift } };
  }
  return out;
}

function firstSentence(text: string): string {
  const match = /^.+?[.!?。！？](\s|$)/su.exec(text);
  return match ? match[0].trim() : text;
}
