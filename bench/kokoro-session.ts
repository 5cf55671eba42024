/**
 * Kokoro session options, measured: CPU seconds per audio second (user + system time of a child
 * process that does nothing but run the graph — less sensitive to other load than wall time) and
 * wall real-time factor (audio seconds per wall second), for each configuration in its own fresh
 * process, configurations interleaved round by round so load drifts hit them all alike.
 *
 *   npm run build && node dist/bench/kokoro-session.js [rounds] [config names...]
 *
 * Needs the Kokoro weights (VOICELIB_TEST_MODELS or ~/.cache/voicelib/test-models) and their
 * prepared float32 copy (made on first use by the engine; this script makes it too).
 */

import { kokoroVoicesDir } from './setup.js';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkSequences, splitSentences } from '../src/speech/engines/onnx/chunks.js';
import { kokoroIds, kokoroPhonemes } from '../src/speech/engines/kokoro/phonemize.js';
import { prepareKokoroModel } from '../src/speech/engines/kokoro/prepare.js';
import { getPhonemizer } from '../src/speech/engines/kokoro/synthesize.js';
import { KOKORO_BREAK_IDS, KOKORO_PAD_ID, KOKORO_SPACE_ID } from '../src/speech/engines/kokoro/vocab.js';
import { tokenizeWhitespace } from '../src/speech/engines/shared/tokens.js';
import { LONG, SHORT } from './common.js';
import { runChild, type SessionConfig } from './kokoro-session-child.js';

export const CONFIGS: SessionConfig[] = [
  { name: 'base-2t', model: 'f32', intra: 2, spinning: false },
  { name: '1t', model: 'f32', intra: 1, spinning: false },
  { name: '2x1t-sent', model: 'f32', intra: 1, spinning: false, sessions: 2, split: 'sentence' },
  { name: '2t-sent', model: 'f32', intra: 2, spinning: false, split: 'sentence' },
  { name: '2t-noarena', model: 'f32', intra: 2, spinning: false, arena: false },
  { name: '2t-denorm0', model: 'f32', intra: 2, spinning: false, denormalAsZero: true },
  { name: '2t-parallel', model: 'f32', intra: 2, spinning: false, parallel: true },
  { name: 'int8-2t', model: 'int8', intra: 2, spinning: false },
  // The prepared QDQ graph (vocoder first stage in int8, kokoro/quantize.ts): KOKORO_QDQ names it.
  { name: 'qdq-2t', model: process.env['KOKORO_QDQ'] ?? '', intra: 2, spinning: false },
  { name: 'qdq-1t', model: process.env['KOKORO_QDQ'] ?? '', intra: 1, spinning: false },
  { name: 'qdq-2t-spin', model: process.env['KOKORO_QDQ'] ?? '', intra: 2, spinning: true },
  { name: 'f32-2x1t-halves', model: 'f32', intra: 1, spinning: false, sessions: 2, split: 'halves' },
  { name: 'qdq-2x1t-halves', model: process.env['KOKORO_QDQ'] ?? '', intra: 1, spinning: false, sessions: 2, split: 'halves' },
  { name: 'qdq-2x1t-sent', model: process.env['KOKORO_QDQ'] ?? '', intra: 1, spinning: false, sessions: 2, split: 'sentence' },
];

async function ids(text: string): Promise<{ sentences: number[][]; merged: number[][]; halves: number[][][] }> {
  const ipa = await getPhonemizer();
  const tokens = tokenizeWhitespace(text).map((t) => t.text);
  const sequences = splitSentences(tokens).map((indices) =>
    kokoroIds(kokoroPhonemes(tokens, indices, 'a', (clauses) => ipa.phonemize(clauses, 'en-us'))),
  );
  const chunk = (merge: boolean, from = 0, to = sequences.length) =>
    chunkSequences(sequences.slice(from, to), {
      maxIds: 510,
      merge,
      joiner: [KOKORO_SPACE_ID],
      breakAfter: KOKORO_BREAK_IDS,
    }).map((c) => [KOKORO_PAD_ID, ...c.ids, KOKORO_PAD_ID]);
  // The engine's split for two workers (kokoro/split.ts): two sentence groups of about equal size.
  const sizes = sequences.map((s) => s.ids.length);
  const total = sizes.reduce((a, b) => a + b, 0);
  let cut = 1;
  for (let acc = sizes[0]!; cut < sizes.length - 1 && acc < total / 2; cut += 1) acc += sizes[cut]!;
  return { sentences: chunk(false), merged: chunk(true), halves: [chunk(true, 0, cut), chunk(true, cut)] };
}

async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === '--child') {
    console.log(JSON.stringify(await runChild(JSON.parse(rest[0]!), rest[1]!)));
    return;
  }
  const rounds = Number(mode ?? 2);
  const only = new Set(rest);
  const configs = only.size === 0 ? CONFIGS : CONFIGS.filter((c) => only.has(c.name));
  const models = process.env['VOICELIB_TEST_MODELS'] ?? path.join(homedir(), '.cache/voicelib/test-models');
  const source = path.join(models, 'kokoro-82m/kokoro-v1.0.int8.onnx');
  const prepared = await prepareKokoroModel(source, path.join(models, 'kokoro-82m/.prepared'));
  const pack = path.join(kokoroVoicesDir()!, 'af_heart.bin');
  const texts = { '100': SHORT, '2000': LONG };
  const which = (process.env['TEXTS'] ?? '100,2000').split(',') as Array<keyof typeof texts>;
  const self = fileURLToPath(import.meta.url);
  for (const key of which) {
    const input = { ...(await ids(texts[key])), pack, f32: prepared.file, int8: source };
    const file = path.join(tmpdir(), `kokoro-session-${process.pid}-${key}.json`);
    writeFileSync(file, JSON.stringify(input));
    for (let round = 0; round < rounds; round++) {
      for (const config of configs) {
        const load = loadavg()[0]!.toFixed(1);
        const out = execFileSync(process.execPath, [self, '--child', JSON.stringify(config), file], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const r = JSON.parse(out) as { cpu: number; wall: number; audio: number };
        console.log(
          [key.padStart(4), String(round), config.name.padEnd(12), `load ${load}`,
            `cpu/s ${(r.cpu / r.audio).toFixed(3)}`, `rtf ${(r.audio / r.wall).toFixed(2)}`,
            `audio ${r.audio.toFixed(1)} s`].join('  '),
        );
      }
    }
  }
}

await main();
