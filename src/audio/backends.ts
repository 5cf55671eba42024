import { nativeLame, nativeSoxr } from './native-audio.js';
import { speexAvailable } from './speex-resampler.js';

/**
 * Which resampler and MP3 encoder this process runs, loading them if they were not yet: for the
 * start-up log, since a machine where the native libraries were not found does the same work with
 * 1.6-3.5× the CPU (docs/audio.md, "Native libraries"). Worker threads load the same libraries.
 */
export function audioBackends(): { resampler: string; mp3: string } {
  const resampler = nativeSoxr() ? 'libsoxr' : speexAvailable() ? 'Speex (WebAssembly)' : 'TypeScript sinc';
  // The WebAssembly LAME is only known to load once a worker has tried; ffmpeg is the last resort.
  const mp3 = nativeLame() ? 'libmp3lame' : 'LAME in WebAssembly (ffmpeg if it cannot load)';
  return { resampler, mp3 };
}
