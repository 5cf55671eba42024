/**
 * Signal analysis used by the tests and by voice-trait measurement: levels and silences, pitch,
 * and long-term spectrum. Each concept lives in its own module; this is the one import point.
 */
export { detectSilences, frameRmsDb, loudnessDb, type SilenceOptions, speechRatio } from './level.js';
export { estimatePitch, type PitchEstimate, type PitchOptions } from './pitch.js';
export { longTermSpectrum, type SpectrumOptions, spectralCentroidHz, spectralDistance } from './spectrum.js';
