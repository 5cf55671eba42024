import type { EngineManifest } from '../../engine-manifest.js';
import { stockRealization } from '../shared/stock-voice-fit.js';
import { PICO_LANGUAGES } from './lingware.js';
import { picoPresetVoice } from './voice-fit.js';

/**
 * SVOX Pico (WebAssembly, lingware from `voicelib models pull`): one female voice in each of six
 * locales, moved to a voice's traits (shared/stock-voice-fit.ts). Its word timings come from aligning
 * it to espeak-ng's rendering of the same text, so it loads that engine too.
 */
export const svoxPicoManifest: EngineManifest = {
  id: 'svox-pico',
  async load({ config, engine }) {
    const { createSvoxPicoEngine } = await import('./index.js');
    return createSvoxPicoEngine({
      modelsDir: config.modelsDir,
      modelsSearchPath: config.modelsSearchPath,
      threads: config.engineThreads,
      reference: await engine('espeak-ng'),
    });
  },
  declaredLanguages: () => PICO_LANGUAGES.map(({ language }) => ({ tag: language, natural: true })),
  voicing: {
    stock: {
      voiceFor: (placement, gender) => picoPresetVoice(placement.accent, gender),
      move: (voice, traits, typicalFormantScale) => stockRealization('svox-pico', voice, traits, typicalFormantScale),
    },
  },
};
