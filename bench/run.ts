/**
 * One-run benchmark of the whole service, printed as plain-text tables (never passes or fails):
 *
 * 1. Each engine alone (espeak-ng, Flite, SVOX Pico when its lingware is found; Kokoro and Piper
 *    when their models are installed) on a ~100- and a ~2,000-character English text.
 * 2. The whole request path, POST /api/v1/tts through the real server in-process (markup, engine,
 *    transform, encode, spool/store), MP3 and WAV, next to the same server's engine alone.
 * 3. Encoding cost per output format for ~10 s of real speech, and the served MP3 quality setting
 *    against LAME's default (CPU, NISQA of the quality kit's recordings; `--mp3-quality` alone).
 * 4. p50/p95 latency of POST /api/v1/tts (~100 chars, MP3) under 1, 4 and 16 concurrent clients.
 * 5. Naturalness (NISQA-TTS MOS from the quality kit) of each engine's default voice, and of four
 *    American presets as POST /tts speaks them with v-lite and v-pro (their pitch and formant
 *    transforms included).
 * a. Per engine: real-time factor (100 / 2,000 chars), first-audio latency, naturalness median over
 *    up to 6 English voices x 4 Harvard sentences.
 * b. Per model as served (v-pro, v-studio, v-flash, v-lite): naturalness median over 6 English
 *    presets x 4 sentences, the engine that served, request latency and RTF for 100 / 2,000 chars.
 * c. Clones of the quality kit's reference recordings: engine, naturalness, F0 error.
 * d. Streaming per model: time to first audio vs the whole request, 100 / 2,000 chars.
 * e. The event loop while 8 clones are fitted at once (`npm run bench:clone-loop`): ping latency
 *    beside them against idle ping latency measured in the same run (reliability F4).
 * h. HTTP hot path (`npm run bench:http`): GET /api/v1/ping and /voices against bare Fastify, v-lite
 *    speech against espeak-ng alone (+ encode), each with its baseline measured in the same run.
 * Sections a-d print their goals (figure, target, PASS/MISS) as a report.
 *
 * Small request counts on purpose (the machine is shared); every table says how many. Timing
 * never fails anything: the process exits 0 whatever the numbers are.
 *
 *   npm run bench           everything
 *   npm run bench:neural    sections a-c only (node dist/bench/run.js --neural)
 *   node dist/bench/run.js --streaming   section d only
 *   node dist/bench/run.js --clones      section c only
 *   npm run bench:clone-loop             section e only
 *   node dist/bench/run.js --mp3-quality the MP3 quality table of section 3 only (on espeak-ng's 2,000-character text)
 *
 * Environment: MODELS_SEARCH_PATH (extra model folders, ':'-separated), VOICELIB_TEST_MODELS (neural
 * weights; default the `npm test` cache), VOICELIB_QUALITY_DIR (an installed scorer; default
 * ../shared/quality when installed, else the copy scripts/quality-scorer.sh installs in the cache).
 */
import { availableParallelism, cpus } from 'node:os';
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { elapsed, input, load, LONG } from './common.js';
import { cloneEventLoop } from './sections/clone-event-loop.js';
import { clones } from './sections/clones.js';
import { concurrency } from './sections/concurrency.js';
import { encoding, mp3Quality } from './sections/encoding.js';
import { engineAlone } from './sections/engines-alone.js';
import { naturalness, presetSamples } from './sections/naturalness.js';
import { perEngine } from './sections/per-engine.js';
import { perModel } from './sections/per-model.js';
import { requestPath } from './sections/request-path.js';
import { httpHotPath } from './sections/http-hot-path.js';
import { streaming } from './sections/streaming.js';
import { type EngineUnderTest, engines, modelFolders, startBenchServer } from './setup.js';

const neuralOnly = process.argv.includes('--neural');
const streamingOnly = process.argv.includes('--streaming');
const httpOnly = process.argv.includes('--http');
const cloneLoopOnly = process.argv.includes('--clone-loop');
const clonesOnly = process.argv.includes('--clones');
const mp3QualityOnly = process.argv.includes('--mp3-quality');

async function main(): Promise<void> {
  const only = neuralOnly
    ? ' (sections a-c)'
    : streamingOnly
      ? ' (section d)'
      : httpOnly
        ? ' (section h)'
        : cloneLoopOnly
          ? ' (section e)'
          : clonesOnly
            ? ' (section c)'
            : mp3QualityOnly
              ? ' (section 3, MP3 quality)'
              : '';
  console.log(`voicelib bench${only}, ${new Date().toISOString()}`);
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ` +
      `load average at start ${load()}\nmodel folders: ${modelFolders().join(', ') || '(none)'}`,
  );
  const espeak = createEspeakEngine();
  let list: EngineUnderTest[] = [];
  try {
    if (mp3QualityOnly) {
      await mp3Quality((await espeak.synthesize(input(LONG, 'en-US'))).audio);
      return;
    }
    if (!httpOnly && !cloneLoopOnly && !clonesOnly) list = await engines(espeak);
    if (streamingOnly || httpOnly || cloneLoopOnly || clonesOnly) {
      const bench = await startBenchServer();
      try {
        if (httpOnly) await httpHotPath(bench);
        else if (cloneLoopOnly) await cloneEventLoop(bench);
        else if (clonesOnly) await clones(bench);
        else await streaming(bench);
      } finally {
        await bench.server.close().catch(() => undefined);
      }
      return;
    }
    if (!neuralOnly) {
      const longAudio = await engineAlone(list);
      await encoding(longAudio.get('espeak-ng'));
    }
    const bench = await startBenchServer();
    try {
      if (!neuralOnly) {
        await requestPath(bench);
        await concurrency(bench);
        await naturalness(list, await presetSamples(bench));
      }
      await perEngine(list);
      await perModel(bench);
      await clones(bench);
      if (!neuralOnly) await streaming(bench);
      if (!neuralOnly) await cloneEventLoop(bench);
      if (!neuralOnly) await httpHotPath(bench);
    } finally {
      await bench.server.close().catch(() => undefined);
    }
  } catch (error) {
    console.log(`\nbench stopped early: ${(error as Error).stack ?? String(error)}`);
  } finally {
    for (const item of list) if (item.engine && item.engine !== espeak) await item.engine.close().catch(() => undefined);
    await espeak.close().catch(() => undefined);
  }
  console.log(`\ndone in ${elapsed()}, load average at end ${load()}`);
}

await main();
process.exitCode = 0;
