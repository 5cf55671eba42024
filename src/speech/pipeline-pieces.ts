import type { PcmAudio } from '../audio/pcm.js';
import { resample } from '../audio/resample.js';
import type { SpeechEngine, WordTiming } from './engine.js';
import type { VoiceTransform } from './voice-identity.js';

/**
 * What the pipeline does to one synthesized piece (a sentence) before it is joined to the others:
 * edge trimming next to pauses, emotion gain, the steering an engine does not realize itself.
 */

/**
 * Level below which an edge of a segment counts as silence (dBFS over 5 ms frames). Decay tails
 * under -45 dBFS are inaudible next to a pause, and leaving them would lengthen the pause.
 */
const EDGE_SILENCE_DB = -45;
/** Fade applied where an edge is cut, so the cut never clicks. */
const EDGE_FADE_SECONDS = 0.003;

/**
 * Silence between two sentences the engines leave when they speak them in one call (espeak-ng
 * 0.30-0.31 s and Flite 0.28-0.39 s measured between the last word of one Harvard sentence and the
 * first of the next). Spoken one call per sentence, espeak-ng leaves almost none, so the pipeline
 * pads each sentence's end up to this (at speed 1; scaled by 1/speed).
 */
export const SENTENCE_GAP_SECONDS = 0.3;

/**
 * Sample bounds [first, last) of the audio once silence (below EDGE_SILENCE_DB, judged on 5 ms
 * frames) is cut from the start (when `start`) and from the end (when `end`).
 */
function loudBounds(audio: PcmAudio, start: boolean, end: boolean): { first: number; last: number } {
  const { samples, sampleRate } = audio;
  const frame = Math.max(1, Math.round(sampleRate * 0.005));
  const threshold = 10 ** (EDGE_SILENCE_DB / 20);
  const loud = (from: number) => {
    let sum = 0;
    const to = Math.min(samples.length, from + frame);
    for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
    return Math.sqrt(sum / Math.max(1, to - from)) > threshold;
  };
  let first = 0;
  if (start) while (first < samples.length && !loud(first)) first += frame;
  let last = samples.length;
  if (end) while (last > first && !loud(Math.max(first, last - frame))) last -= frame;
  return { first, last };
}

/** Seconds of silence (below EDGE_SILENCE_DB) at the start and at the end of some audio. */
export function silentEdges(audio: PcmAudio): { lead: number; tail: number } {
  const { first, last } = loudBounds(audio, true, true);
  const { samples, sampleRate } = audio;
  return { lead: Math.min(first, samples.length) / sampleRate, tail: (samples.length - last) / sampleRate };
}

/** The audio with `seconds` of silence appended (words unchanged). */
export function padEnd(audio: PcmAudio, seconds: number): PcmAudio {
  const extra = Math.round(seconds * audio.sampleRate);
  if (extra <= 0) return audio;
  const samples = new Float32Array(audio.samples.length + extra);
  samples.set(audio.samples);
  return { sampleRate: audio.sampleRate, samples };
}

/** Cuts silence at the start and/or end of one synthesized segment, moving its word timings. */
export function trimSilentEdges(
  piece: { audio: PcmAudio; words: WordTiming[] },
  start: boolean,
  end: boolean,
): { audio: PcmAudio; words: WordTiming[] } {
  const { samples, sampleRate } = piece.audio;
  const { first, last } = loudBounds(piece.audio, start, end);
  if (first >= last) return { audio: { sampleRate, samples: new Float32Array(0) }, words: piece.words.map((w) => ({ ...w, start: 0, end: 0 })) };
  const shift = first / sampleRate;
  const length = (last - first) / sampleRate;
  const trimmed = samples.slice(first, last);
  const fade = Math.min(trimmed.length >> 1, Math.round(EDGE_FADE_SECONDS * sampleRate));
  for (let i = 0; i < fade; i++) {
    const gain = i / fade;
    if (start && first > 0) trimmed[i] = trimmed[i]! * gain;
    if (end && last < samples.length) trimmed[trimmed.length - 1 - i] = trimmed[trimmed.length - 1 - i]! * gain;
  }
  return {
    audio: { sampleRate, samples: trimmed },
    words: piece.words.map((w) => ({
      word: w.word,
      start: Math.min(length, Math.max(0, w.start - shift)),
      end: Math.min(length, Math.max(0, w.end - shift)),
    })),
  };
}

/**
 * The part of v-studio's steering the engine does not realize itself (EngineInfo.prosody), as a
 * transform: base pitch in semitones and intonation width.
 */
export function unrealizedProsody(
  engine: SpeechEngine,
  prosody: { pitchSemitones: number; rangeScale: number },
): VoiceTransform | undefined {
  const native = engine.info.prosody ?? 'none';
  if (native === 'full') return undefined;
  const steer: VoiceTransform = {};
  if (native === 'none' && prosody.pitchSemitones !== 0) steer.pitchShiftSemitones = prosody.pitchSemitones;
  if (prosody.rangeScale !== 1) steer.intonationScale = prosody.rangeScale;
  return Object.keys(steer).length > 0 ? steer : undefined;
}

/** A voice's transform with steering on top: pitch shifts add, intonation widths multiply. */
export function combine(base: VoiceTransform, steer: VoiceTransform): VoiceTransform {
  return {
    ...base,
    pitchShiftSemitones: (base.pitchShiftSemitones ?? 0) + (steer.pitchShiftSemitones ?? 0),
    intonationScale: (base.intonationScale ?? 1) * (steer.intonationScale ?? 1),
  };
}

export function resampleTo(audio: PcmAudio, rate: number): PcmAudio {
  return audio.sampleRate === rate ? audio : resample(audio, rate);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function applyGain(samples: Float32Array, db: number): void {
  const gain = 10 ** (db / 20);
  for (let i = 0; i < samples.length; i++) samples[i] = clamp(samples[i]! * gain, -1, 1);
}
