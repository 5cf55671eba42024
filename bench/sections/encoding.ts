import { AUDIO_FORMATS, encodeAudio } from '../../src/audio/encode.js';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { errorText, fmt, seconds, section, table } from '../common.js';

/** 3. Encoding cost per output format for ~10 s of espeak-ng speech. */
export async function encoding(speech: PcmAudio | undefined): Promise<void> {
  section('3. Encoding cost per format, ~10 s of speech');
  const RUNS = 3;
  let pcm: PcmAudio;
  if (speech && seconds(speech) >= 10) {
    pcm = { sampleRate: speech.sampleRate, samples: speech.samples.slice(0, 10 * speech.sampleRate) };
  } else {
    pcm = speech ?? { sampleRate: 22050, samples: new Float32Array(10 * 22050) };
  }
  console.log(
    `${fmt(seconds(pcm), 1)} s of espeak-ng speech at ${pcm.sampleRate} Hz, encoded at 24 kHz (the API default, so ` +
      `every format also resamples) and at 44.1 kHz; best of ${RUNS} runs, wall ms (CPU of this process ` +
      'incl. worker threads; ffmpeg children not counted here, see bench/encode.ts).\n',
  );
  const rows: string[][] = [];
  for (const format of AUDIO_FORMATS) {
    const cells: string[] = [format];
    for (const sampleRate of [24000, 44100]) {
      let best = Number.POSITIVE_INFINITY;
      let bestCpu = Number.POSITIVE_INFINITY;
      let bytes = 0;
      try {
        for (let i = 0; i < RUNS; i++) {
          const cpu = process.cpuUsage();
          const started = performance.now();
          bytes = (await encodeAudio(pcm, { format, sampleRate })).data.length;
          best = Math.min(best, performance.now() - started);
          const used = process.cpuUsage(cpu);
          bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
        }
        cells.push(`${fmt(best)} ms (${fmt(bestCpu)})`, `${fmt(bytes / 1024)} KiB`);
      } catch (error) {
        cells.push(`failed: ${errorText(error, 30)}`, '-');
      }
    }
    rows.push(cells);
  }
  table(['format', '24 kHz wall (cpu)', 'size', '44.1 kHz wall (cpu)', 'size'], rows);
}
