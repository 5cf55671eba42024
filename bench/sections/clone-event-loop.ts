import { fmt, percentile, section, table } from '../common.js';
import type { BenchServer } from '../setup.js';

const CONCURRENT_CLONES = 8;
const IDLE_PINGS = 200;
/** What the recording says: about ten seconds of speech. */
const SCRIPT =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  "It's easy to tell the depth of a well. These days a chicken leg is a rare dish.";

/** A ping slower than this counts as one the event loop held. */
const HELD_MS = 250;

interface Pings {
  count: number;
  p50: number;
  p999: number;
  max: number;
  held: number;
}

/** Sequential pings (one in flight at a time) until `until` says stop; their latencies. */
async function pings(bench: BenchServer, until: (count: number) => boolean): Promise<Pings> {
  const ms: number[] = [];
  while (!until(ms.length)) {
    const started = performance.now();
    const res = await fetch(`${bench.server.url}/api/v1/ping`, { headers: { authorization: `Bearer ${bench.key}` } });
    await res.arrayBuffer();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p999: percentile(ms, 99.9),
    max: ms.at(-1) ?? Number.NaN,
    held: ms.filter((value) => value > HELD_MS).length,
  };
}

/**
 * e. The event loop while clones are fitted (reliability F4): ping latency alone, then while
 * CONCURRENT_CLONES clones of a ~10 s recording are fitted at once; the idle figures are the
 * baseline of the same run. Before fitting moved to worker threads, ping reached 6.2 s here.
 */
export async function cloneEventLoop(bench: BenchServer): Promise<void> {
  section(`e. Event loop during clone fitting: GET /api/v1/ping alone and beside ${CONCURRENT_CLONES} concurrent clones`);
  const { server } = bench;
  const created = await server.admin('POST', '/accounts', { plan: 'pro', points: 1000, clone_slots: 100 });
  if (created.status !== 201) throw new Error(`account: ${created.status} ${created.text}`);
  const key: string = created.body.api_key;
  const speech = await fetch(`${server.url}/api/v1/tts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: SCRIPT, voice: bench.voice, model: 'v-lite', format: 'LINEAR16', sample_rate: 32000 }),
  });
  const spoken = (await speech.json()) as { audio_base64?: string };
  if (speech.status !== 200 || spoken.audio_base64 === undefined) throw new Error(`recording: ${speech.status}`);
  // The answer is a data URI; a clone takes the bare base64.
  const recording = spoken.audio_base64.slice(spoken.audio_base64.indexOf(',') + 1);
  const body = JSON.stringify({ name: 'bench clone', language: 'en-US', samples: [{ audio_base64: recording }] });

  await pings(bench, (n) => n >= 20); // warm-up
  const idle = await pings(bench, (n) => n >= IDLE_PINGS);
  let running = true;
  const started = performance.now();
  const clones = Promise.all(
    Array.from({ length: CONCURRENT_CLONES }, async () => {
      const res = await fetch(`${server.url}/api/v1/voices/clones`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await res.json()) as { id?: string };
      return { status: res.status, id: answer.id };
    }),
  ).finally(() => {
    running = false;
  });
  const busy = await pings(bench, () => !running);
  const answers = await clones;
  const cloneSeconds = (performance.now() - started) / 1000;
  for (const answer of answers) {
    if (answer.id) await server.request('DELETE', `/api/v1/voices/${answer.id}`, { key });
  }
  const ok = answers.filter((answer) => answer.status === 200).length;
  console.log(
    `Pings one at a time from this process (the server runs in it too). ${CONCURRENT_CLONES} clones of a ` +
      `~10 s v-lite recording (denoise on) took ${fmt(cloneSeconds, 1)} s, ${ok}/${CONCURRENT_CLONES} answered 200.\n`,
  );
  const row = (label: string, p: Pings) => [
    label,
    String(p.count),
    fmt(p.p50, 1),
    fmt(p.p999, 1),
    fmt(p.max, 1),
    fmt(p.max / idle.max, 1),
    String(p.held),
  ];
  table(
    ['ping', 'count', 'p50 ms', 'p99.9 ms', 'max ms', 'max / idle max', `over ${HELD_MS} ms`],
    [row('idle (baseline)', idle), row(`beside ${CONCURRENT_CLONES} clones`, busy)],
  );
}
