import type { Config } from '../config.js';
import type { SpeechEngine } from './engine.js';
import type { EngineManifest } from './engine-manifest.js';
import { ENGINE_MANIFESTS } from './engine-manifests.js';

/**
 * How long the list of installed engines is trusted, ms. Finding out takes each engine's file
 * checks (~1.5-1.9 ms for the five, most of it the model folders of Kokoro, Pico and Piper), and
 * every speech request asked before its synthesis. A model pulled, imported or removed by another
 * process counts within this time.
 */
export const AVAILABLE_ENGINES_TTL_MS = 1000;

/**
 * The engines this build knows (`engine-manifests.ts`), each loaded on first use by its manifest,
 * which imports the engine's module lazily; the rest of the service sees `SpeechEngine`s.
 */
export class EngineRegistry {
  private readonly loaded = new Map<string, Promise<SpeechEngine>>();
  private readonly entries: readonly EngineManifest[] = ENGINE_MANIFESTS;
  /** The last answer of `available()` and when it was asked (performance.now()). */
  private installed: { at: number; engines: Promise<readonly SpeechEngine[]> } | null = null;

  constructor(private readonly config: Readonly<Config>) {}

  get ids(): string[] {
    return this.entries.map((e) => e.id);
  }

  /** The engine, loaded on first use. */
  get(id: string): Promise<SpeechEngine> {
    let engine = this.loaded.get(id);
    if (!engine) {
      const entry = this.entries.find((e) => e.id === id);
      if (!entry) return Promise.reject(new Error(`unknown engine ${id}`));
      engine = entry.load({ config: this.config, engine: (other) => this.get(other) }).then((loaded) => {
        // Realizations are keyed by the manifest's id and read by the engine's own: they must agree.
        if (loaded.info.id !== id) throw new Error(`engine manifest ${id} loaded an engine that calls itself ${loaded.info.id}`);
        return loaded;
      });
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
  async warm(ids: string[] = this.entries.filter((e) => e.warmAtStart).map((e) => e.id)): Promise<void> {
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
