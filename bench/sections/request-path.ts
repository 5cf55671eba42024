import type { SynthesisInput } from '../../src/speech/engine.js';
import { findPreset } from '../../src/voices/catalog/catalog.js';
import { fmt, input, LONG, median, SHORT, section, table, timeEngine } from '../common.js';
import { type BenchServer, post, type PostResult } from '../setup.js';
import { LONG_RUNS, SHORT_RUNS } from './engines-alone.js';

export interface ServedTiming {
  /** Median request ms over the successful runs. */
  ms: number;
  audioSec: number;
  engine: string;
  bytes: number;
  statuses: string;
}

/** Measured once per (model, voice, text, format) and run: sections 2 and b share the WAV rows. */
const served = new Map<string, Promise<ServedTiming>>();

/**
 * Request timing through POST /api/v1/tts. With more than one run, one untimed warm-up request
 * first; the single 2,000-character run comes after the same model's 100-character ones, so the
 * engine is warm without a second 2,000-character request (~2 min each on Kokoro here).
 */
export function servedTiming(
  bench: BenchServer,
  body: { model: string; voice: string; text: string; format: string },
  runs: number,
): Promise<ServedTiming> {
  const key = JSON.stringify([body.model, body.voice, body.text.length, body.format, runs]);
  let timing = served.get(key);
  if (timing === undefined) {
    timing = (async () => {
      if (runs > 1) await post(bench, body);
      const results: PostResult[] = [];
      for (let i = 0; i < runs; i++) results.push(await post(bench, body));
      const ok = results.filter((r) => r.status === 200);
      return {
        ms: median(ok.map((r) => r.ms)),
        audioSec: ok[0]?.audioSec ?? Number.NaN,
        engine: ok[0]?.engine ?? `HTTP ${results[0]?.status}`,
        bytes: ok[0]?.bytes ?? 0,
        statuses: [...new Set(results.map((r) => r.status))].join('/'),
      };
    })();
    served.set(key, timing);
  }
  return timing;
}

/** 2. Whole request path vs. the engine the request used, called directly. */
export async function requestPath(bench: BenchServer): Promise<void> {
  const { server, voice } = bench;
  section('2. Whole request path: POST /api/v1/tts in-process vs. the same engine alone');
  console.log(
    `Server: real app on 127.0.0.1, QUEUE_CONCURRENCY=2, catalog voice ${voice}, 24 kHz output; v-lite ` +
      '(espeak-ng) and v-pro (the most natural engine installed for the voice). 100c: one warm-up request ' +
      `per row, then ${SHORT_RUNS} timed, median; 2000c: ${LONG_RUNS} timed run. "engine alone" = the engine ` +
      "that request used, the server's own instance called directly with the voice's realization there, same " +
      'text, same process, timed once per model and length for both formats.\n',
  );
  const preset = findPreset(voice);
  const rows: string[][] = [];
  for (const model of ['v-lite', 'v-pro'] as const) {
    for (const [label, text, runs] of [
      ['100c', SHORT, SHORT_RUNS],
      ['2000c', LONG, LONG_RUNS],
    ] as const) {
      let alone: { ms: number; audioSec: number } | null = null;
      for (const format of ['MP3', 'WAV'] as const) {
        const timing = await servedTiming(bench, { text, voice, format, model }, runs);
        if (alone === null && !timing.engine.startsWith('HTTP')) {
          const engine = await server.container.engines.get(timing.engine);
          const { transform: _transform, ...realization } = preset?.identity.engines[timing.engine] ?? { id: 'en-US' };
          const what: SynthesisInput = { ...input(text, realization.id), voice: realization };
          if (runs > 1) await engine.synthesize(what);
          alone = await timeEngine(engine, what, runs);
        }
        const a = alone ?? { ms: Number.NaN, audioSec: Number.NaN };
        rows.push([
          `${model} ${label} ${format}`,
          timing.engine,
          fmt(timing.ms),
          fmt(timing.audioSec, 1),
          fmt(timing.audioSec / (timing.ms / 1000), 1),
          fmt(a.ms),
          fmt(a.audioSec, 1),
          fmt(a.audioSec / (a.ms / 1000), 1),
          fmt(timing.ms - a.ms),
          `${fmt(timing.bytes / 1024)} KiB`,
        ]);
      }
    }
  }
  table(
    ['request', 'engine', 'req ms', 'audio s', 'req RTF', 'alone ms', 'audio s', 'alone RTF', 'overhead ms', 'body'],
    rows,
  );
}
