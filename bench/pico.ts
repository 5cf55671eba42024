import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SpeechEngine } from '../src/speech/engine.js';
import { createSvoxPicoEngine } from '../src/speech/engines/svox-pico/index.js';

/**
 * An SVOX Pico engine for benchmarks, finding its lingware where a user's machine would
 * (MODELS_SEARCH_PATH, then data/models) or, by default, in ../shared/models beside the repository.
 */
export function benchPicoEngine(options: { reference?: SpeechEngine } = {}) {
  const shared = path.resolve('../shared/models');
  const searchPath = (process.env['MODELS_SEARCH_PATH'] ?? (existsSync(shared) ? shared : ''))
    .split(path.delimiter)
    .filter(Boolean);
  return createSvoxPicoEngine({
    modelsDir: path.resolve('data/models'),
    modelsSearchPath: searchPath,
    threads: 1,
    ...(options.reference ? { reference: options.reference } : {}),
  });
}
