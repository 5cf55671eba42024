import type { PcmAudio } from '../../../audio/pcm.js';
import { longTermSpectrum } from '../../../audio/analysis/spectrum.js';
import { AppError } from '../../../errors.js';
import type { SpeechEngine } from '../../../speech/engine.js';
import { enhanceSpeech } from '../../../speech/enhance.js';
import type { VoiceIdentity } from '../../../speech/voice-identity.js';
import { type MeasuredTraits, measureTraits } from '../../../audio/analysis/voice/measure.js';
import { realizeClone } from '../realize.js';
import { SpeakerEncoder } from '../../../audio/analysis/speaker/speaker-encoder.js';
import { voiceTarget } from '../refine/fit-score.js';

/** Less voiced speech than this cannot be measured. */
const MIN_SPEECH_SECONDS = 1;

export interface CloneFitRequest {
  /** The recording, already decoded to mono at the clone sample rate. */
  audio: PcmAudio;
  /** BCP-47 code of the clone's language. */
  language: string;
  /** What the recording says, when it still describes the whole audio (not after trimming). */
  transcript?: string;
  /** `remove_background_noise`: RNNoise before measuring. */
  removeNoise: boolean;
  /** Where the speaker encoder may be installed (the models folders). */
  modelFolders: readonly string[];
}

export interface CloneFit {
  /** The recording as it is kept (denoised when asked). */
  audio: PcmAudio;
  traits: MeasuredTraits;
  identity: VoiceIdentity;
  /** The speaker embedding of the recording as uploaded, when the speaker encoder is installed. */
  heard?: number[];
}

/**
 * A recording turned into a clone's identity: optionally denoised, measured (pitch, range,
 * formants, rate, tilt, breathiness), then realized on the installed engines that speak its
 * language, or the closest language one of them speaks when none does (experimental languages;
 * `realizeClone`). Seconds of arithmetic: it runs in a worker thread (`CloneFitter`).
 */
export async function fitCloneRecording(request: CloneFitRequest, engines: SpeechEngine[]): Promise<CloneFit> {
  const audio = request.removeNoise ? await enhanceSpeech(request.audio) : request.audio;
  const traits = measureTraits(audio, {
    ...(request.transcript === undefined ? {} : { transcript: request.transcript }),
    language: request.language,
  });
  if (traits.speechSeconds < MIN_SPEECH_SECONDS || traits.pitchHz <= 0) {
    throw new AppError('unreadable_audio', 'The recording holds too little speech to clone (at least 1 s is needed)');
  }
  const encoder = await speakerEncoder(request.modelFolders);
  // The speaker as uploaded (fit-score.ts, `voiceTarget`), the spectrum as cleaned.
  const heard = encoder === null ? null : await encoder.embed(request.audio);
  const target = encoder === null || heard === null ? null : await voiceTarget(encoder, audio, traits.pitchHz, heard);
  const identity = await realizeClone(traits, {
    language: request.language,
    gender: traits.gender,
    longTermSpectrum: longTermSpectrum(audio),
    engines,
    ...(encoder !== null && target !== null ? { heard: { encoder, target } } : {}),
  });
  return { audio, traits, identity, ...(heard === null ? {} : { heard: Array.from(heard) }) };
}

/** The speaker encoder, loaded once per thread when installed (looked for again while it is not). */
let encoderLoad: Promise<SpeakerEncoder | null> | null = null;
function speakerEncoder(folders: readonly string[]): Promise<SpeakerEncoder | null> {
  encoderLoad ??= SpeakerEncoder.find(folders).catch(() => null);
  const found = encoderLoad;
  void found.then((encoder) => {
    if (encoder === null && encoderLoad === found) encoderLoad = null;
  });
  return found;
}
