import { fmt, percentile, SHORT, section, table } from '../common.js';
import { type BenchServer, post } from '../setup.js';

/**
 * Clients and requests per level. Small on purpose: with v-pro on Kokoro (~1x real time on 2
 * cores) a 100-character request costs seconds of CPU, and the machine is shared.
 */
const LEVELS: Array<[clients: number, requests: number]> = [
  [1, 6],
  [4, 12],
  [16, 16],
];

/** 4. p50/p95 latency of POST /api/v1/tts (default model) under concurrent clients. */
export async function concurrency(bench: BenchServer): Promise<void> {
  section('4. POST /api/v1/tts latency under concurrent clients (~100 chars, MP3)');
  console.log(
    `${SHORT.length}-char text, MP3, default model, server QUEUE_CONCURRENCY=2; each client sends its next ` +
      'request as soon as the previous one answers. Latency = client-side wall time of one request.\n',
  );
  const rows: string[][] = [];
  for (const [clients, total] of LEVELS) {
    let next = 0;
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const engines = new Set<string>();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < total) {
          next += 1;
          const result = await post(bench, { text: SHORT, voice: bench.voice, format: 'MP3' });
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
          if (result.status === 200) {
            latencies.push(result.ms);
            engines.add(result.engine);
          }
        }
      }),
    );
    const wallSec = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    rows.push([
      String(clients),
      String(total),
      [...statuses].map(([s, n]) => `${n}x${s}`).join(' '),
      [...engines].join(', '),
      fmt(percentile(latencies, 50)),
      fmt(percentile(latencies, 95)),
      fmt(latencies[latencies.length - 1] ?? Number.NaN),
      fmt(latencies.length / wallSec, 1),
    ]);
  }
  table(['clients', 'requests', 'statuses', 'engine', 'p50 ms', 'p95 ms', 'max ms', 'req/s'], rows);
}
