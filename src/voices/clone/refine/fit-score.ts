import { concatPcm } from '../../../audio/silence.js';
import type { PcmAudio } from '../../../audio/pcm.js';
import type { SpeakerEncoder } from '../../../audio/analysis/speaker/speaker-encoder.js';
import { meanEmbedding, speakerSimilarity } from '../../../audio/analysis/speaker/speaker-encoder.js';
import { longTermSpectrum, spectralDistance } from '../../../audio/analysis/spectrum.js';
import { voicePitch } from '../../../audio/analysis/voice/measure-pitch.js';

/**
 * How well a rendering fits a recording's voice, as one score and as the measurements it is made of
 * (the refinement's model predicts the measurements, trust-region.ts):
 *
 *   score = similarity − 0.03 × spectral distance (dB) − 0.1 × max(0, |pitch miss| − 0.5) (semitones)
 *           − 0.01 × max(0, spread − 5)²
 *
 * - similarity: cosine of the speaker embeddings (Resemblyzer) of the rendering and the recording;
 * - spectral distance: of their long-term spectra (32 mel bands, level removed). A second, physical
 *   view of the same voice: without it the search found directions that raised the encoder's
 *   similarity while moving the spectrum away from the recording's (3.3 → 5.0 dB) and a second,
 *   independent encoder barely agreed (+0.04 where it agreed +0.09 with this term; docs/voices.md);
 * - pitch miss: the rendering's median F0 against the recording's, free within half a semitone (3 %)
 *   and steep beyond: a clone's F0 must stay within 5 % (at 0.03 per semitone, the kit's 44 s
 *   reading ended 12 % off, the search having traded pitch for similarity);
 * - spread: how far the voice lies from the engine's own voice it was made from (the instant fit's
 *   move toward the speaker included), in standard deviations of the engine's own voices; a pack
 *   lies about 5 from the others' mean, and beyond that speech gets less natural.
 *
 * A rendering is two sentences said apart; their embeddings must agree (self-similarity ≥ 0.85): the
 * same voice saying two texts must sound like one person, or the fit has broken the voice.
 */

export const MIN_SELF_SIMILARITY = 0.85;
const DB_WEIGHT = 0.03;
const SEMITONE_WEIGHT = 0.1;
const SEMITONES_FREE = 0.5;
const SPREAD_FREE = 5;
const SPREAD_WEIGHT = 0.01;
const EMBEDDING = 256;
const BANDS = 32;

/** What the rendering is compared with: measured once from the recording. */
export interface SpeakerTarget {
  embedding: Float32Array;
  spectrum: Float32Array;
  pitchHz: number;
}

/** One rendering measured against the target. `outputs` = embedding ‖ spectrum ‖ [pitch miss]. */
export interface FitMeasure {
  outputs: number[];
  similarity: number;
  selfSimilarity: number;
  spectralDistance: number;
  semitones: number;
}

/**
 * The target of a recording (null when the encoder hears no speech in it). `heard` is the speaker
 * embedding to aim at, when already known: that of the recording as uploaded, before its background
 * noise was removed. RNNoise moves what the encoder hears a long way (the kit's 44 s reading: the
 * uploaded part is 0.975 alike to its held-out rest, denoised 0.886; a 1961 speech 0.84 → 0.71), so a
 * clone aimed at the denoised voice aims beside its speaker; its spectrum is taken from the cleaned
 * recording, where the voice is not mixed with the room's noise.
 */
export async function voiceTarget(
  encoder: SpeakerEncoder,
  recording: PcmAudio,
  pitchHz: number,
  heard?: Float32Array,
): Promise<SpeakerTarget | null> {
  const embedding = heard ?? (await encoder.embed(recording));
  return embedding === null ? null : { embedding, spectrum: longTermSpectrum(recording, { bands: BANDS }), pitchHz };
}

/** Measures a rendering made of `parts` (each a sentence said on its own). */
export async function measureFit(encoder: SpeakerEncoder, parts: readonly PcmAudio[], target: SpeakerTarget): Promise<FitMeasure | null> {
  const half = Math.ceil(parts.length / 2);
  const [first, second] = [concatPcm(parts.slice(0, half)), concatPcm(parts.slice(half))];
  const [a, b] = await Promise.all([encoder.embed(first), parts.length > 1 ? encoder.embed(second) : null]);
  if (a === null) return null;
  const embedding = b === null ? a : meanEmbedding([a, b]);
  const whole = concatPcm([...parts]);
  const spectrum = longTermSpectrum(whole, { bands: BANDS });
  const medianHz = voicePitch(whole).medianHz;
  const semitones = medianHz > 0 ? 12 * Math.log2(medianHz / target.pitchHz) : 12;
  return {
    outputs: [...embedding, ...spectrum, semitones],
    similarity: speakerSimilarity(embedding, target.embedding),
    selfSimilarity: b === null ? 1 : speakerSimilarity(a, b),
    spectralDistance: spectralDistance(spectrum, target.spectrum),
    semitones,
  };
}

/** The score of measured (or predicted) outputs of a voice `spread` from the engine's own voice. */
export function fitScore(outputs: ArrayLike<number>, target: SpeakerTarget, spread: number): number {
  const embedding = Float32Array.from({ length: EMBEDDING }, (_, i) => outputs[i]!);
  const spectrum = Float32Array.from({ length: BANDS }, (_, i) => outputs[EMBEDDING + i]!);
  const semitones = outputs[EMBEDDING + BANDS]!;
  return (
    speakerSimilarity(embedding, target.embedding) -
    DB_WEIGHT * spectralDistance(spectrum, target.spectrum) -
    SEMITONE_WEIGHT * Math.max(0, Math.abs(semitones) - SEMITONES_FREE) -
    SPREAD_WEIGHT * Math.max(0, spread - SPREAD_FREE) ** 2
  );
}
