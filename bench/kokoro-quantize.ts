/**
 * Which of Kokoro's vocoder convolutions to quantize (kokoro/quantize.ts), measured: for each
 * candidate, the float32 prepared graph with those generator convolutions in static int8, then the
 * NISQA median over 4 voices × Harvard sentences 1–4 and the CPU seconds per audio second of one
 * ~400-character synthesis at one intra-op thread (this process's CPU time: run it on an otherwise
 * idle machine). Candidates are regular expressions over the Conv node names, added to the first stage.
 *
 *   npm run build && node dist/bench/kokoro-quantize.js [candidate...]
 *
 * Default candidates: none (the first stage alone), the shipped selection (`VOCODER_CONVS`), and
 * each second-stage block alone. Needs the Kokoro weights (VOICELIB_TEST_MODELS or
 * ~/.cache/voicelib/test-models) and the quality scorer (bench/nisqa.ts). Each candidate's model
 * (~290 MB) is written to a temporary folder and removed after its row.
 */

import { kokoroVoicesDir } from './setup.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import type { PcmAudio } from '../src/audio/pcm.js';
import { prepareKokoroModel } from '../src/speech/engines/kokoro/prepare.js';
import { quantizeKokoroVocoder, VOCODER_CONVS } from '../src/speech/engines/kokoro/quantize.js';
import { synthesizeKokoro } from '../src/speech/engines/kokoro/synthesize.js';
import { readOnnxGraph } from '../src/onnx/onnx-model.js';
import { LONG, SENTENCES } from './common.js';
import { median, nisqaScorer, nisqaScores } from './nisqa.js';

const FIRST_STAGE = String.raw`\/generator\/(resblocks\.[012]|noise_res\.0)\/convs[12]\.\d+\/`;
const DEFAULTS: Record<string, string | null> = {
  'first stage': null,
  shipped: VOCODER_CONVS.source,
  '+ resblocks.3': String.raw`resblocks\.3\/convs[12]`,
  '+ resblocks.4': String.raw`resblocks\.4\/convs[12]`,
  '+ resblocks.5': String.raw`resblocks\.5\/convs[12]`,
  '+ noise_res.1': String.raw`noise_res\.1\/convs[12]`,
};
const VOICES = ['af_heart', 'am_michael', 'bf_emma', 'bm_george'];

function selection(extra: string | null): RegExp {
  if (extra === null) return new RegExp(FIRST_STAGE);
  if (extra === VOCODER_CONVS.source) return VOCODER_CONVS;
  return new RegExp(`${FIRST_STAGE}|\\/generator\\/(${extra})\\.\\d+\\/`);
}

async function main(): Promise<void> {
  const scorer = nisqaScorer();
  if ('missing' in scorer) throw new Error(scorer.missing);
  const given = process.argv.slice(2);
  const candidates = given.length > 0 ? Object.fromEntries(given.map((c) => [c, c])) : DEFAULTS;
  const models = process.env['VOICELIB_TEST_MODELS'] ?? path.join(homedir(), '.cache/voicelib/test-models');
  const source = path.join(models, 'kokoro-82m/kokoro-v1.0.int8.onnx');
  const float = await prepareKokoroModel(source, path.join(models, 'kokoro-82m/.prepared'));
  if (!float.prepared) throw new Error(`no prepared float32 model: ${float.reason}`);
  const packFile = (voice: string) => path.join(kokoroVoicesDir()!, `${voice}.bin`);
  const styles = ['af_heart', 'am_michael', 'bf_emma', 'af_bella'].map((voice) => {
    const bytes = readFileSync(packFile(voice));
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  });
  const floatBytes = readFileSync(float.file);
  const dir = mkdtempSync(path.join(tmpdir(), 'voicelib-kokoro-quantize-'));
  const job = (modelFile: string, text: string, voice: string, threads: number) => ({
    text,
    voice,
    language: voice.startsWith('b') ? ('b' as const) : ('a' as const),
    modelFile,
    voices: [{ file: packFile(voice), weight: 1 }],
    speed: 1,
    threads,
  });
  console.log('candidate        convs  NISQA  per voice (af_heart am_michael bf_emma bm_george)  CPU s/s, 1 thread');
  try {
    for (const [label, extra] of Object.entries(candidates)) {
      const file = path.join(dir, 'candidate.onnx');
      const parts = await quantizeKokoroVocoder(floatBytes, styles, selection(extra));
      if (typeof parts === 'string') throw new Error(`${label}: ${parts}`);
      const bytes = Buffer.concat(parts);
      writeFileSync(file, bytes);
      const convs = readOnnxGraph(bytes).nodes.filter((n) => n.opType === 'Conv' && n.name.endsWith('_voicelib_qdq')).length;
      const clips: PcmAudio[] = [];
      for (const voice of VOICES) {
        for (const sentence of SENTENCES) {
          const r = await synthesizeKokoro(job(file, sentence, voice, 2));
          clips.push({ sampleRate: r.sampleRate, samples: r.samples });
        }
      }
      const scores = await nisqaScores(clips);
      const before = process.cpuUsage();
      const long = await synthesizeKokoro(job(file, LONG.slice(0, 400), 'af_heart', 1));
      const cpu = process.cpuUsage(before);
      const perVoice = VOICES.map((_, i) => median(scores.slice(i * 4, i * 4 + 4)).toFixed(2)).join(' ');
      console.log(
        [label.padEnd(16), String(convs).padStart(5), median(scores).toFixed(2).padStart(5), `  ${perVoice.padEnd(50)}`,
          ((cpu.user + cpu.system) / 1e6 / (long.samples.length / long.sampleRate)).toFixed(3)].join(' '),
      );
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
