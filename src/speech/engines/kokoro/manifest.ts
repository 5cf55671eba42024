import type { EngineManifest } from '../../engine-manifest.js';
import { kokoroIpa } from './ipa-input.js';
import { fitKokoroVoice, holdKokoroPitch, kokoroCloneCandidates, retuneKokoroVoice } from './voice-fit.js';
import { KOKORO_LANGUAGES } from './voices.js';

/**
 * Kokoro-82M (ONNX, weights from `voicelib models pull`): 54 style packs in eight languages. It
 * realizes a description as a blend of packs from its own measured traits, proposes clone candidates
 * by how its packs sound to the speaker encoder, and moves pitch inside its model (voice-fit.ts). Its
 * input is IPA, so its vocabulary decides which symbols a lexicon may give.
 */
export const kokoroManifest: EngineManifest = {
  id: 'kokoro',
  async load({ config }) {
    const { createKokoroEngine } = await import('./index.js');
    return createKokoroEngine({
      modelFolders: [...config.modelsSearchPath, config.modelsDir],
      threads: config.kokoroWorkers,
      quantize: config.kokoroQuantize,
    });
  },
  declaredLanguages: () => Object.values(KOKORO_LANGUAGES).map(({ tag }) => ({ tag, natural: true })),
  // v-pro's engine wherever its weights are installed: its worker, phonemizer and ONNX session take
  // about 2.7 s to come up (and the model's one-time preparation about 25 s after a pull), which
  // the first v-pro request, or a voice agent's first phrase, would otherwise wait for.
  warmAtStart: true,
  voicing: {
    fit: fitKokoroVoice,
    cloneCandidates: kokoroCloneCandidates,
    retune: retuneKokoroVoice,
    holdPitch: holdKokoroPitch,
  },
  unknownIpa: (ipa) => kokoroIpa(ipa).unknown,
};
