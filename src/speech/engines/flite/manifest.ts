import type { EngineManifest } from '../../engine-manifest.js';
import { stockRealization } from '../shared/stock-voice-fit.js';
import { flitePresetVoice } from './voice-fit.js';

/** Flite (CMU, WASI): three English stock voices, moved to a voice's traits (shared/stock-voice-fit.ts). */
export const fliteManifest: EngineManifest = {
  id: 'flite',
  async load({ config }) {
    const { createFliteEngine } = await import('./index.js');
    return createFliteEngine({ threads: config.engineThreads, tempDir: config.tempDir });
  },
  declaredLanguages: () => [{ tag: 'en', natural: true }],
  voicing: {
    stock: {
      voiceFor: (placement, gender) => flitePresetVoice(placement.accent, gender),
      move: (voice, traits, typicalFormantScale) => stockRealization('flite', voice, traits, typicalFormantScale),
    },
  },
};
