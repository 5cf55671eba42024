import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAudio } from '../../src/audio/decode.js';
import { AUDIO_FORMATS, encodeAudio } from '../../src/audio/encode.js';
import {
  createNativeMp3Encoder,
  FAST_QUALITY,
  FAST_QUALITY_MIN_BITS_PER_SAMPLE,
  lameQuality,
  type Mp3Encoder,
} from '../../src/audio/mp3-native.js';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { resample } from '../../src/audio/resample.js';
import { decodeWav } from '../../src/audio/wav.js';
import { errorText, fmt, REF_DIR, seconds, section, table } from '../common.js';
import { median, nisqaScorer, nisqaScores } from '../nisqa.js';

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
  await mp3Quality(pcm);
}

/** Bitrates compared at the API's default rate; 128 kbit/s is the API's default bitrate. */
const MP3_QUALITY_KBPS = [128, 96, 64];
const MP3_QUALITY_RATE = 24_000;

/**
 * The served MP3 encoder (libmp3lame with the quality `lameQuality` picks) against LAME's default
 * quality, same library, same bitrate: CPU per second of audio on `speech`, and NISQA of the
 * quality kit's natural recordings encoded and decoded back (the recordings themselves scored too).
 */
export async function mp3Quality(speech: PcmAudio): Promise<void> {
  const served = createNativeMp3Encoder();
  const lameDefault = createNativeMp3Encoder(() => null);
  if (!served || !lameDefault) {
    console.log('\nMP3 quality setting: skipped, libmp3lame does not load here (the WebAssembly LAME has no setting).');
    return;
  }
  const scorer = nisqaScorer();
  const refs = existsSync(REF_DIR) ? readdirSync(REF_DIR).filter((name) => name.endsWith('.wav')).sort() : [];
  const fastFrom = (MP3_QUALITY_RATE * FAST_QUALITY_MIN_BITS_PER_SAMPLE) / 1000;
  console.log(
    `\nMP3 quality setting, ${MP3_QUALITY_RATE / 1000} kHz: libmp3lame as served (quality ${FAST_QUALITY} from ` +
      `${fastFrom} kbit/s, ${FAST_QUALITY_MIN_BITS_PER_SAMPLE} bits per sample, up; LAME's default 3 below) against ` +
      "LAME's default quality. CPU: this thread, median of 7 runs alternating the two, per second of " +
      `${fmt(seconds(speech))} s of espeak-ng speech. NISQA: the ${refs.length} natural recordings of ${REF_DIR} at ` +
      `${MP3_QUALITY_RATE / 1000} kHz, encoded, decoded by ffmpeg, median (mean).\n`,
  );
  const pcm = resample(speech, MP3_QUALITY_RATE).samples;
  const recordings = refs.map((name) => resample(decodeWav(readFileSync(path.join(REF_DIR, name))), MP3_QUALITY_RATE));
  const canScore = 'script' in scorer && recordings.length > 0;
  const scores = async (clips: PcmAudio[]) => {
    const values = (await nisqaScores(clips)).filter(Number.isFinite);
    return `${fmt(median(values), 2)} (${fmt(values.reduce((sum, v) => sum + v, 0) / values.length, 2)})`;
  };
  const rows: string[][] = [];
  for (const kbps of MP3_QUALITY_KBPS) {
    const cells = [`${kbps}`, `${lameQuality(kbps, MP3_QUALITY_RATE) ?? 'default (3)'}`];
    for (const ms of mp3CpuMs([served, lameDefault], pcm, kbps)) cells.push(`${fmt(ms / seconds(speech), 2)} ms`);
    if (canScore) {
      for (const encoder of [served, lameDefault]) {
        const decoded = await Promise.all(recordings.map((clip) => roundTrip(encoder, clip.samples, kbps)));
        cells.push(await scores(decoded));
      }
    }
    rows.push(cells);
  }
  if (canScore) console.log(`NISQA of the recordings themselves: ${await scores(recordings)}`);
  else console.log(`NISQA columns skipped: ${'missing' in scorer ? scorer.missing : `no recordings at ${REF_DIR}`}`);
  table(
    ['kbit/s', 'served quality', 'served CPU / s', 'default CPU / s', ...(canScore ? ['served NISQA', 'default NISQA'] : [])],
    rows,
  );
}

function mp3Encode(encoder: Mp3Encoder, samples: Float32Array, kbps: number): Buffer {
  encoder.configure({ channels: 1, sampleRate: MP3_QUALITY_RATE, bitrate: kbps, outputSampleRate: MP3_QUALITY_RATE });
  const body = Buffer.from(encoder.encode([samples]));
  return Buffer.concat([body, Buffer.from(encoder.finalize())]);
}

/** Each encoder's CPU for `samples`, median of 7 runs taken in turns. */
function mp3CpuMs(encoders: Mp3Encoder[], samples: Float32Array, kbps: number): number[] {
  const runs = encoders.map((): number[] => []);
  for (let i = 0; i < 7; i++) {
    encoders.forEach((encoder, e) => {
      const cpu = process.cpuUsage();
      mp3Encode(encoder, samples, kbps);
      const used = process.cpuUsage(cpu);
      runs[e]!.push((used.user + used.system) / 1000);
    });
  }
  return runs.map((values) => median(values));
}

async function roundTrip(encoder: Mp3Encoder, samples: Float32Array, kbps: number): Promise<PcmAudio> {
  return (await decodeAudio(mp3Encode(encoder, samples, kbps), { sampleRate: MP3_QUALITY_RATE })).audio;
}
