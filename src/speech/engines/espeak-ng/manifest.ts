import type { EngineManifest } from '../../engine-manifest.js';
import { ESPEAK_ACCENT_VOICES } from './data/accent-voices.js';
import { ESPEAK_LANGUAGE_VOICES } from './data/package-voices.js';
import {
  espeakCloneRealization,
  espeakCloneVariants,
  espeakDesignRealization,
  presetEspeakRealization,
} from './voice-fit.js';

/** espeak-ng's group of constructed languages (Esperanto, Lojban, Klingon, Quenya ...). */
const CONSTRUCTED_GROUP = 'art/';

/**
 * espeak-ng: formant synthesis in WebAssembly, every language of its package (read by
 * `scripts/espeak-voice-data.mjs`). It is the probe engine: clones and designs are fitted on its
 * parameters first, and the catalog's presets are aimed with its calibrated pitch model
 * (src/voices/catalog/data/preset-pitch.ts: how far its real pitch sits from the model's prediction,
 * up to ~5 % in most languages and far more where its intonation differs: Vietnamese tones,
 * Bulgarian, Tamil).
 */
export const espeakManifest: EngineManifest = {
  id: 'espeak-ng',
  warmAtStart: true,
  async load({ config }) {
    const { createEspeakEngine } = await import('./index.js');
    return createEspeakEngine({ threads: config.engineThreads });
  },
  declaredLanguages() {
    return ESPEAK_LANGUAGE_VOICES.flatMap(([identifier, , declared]) =>
      declared.split(' ').map((entry, i) => ({
        tag: entry.split(':')[0] ?? '',
        natural: i === 0 && !identifier.startsWith(CONSTRUCTED_GROUP),
      })),
    );
  },
  voicing: {
    preset: (description, placement) =>
      presetEspeakRealization(
        // Every accent of the catalog has a voice here; an unknown one falls back to the tag itself.
        ESPEAK_ACCENT_VOICES.get(placement.accent) ?? placement.accent,
        description.gender,
        placement.formantLevel,
        description.traits,
        placement.pick,
        placement.calibration,
      ),
    probe: {
      variants: (voice, description, presets) => espeakCloneVariants(voice, description.gender, description.traits, presets),
      clone: espeakCloneRealization,
      design: espeakDesignRealization,
    },
  },
};
