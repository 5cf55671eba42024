import type { EngineManifest } from './engine-manifest.js';
import { espeakManifest } from './engines/espeak-ng/manifest.js';
import { fliteManifest } from './engines/flite/manifest.js';
import { kokoroManifest } from './engines/kokoro/manifest.js';
import { piperManifest } from './engines/piper/manifest.js';
import { svoxPicoManifest } from './engines/svox-pico/manifest.js';

/**
 * The engines this build knows: the one list. The registry loads them from it, and the voice library
 * asks them, through `engine-voicing.ts`, how they voice a description. Nothing else imports an
 * engine's folder (`npm run check` enforces it).
 */
export const ENGINE_MANIFESTS: readonly EngineManifest[] = [
  espeakManifest,
  fliteManifest,
  svoxPicoManifest,
  kokoroManifest,
  piperManifest,
];
