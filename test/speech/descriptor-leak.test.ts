import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { decodeAudio } from '../../src/audio/decode.js';
import { encodeAudio } from '../../src/audio/encode.js';
import { encodeWav } from '../../src/audio/wav.js';
import type { SpeechEngine, SynthesisInput } from '../../src/speech/engine.js';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../../src/speech/engines/flite/index.js';
import { createSvoxPicoEngine } from '../../src/speech/engines/svox-pico/index.js';
import { repeats } from '../helpers/repeats.js';

/**
 * Descriptor leaks (docs/reliability.md, F2): Node's WASI left the preopened scratch folder of every
 * Flite run open, two descriptors per synthesis, until `ulimit -n` made every request fail. Each
 * engine and each ffmpeg path runs many times in this process, which owns the engine workers, and
 * the process's open descriptor count must come back to where it was.
 */

const LINGWARE = path.resolve(process.env['VOICELIB_SHARED_MODELS'] ?? '../shared/models', 'svox-pico');
const HAVE_LINGWARE = existsSync(path.join(LINGWARE, 'en-US_ta.bin'));
/** Descriptors the runtime may open on its own meanwhile (timers, a lazily made pipe). */
const SLACK = 8;

function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

function input(text: string, voice: string, language = 'en-US'): SynthesisInput {
  return { text, language, voice: { id: voice }, speed: 1, variation: 0.5 };
}

/** Runs `work(i)` `count` times after one warm-up call; returns the descriptor counts before and after. */
async function countAround(count: number, work: (i: number) => Promise<unknown>) {
  await work(-1);
  const before = openDescriptors();
  for (let i = 0; i < count; i += 1) await work(i);
  return { before, after: openDescriptors() };
}

describe('open descriptors stay flat over many runs', () => {
  const engines: SpeechEngine[] = [];
  after(async () => {
    for (const engine of engines) await engine.close();
  });

  const FLITE_RUNS = repeats(300);
  test(`${FLITE_RUNS} Flite syntheses, each with new words (so each also runs a lexicon lookup)`, async () => {
    const flite = createFliteEngine({ threads: 1 });
    engines.push(flite);
    const { before, after: afterRuns } = await countAround(FLITE_RUNS, (i) =>
      flite.synthesize(input(`Number ${i} is word${i} today.`, 'kal')),
    );
    assert.ok(afterRuns <= before + SLACK, `Flite: ${before} descriptors before ${FLITE_RUNS} syntheses, ${afterRuns} after`);
  });

  test('100 espeak-ng syntheses', async () => {
    const espeak = createEspeakEngine({ threads: 1 });
    engines.push(espeak);
    const { before, after: afterRuns } = await countAround(100, (i) =>
      espeak.synthesize(input(`Number ${i} is here today.`, 'en-us')),
    );
    assert.ok(afterRuns <= before + SLACK, `espeak-ng: ${before} descriptors before, ${afterRuns} after`);
  });

  test('50 SVOX Pico syntheses', { skip: HAVE_LINGWARE ? false : `no Pico lingware at ${LINGWARE}` }, async () => {
    const pico = createSvoxPicoEngine({ modelsDir: path.dirname(LINGWARE), modelsSearchPath: [], threads: 1 });
    engines.push(pico);
    const { before, after: afterRuns } = await countAround(50, (i) =>
      pico.synthesize(input(`Number ${i} is here.`, 'en-US')),
    );
    assert.ok(afterRuns <= before + SLACK, `Pico: ${before} descriptors before, ${afterRuns} after`);
  });

  const FFMPEG_RUNS = repeats(40);
  test(`${FFMPEG_RUNS} ffmpeg encodes and ${FFMPEG_RUNS} ffmpeg/ffprobe decodes`, async () => {
    const samples = new Float32Array(16_000).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16_000));
    const pcm = { sampleRate: 16_000, samples };
    const wav = encodeWav(pcm, { encoding: 'pcm16' });
    const encodes = await countAround(FFMPEG_RUNS, () => encodeAudio(pcm, { format: 'FLAC', sampleRate: 16_000 }));
    assert.ok(encodes.after <= encodes.before + SLACK, `ffmpeg encode: ${encodes.before} before, ${encodes.after} after`);
    const decodes = await countAround(FFMPEG_RUNS, () => decodeAudio(wav, { sampleRate: 16_000 }));
    assert.ok(decodes.after <= decodes.before + SLACK, `ffmpeg decode: ${decodes.before} before, ${decodes.after} after`);
  });
});
