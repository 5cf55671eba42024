import type { EngineManifest } from '../../engine-manifest.js';

/**
 * Piper (VITS, ONNX): the voices installed in the model folders, each speaking its own language. It
 * declares no language ahead of loading (what it speaks is whatever voice the user installed), and
 * speaks stock voices only: no description is realized on it.
 */
export const piperManifest: EngineManifest = {
  id: 'piper',
  async load({ config }) {
    const { createPiperEngine } = await import('./index.js');
    return createPiperEngine({
      modelFolders: [...config.modelsSearchPath, config.modelsDir],
      threads: config.engineThreads,
    });
  },
  declaredLanguages: () => [],
};
