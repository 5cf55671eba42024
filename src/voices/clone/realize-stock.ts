import type { EngineRealization, VoiceTraits, VoiceTransform } from '../../speech/voice-identity.js';
import {
  finishFit,
  type Fit,
  pitchStep,
  setFormantShift,
  type SpectrumTarget,
  withEq,
} from './realize-transform.js';
import { render } from '../render-identity.js';
import type { CloneFittingPlan } from '../voice-engines.js';

/** A clone's realizations on stock-voice engines (Flite, SVOX Pico), each with a transform fitted to the recording. */

/** Formant shifts tried on stock voices: 0.8 to 1.25 in steps of about 5.7 %, 1 among them. */
const STOCK_FORMANT_GRID = Array.from({ length: 9 }, (_, i) => round(1.25 ** ((i - 4) / 4), 3));

/**
 * Each stock-voice realization of the plan says the probe; the transform that moves that probe to
 * the recording (pitch residue, the formant shift whose spectrum after EQ comes closest, refined
 * in 2.5 % steps, EQ) replaces the realization's relative one.
 */
export async function fitStockRealizations(
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

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
