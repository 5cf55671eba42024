import type { Config } from '../config.js';
import type { SpeechEngine } from './engine.js';

/** How to load one engine module; `load` runs only when the engine is first needed. */
interface EngineEntry {
  id: string;
  load: () => Promise<SpeechEngine>;
}

/**
 * How long the list of installed engines is trusted, ms. Finding out takes each engine's file
 * checks (~1.5-1.9 ms for the five, most of it the model folders of Kokoro, Pico and Piper), and
 * every speech request asked before its synthesis. A model pulled, imported or removed by another
 * process counts within this time.
 */
export const AVAILABLE_ENGINES_TTL_MS = 1000;

/**
 * The engines this build knows, each imported lazily with `await import()`. Nothing outside
 * `speech/engines/` names an engine's module; the rest of the service sees `SpeechEngine`s.
 */
export class EngineRegistry {
  private readonly loaded = new Map<string, Promise<SpeechEngine>>();
  private readonly entries: EngineEntry[];
  /** The last answer of `available()` and when it was asked (performance.now()). */
  private installed: { at: number; engines: Promise<readonly SpeechEngine[]> } | null = null;

  constructor(config: Readonly<Config>) {
    this.entries = [
      {
        id: 'espeak-ng',
        load: async () => {
          const { createEspeakEngine } = await import('./engines/espeak-ng/index.js');
          return createEspeakEngine({ threads: config.engineThreads });
        },
      },
      {
        id: 'flite',
        load: async () => {
          const { createFliteEngine } = await import('./engines/flite/index.js');
          return createFliteEngine({ threads: config.engineThreads, tempDir: config.tempDir });
        },
      },
      {
        id: 'svox-pico',
        load: async () => {
          const { createSvoxPicoEngine } = await import('./engines/svox-pico/index.js');
          return createSvoxPicoEngine({
            modelsDir: config.modelsDir,
            modelsSearchPath: config.modelsSearchPath,
            threads: config.engineThreads,
            // Pico's word timings come from aligning it to espeak-ng's rendering: share that engine.
            reference: await this.get('espeak-ng'),
          });
        },
      },
      {
        id: 'kokoro',
        load: async () => {
          const { createKokoroEngine } = await import('./engines/kokoro/index.js');
          return createKokoroEngine({
            modelFolders: [...config.modelsSearchPath, config.modelsDir],
            threads: config.kokoroWorkers,
            quantize: config.kokoroQuantize,
          });
        },
      },
      {
        id: 'piper',
        load: async () => {
          const { createPiperEngine } = await import('./engines/piper/index.js');
          return createPiperEngine({
            modelFolders: [...config.modelsSearchPath, config.modelsDir],
            threads: config.engineThreads,
          });
        },
      },
    ];
  }

  get ids(): string[] {
    return this.entries.map((e) => e.id);
  }

  /** The engine, loaded on first use. */
  get(id: string): Promise<SpeechEngine> {
    let engine = this.loaded.get(id);
    if (!engine) {
      const entry = this.entries.find((e) => e.id === id);
      if (!entry) return Promise.reject(new Error(`unknown engine ${id}`));
      engine = entry.load();
      // A failed load is retried on the next call instead of being cached.
      engine.catch(() => this.loaded.delete(id));
      this.loaded.set(id, engine);
    }
    return engine;
  }

  /**
   * Engines that are installed and usable on this machine, as found at most
   * `AVAILABLE_ENGINES_TTL_MS` ago.
   */
  available(): Promise<readonly SpeechEngine[]> {
    const now = performance.now();
    if (this.installed === null || now - this.installed.at >= AVAILABLE_ENGINES_TTL_MS) {
      this.installed = { at: now, engines: this.findAvailable() };
    }
    return this.installed.engines;
  }

  private async findAvailable(): Promise<SpeechEngine[]> {
    const out: SpeechEngine[] = [];
    for (const entry of this.entries) {
      try {
        const engine = await this.get(entry.id);
        if (await engine.isAvailable()) out.push(engine);
      } catch {
        // An engine whose module cannot load is simply not offered.
      }
    }
    return out;
  }

  /** Loads and warms the engines that need it, so the first request is not the slow one. */
  async warm(ids: string[] = ['espeak-ng']): Promise<void> {
    for (const id of ids) {
      const engine = await this.get(id);
      if (engine.warm && (await engine.isAvailable())) await engine.warm();
    }
  }

  async close(): Promise<void> {
    const engines = await Promise.allSettled([...this.loaded.values()]);
    for (const result of engines) if (result.status === 'fulfilled') await result.value.close();
    this.loaded.clear();
    this.installed = null;
  }
}
