/**
 * Encode cost per output format: 10 s and 100 s of 22.05 kHz speech-like audio encoded at 44.1 kHz
 * (so every format also pays for resampling), plus the fixed cost of starting ffmpeg and the cost
 * of resampling alone. Where a faster path replaced an older one, both run here so that the
 * comparison comes from one run on one machine state: MP3 through the WebAssembly LAME (worker
 * threads) and through ffmpeg, LAME itself natively and in WebAssembly, and resampling through
 * libsoxr (native), Speex (WebAssembly) and the TypeScript sinc.
 * Prints a table; never passes or fails.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/encode.js
 */
import { readFileSync } from 'node:fs';
import { AUDIO_FORMATS, type EncodeAudioOptions, encodeAudio } from '../src/audio/encode.js';
import { runFfmpeg } from '../src/audio/ffmpeg-process.js';
import type { PcmAudio } from '../src/audio/pcm.js';
import { createNativeMp3Encoder, type Mp3Encoder } from '../src/audio/mp3-native.js';
import { createWasmMp3Encoder } from '../src/audio/mp3-wasm-encoder.js';
import { resample, resampleSinc } from '../src/audio/resample.js';
import { resampleSoxr } from '../src/audio/soxr-resampler.js';
import { resampleSpeex } from '../src/audio/speex-resampler.js';

const SOURCE_RATE = 22050;
const TARGET_RATE = 44100;
const DURATIONS_SEC = [10, 100];
const RUNS = 3;

/** A 140 Hz harmonic tone with a slow pitch wobble and a little noise: shaped roughly like a voice. */
function speechLike(seconds: number): PcmAudio {
  const samples = new Float32Array(seconds * SOURCE_RATE);
  let phase = 0;
  let seed = 1;
  for (let i = 0; i < samples.length; i++) {
    const f0 = 140 * (1 + 0.1 * Math.sin((2 * Math.PI * 0.5 * i) / SOURCE_RATE));
    phase += (2 * Math.PI * f0) / SOURCE_RATE;
    let v = 0;
    for (let k = 1; k <= 20; k++) v += Math.sin(k * phase) / k;
    seed = (seed * 1103515245 + 12345) >>> 0;
    samples[i] = 0.25 * v + 0.01 * (seed / 2 ** 32 - 0.5);
  }
  return { sampleRate: SOURCE_RATE, samples };
}

/**
 * CPU time (ms) this process and its finished children (ffmpeg) have used. Children's time comes
 * from /proc/self/stat (fields cutime and cstime, in 1/100 s ticks), so it is Linux-only; elsewhere
 * only this process counts. CPU time is steadier than wall time on a shared machine.
 */
function cpuMs(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    children = 0;
  }
  return (own.user + own.system) / 1000 + children;
}

/** Best wall and best CPU time over `RUNS` runs, in ms: the least disturbed by whatever else runs. */
async function measure(task: () => Promise<unknown> | unknown): Promise<{ wallMs: number; cpuMs: number }> {
  let wallMs = Number.POSITIVE_INFINITY;
  let bestCpu = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const cpuStart = cpuMs();
    const start = performance.now();
    await task();
    wallMs = Math.min(wallMs, performance.now() - start);
    bestCpu = Math.min(bestCpu, cpuMs() - cpuStart);
  }
  return { wallMs, cpuMs: bestCpu };
}

const cell = (text: string, width: number): string => text.padStart(width);
const timing = (t: { wallMs: number; cpuMs: number }): string =>
  `${t.wallMs.toFixed(0)} / ${t.cpuMs.toFixed(0)}`;

const inputs = DURATIONS_SEC.map((seconds) => speechLike(seconds));
console.log(`Encode cost, ${SOURCE_RATE} Hz mono in, ${TARGET_RATE} Hz out; best of ${RUNS} runs.`);
console.log(
  'Each cell: wall ms / CPU ms (this process with its worker threads + ffmpeg), and the output size.\n',
);
console.log(`${'format'.padEnd(12)}${DURATIONS_SEC.map((s) => cell(`${s} s of audio`, 28)).join('')}`);
/** Each row: a label and the options that select the path (MP3 twice: the new path and the old one). */
const rows: Array<[string, Omit<EncodeAudioOptions, 'sampleRate'>]> = AUDIO_FORMATS.flatMap(
  (format): Array<[string, Omit<EncodeAudioOptions, 'sampleRate'>]> =>
    format === 'MP3'
      ? [
          ['MP3 wasm', { format }],
          ['MP3 ffmpeg', { format, mp3Encoder: 'ffmpeg' }],
        ]
      : [[format, { format }]],
);
for (const [label, options] of rows) {
  const cells: string[] = [];
  for (const pcm of inputs) {
    let bytes = 0;
    const t = await measure(async () => {
      bytes = (await encodeAudio(pcm, { ...options, sampleRate: TARGET_RATE })).data.length;
    });
    cells.push(cell(`${timing(t)} ms, ${(bytes / 1024).toFixed(0)} KiB`, 28));
  }
  console.log(`${label.padEnd(12)}${cells.join('')}`);
}

