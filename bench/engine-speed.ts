/**
 * Warm synthesis speed of the WASM engines on one ~1,000-character English paragraph: espeak-ng
 * (the reference point; ENGINES.md measured it at ~400x on an idle machine), each Flite voice, and
 * SVOX Pico with and without the espeak-ng alignment that gives it word timings. Real-time factor =
 * audio seconds per wall second, median of 3 runs after 2 warm-up runs. The machine's load shifts
 * every number; compare engines within one run. Prints a table; never fails.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/engine-speed.js
 */

import { loadavg } from 'node:os';
import path from 'node:path';
import type { SpeechEngine, SynthesisInput } from '../src/speech/engine.js';
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../src/speech/engines/flite/index.js';
import { createSvoxPicoEngine } from '../src/speech/engines/svox-pico/index.js';

const LINGWARE = path.resolve(process.env['MODELS'] ?? '../shared/models/svox-pico');
const TEXT =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. It is easy to ' +
  'tell the depth of a well. These days a chicken leg is a rare dish. Rice is often served in round bowls. ' +
  'The juice of lemons makes fine punch. The box was thrown beside the parked truck. The hogs were fed ' +
  'chopped corn and garbage. Four hours of steady work faced us. A large size in stockings is hard to sell. ' +
  'The boy was there when the sun rose. A rod is used to catch pink salmon. The source of the huge river is ' +
  'the clear spring. Kick the ball straight and follow through. Help the woman get back to her feet. A pot ' +
  "of tea helps to pass the evening. Smoky fires lack flame and heat. The soft cushion broke the man's fall. " +
  'The salt breeze came across from the sea. The girl at the booth sold fifty bonds. The small pup gnawed ' +
  'a hole in the sock. The fish twisted and turned on the bent hook. Press the pants and sew a button on the vest.';

/** An alignment reference that always fails, so Pico falls back to letter-count timings (no espeak). */
const NO_REFERENCE: SpeechEngine = {
  info: { id: 'none', label: 'none', naturalness: 0, realTimeFactor: 0, tier: 'basic', voices: [] },
  isAvailable: async () => true,
  synthesize: async () => {
    throw new Error('no reference');
  },
  close: async () => undefined,
};

async function measure(label: string, engine: SpeechEngine, input: SynthesisInput): Promise<void> {
  for (let i = 0; i < 2; i += 1) await engine.synthesize(input);
  const runs: Array<{ ms: number; seconds: number }> = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    const { audio } = await engine.synthesize(input);
    runs.push({ ms: performance.now() - started, seconds: audio.samples.length / audio.sampleRate });
  }
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[1] ?? { ms: 0, seconds: 0 };
  const rtf = median.seconds / (median.ms / 1000);
  console.log(
    `${label.padEnd(30)} ${String(input.text.length).padStart(5)} chars  ${median.seconds.toFixed(1).padStart(6)} s audio  ` +
      `${median.ms.toFixed(0).padStart(6)} ms  ${rtf.toFixed(1).padStart(6)}x real time`,
  );
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const input = (language: string, voice: string): SynthesisInput => ({
    text: TEXT,
    language,
    voice: { id: voice },
    speed: 1,
    variation: 0.5,
  });
  const espeak = createEspeakEngine({ threads: 1 });
  await measure('espeak-ng en-US', espeak, input('en-US', 'en-US'));
  const flite = createFliteEngine({ threads: 1 });
  for (const voice of ['slt', 'awb', 'rms', 'kal', 'kal16'])
    await measure(`flite ${voice}`, flite, input('en-US', voice));
  await flite.close();
  const bare = createSvoxPicoEngine({
    modelsDir: LINGWARE,
    modelsSearchPath: [LINGWARE],
    reference: NO_REFERENCE,
  });
  if (await bare.isAvailable()) {
    await measure('svox-pico en-US, no alignment', bare, input('en-US', 'en-US'));
    const pico = createSvoxPicoEngine({
      modelsDir: LINGWARE,
      modelsSearchPath: [LINGWARE],
      reference: espeak,
    });
    await measure('svox-pico en-US + alignment', pico, input('en-US', 'en-US'));
    await pico.close();
  } else {
    console.log(`svox-pico: no lingware at ${LINGWARE}`);
  }
  await bare.close();
  await espeak.close();
  console.log(
    `load average at end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

await main();