/** `resample`'s output length at TARGET_RATE, which the two module resamplers take as given. */
const targetLength = (pcm: PcmAudio) => Math.ceil((pcm.samples.length * TARGET_RATE) / pcm.sampleRate);
/** Each resampler alone; null where it cannot load here. */
const resamplers: [string, string, (pcm: PcmAudio) => Float32Array | null][] = [
  ['rs. soxr', 'libsoxr, native: what `resample` uses where it loads', (pcm) =>
    resampleSoxr(pcm.samples, pcm.sampleRate, TARGET_RATE, targetLength(pcm))],
  ['rs. speex', 'Speex in WebAssembly (fallback)', (pcm) =>
    resampleSpeex(pcm.samples, pcm.sampleRate, TARGET_RATE, targetLength(pcm))],
  ['rs. sinc', 'the TypeScript sinc (last fallback)', (pcm) => resampleSinc(pcm, TARGET_RATE).samples],
];
for (const [label, what, run] of resamplers) {
  if (run(speechLike(1)) === null) {
    console.log(`${label.padEnd(12)}(not loadable here)`);
    continue;
  }
  const cells: string[] = [];
  for (const pcm of inputs) cells.push(cell(`${timing(await measure(() => run(pcm)))} ms`, 28));
  console.log(`${label.padEnd(12)}${cells.join('')}   (${what})`);
}
// A typical speech request: a sentence or a paragraph, MP3 at 24 kHz and 64 kbit/s.
console.log('\nMP3 at 24 kHz, 64 kbit/s (the shape of a typical speech request):');
for (const seconds of [2, 10]) {
  const pcm = speechLike(seconds);
  const cells: string[] = [];
  for (const mp3Encoder of ['in-process', 'ffmpeg'] as const) {
    const t = await measure(() =>
      encodeAudio(pcm, { format: 'MP3', sampleRate: 24000, bitRate: 64000, mp3Encoder }),
    );
    cells.push(`${mp3Encoder} ${timing(t)} ms`);
  }
  console.log(`  ${String(seconds).padStart(3)} s: ${cells.join(', ')}`);
}
/** LAME alone on this thread, at 24 kHz and 64 kbit/s: libmp3lame and the WebAssembly build (same bytes). */
const lameAlone: [string, Mp3Encoder | null][] = [
  ['native', createNativeMp3Encoder()],
  ['WebAssembly', await createWasmMp3Encoder()],
];
const tenSeconds = resample(speechLike(10), 24000).samples;
const lameCells: string[] = [];
for (const [label, encoder] of lameAlone) {
  if (!encoder) {
    lameCells.push(`${label}: not loadable here`);
    continue;
  }
  const t = await measure(() => {
    encoder.configure({ channels: 1, sampleRate: 24000, bitrate: 64, outputSampleRate: 24000 });
    encoder.encode([tenSeconds]);
    encoder.finalize();
  });
  lameCells.push(`${label} ${timing(t)} ms`);
}
console.log(`  LAME alone, 10 s, this thread: ${lameCells.join(', ')}`);

const twoMinutes = speechLike(120);
const twoMinuteCells: string[] = [];
for (const [label, , run] of resamplers) {
  if (run(speechLike(1)) !== null) twoMinuteCells.push(`${label.slice(4)} ${timing(await measure(() => run(twoMinutes)))} ms`);
}
console.log(`\nResampling 2 min, ${SOURCE_RATE} -> ${TARGET_RATE} Hz: ${twoMinuteCells.join(', ')}`);

const startup = await measure(() => runFfmpeg('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-version']));
console.log(`ffmpeg start-up alone (ffmpeg -version, same spawn path): ${timing(startup)} ms`);
