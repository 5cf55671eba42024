import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AUDIO_FORMAT_INFO,
  AUDIO_FORMATS,
  type AudioFormat,
  encodeAudio,
  SAMPLE_RATES,
} from '../../src/audio/encode.js';
import { decodeWav } from '../../src/audio/wav.js';
import { AppError } from '../../src/errors.js';
import { ffmpegDecodeMany, type ProbeReport, probe } from './media-tools.js';
import { harmonicVoice, noise } from './signals.js';

/** What an engine hands the encoder: 1.5 s of a 22.05 kHz voice-like sound with some noise. */
const SOURCE_RATE = 22050;
const SECONDS = 1.5;
const voice = harmonicVoice(SOURCE_RATE, 140, SECONDS, 0.4);
const hiss = noise(SOURCE_RATE, SECONDS, 0.05);
const source = { sampleRate: SOURCE_RATE, samples: voice.samples.map((v, i) => v + hiss.samples[i]!) };

const EXPECTED_CODEC: Record<AudioFormat, string> = {
  MP3: 'mp3',
  OGG_OPUS: 'opus',
  FLAC: 'flac',
  WAV: 'pcm_s16le',
  LINEAR16: 'pcm_s16le',
  PCM: 'pcm_s16le',
  ALAW: 'pcm_alaw',
  MULAW: 'pcm_mulaw',
};

/** Runs `task` over `items` with at most `limit` at a time (ffmpeg and ffprobe each take a core). */
async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Reads the OpusHead input sample rate from the first Ogg page (RFC 7845: byte 12 of the packet). */
function opusHeadInputRate(ogg: Buffer): number {
  const at = ogg.indexOf('OpusHead');
  assert.ok(at > 0, 'OpusHead packet present');
  return ogg.readUInt32LE(at + 12);
}

/**
 * Bitrate asked for per rate, [requested, expected]: MP3 is CBR and must match exactly, except that
 * lame tops out at 64 kbit/s at 8 kHz (MPEG-2.5) and 160 kbit/s at 16-24 kHz (MPEG-2).
 */
const MP3_BIT_RATES: Record<number, [number, number]> = {
  8000: [320000, 64000],
  16000: [32000, 32000],
  22050: [64000, 64000],
  24000: [192000, 160000],
  32000: [96000, 96000],
  44100: [192000, 192000],
  48000: [320000, 320000],
};
const OPUS_BIT_RATES: Record<number, number> = {
  8000: 32000,
  16000: 32000,
  22050: 48000,
  24000: 48000,
  32000: 64000,
  44100: 96000,
  48000: 128000,
};

describe('encodeAudio: every format at every sample rate, checked by ffprobe', () => {
  const cases = AUDIO_FORMATS.flatMap((format) => SAMPLE_RATES.map((sampleRate) => ({ format, sampleRate })));
  let reports: Array<{ format: AudioFormat; sampleRate: number; data: Buffer; report: ProbeReport }> = [];

  test('encodes and probes all combinations', async () => {
    reports = await mapLimited(cases, 3, async ({ format, sampleRate }) => {
      const bitRate =
        format === 'MP3'
          ? MP3_BIT_RATES[sampleRate]![0]
          : format === 'OGG_OPUS'
            ? OPUS_BIT_RATES[sampleRate]
            : undefined;
      const encoded = await encodeAudio(source, { format, sampleRate, bitRate });
      assert.equal(encoded.mimeType, AUDIO_FORMAT_INFO[format].mimeType);
      // Headerless PCM has to be described to ffprobe; everything else must be recognised on its own.
      const rawInput = ['-f', 's16le', '-ar', String(sampleRate), '-ac', '1'];
      const report = await probe(encoded.data, encoded.extension, format === 'PCM' ? rawInput : []);
      return { format, sampleRate, data: encoded.data, report };
    });
    assert.equal(reports.length, AUDIO_FORMATS.length * SAMPLE_RATES.length);
  });

  test('codec, channels, sample rate and duration are what was asked for', () => {
    assert.ok(reports.length > 0, 'the encoding test ran first');
    for (const { format, sampleRate, report } of reports) {
      const label = `${format} @ ${sampleRate}`;
      assert.equal(report.stream.codec_name, EXPECTED_CODEC[format], label);
      assert.equal(report.stream.channels, 1, label);
      // Opus always decodes at 48 kHz, and ffprobe reports that rate whatever the input rate was.
      assert.equal(Number(report.stream.sample_rate), format === 'OGG_OPUS' ? 48000 : sampleRate, label);
      // ffprobe's MP3 duration includes lame's delay and padding; start_time is the part decoders skip.
      const skipped = format === 'MP3' ? Number(report.stream.start_time) : 0;
      const duration = Number(report.format.duration) - skipped;
      assert.ok(Math.abs(duration - SECONDS) <= 0.06, `${label}: duration ${duration} s`);
    }
  });

  test('PCM is 2 bytes per sample; G.711 is 1 byte per sample plus a header', () => {
    for (const { format, sampleRate, data } of reports) {
      const samples = Math.ceil((SECONDS * SOURCE_RATE * sampleRate) / SOURCE_RATE);
      if (format === 'PCM') assert.equal(data.length, 2 * samples, `PCM @ ${sampleRate}`);
      if (format === 'ALAW' || format === 'MULAW') {
        assert.equal(decodeWav(data).samples.length, samples, `${format} @ ${sampleRate}`);
      }
    }
  });

  test('MP3 bitrates are honoured (or clamped to the MPEG ceiling); Opus lands within 15%', () => {
    let checked = 0;
    for (const { format, sampleRate, report } of reports) {
      if (format === 'MP3') {
        const expected = MP3_BIT_RATES[sampleRate]![1];
        assert.equal(Number(report.stream.bit_rate), expected, `MP3 @ ${sampleRate}`);
        // The whole file adds only the Info frame on top of the CBR frames.
        assert.ok(Math.abs(Number(report.format.bit_rate) / expected - 1) < 0.05, `MP3 file @ ${sampleRate}`);
        checked++;
      }
      if (format === 'OGG_OPUS') {
        const requested = OPUS_BIT_RATES[sampleRate]!;
        const measured = Number(report.format.bit_rate);
        assert.ok(
          Math.abs(measured / requested - 1) < 0.15,
          `Opus @ ${sampleRate}: ${measured} for ${requested}`,
        );
        checked++;
      }
    }
    assert.equal(checked, 2 * SAMPLE_RATES.length);
  });

  test('Ogg Opus keeps the requested rate as the header input rate', () => {
    for (const { format, sampleRate, data } of reports) {
      if (format === 'OGG_OPUS') assert.equal(opusHeadInputRate(data), sampleRate);
    }
  });
});

describe('encodeAudio: exact lengths through the real ffmpeg', () => {
  test('MP3 at 8000/22050/44100 Hz (and a padded 45 ms clip) decodes to exactly the input length; FLAC is lossless', async () => {
    const mp3Rates = [8000, 22050, 44100];
    // 1000 samples give 1089 at 24 kHz, under one frame's worth, so the encoder pads them with silence.
    const tiny = { sampleRate: SOURCE_RATE, samples: source.samples.subarray(0, 1000) };
    const files = await Promise.all([
      ...mp3Rates.map((sampleRate) => encodeAudio(source, { format: 'MP3', sampleRate })),
      encodeAudio(tiny, { format: 'MP3', sampleRate: 24000 }),
      encodeAudio(source, { format: 'FLAC', sampleRate: SOURCE_RATE }),
    ]);
    const decoded = await ffmpegDecodeMany(files.map((f) => ({ data: f.data, extension: f.extension })));
    mp3Rates.forEach((sampleRate, i) => {
      // The Info/LAME frame tells decoders how much encoder delay and padding to drop.
      const expected = Math.ceil((source.samples.length * sampleRate) / SOURCE_RATE);
      assert.equal(decoded[i]!.length, expected, `MP3 @ ${sampleRate}`);
    });
    assert.equal(decoded[mp3Rates.length]!.length, Math.ceil((1000 * 24000) / SOURCE_RATE), 'padded MP3');
    const { data: wav } = await encodeAudio(source, { format: 'WAV', sampleRate: SOURCE_RATE });
    const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    assert.deepEqual(decoded[mp3Rates.length + 1], pcm, 'FLAC decodes to the 16-bit input');
  });
});

describe('encodeAudio: failures', () => {
  test('a missing ffmpeg is a retryable provider_error without details in the message', async () => {
    const error = await encodeAudio(source, {
      format: 'MP3',
      sampleRate: 24000,
      ffmpegPath: '/nonexistent/ffmpeg',
      mp3Encoder: 'ffmpeg',
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof AppError);
    assert.equal(error.code, 'provider_error');
    assert.equal(error.status, 502);
    assert.equal(error.retryable, true);
    assert.doesNotMatch(error.message, /nonexistent|ENOENT/);
    assert.match(String(error.cause), /nonexistent/);
  });

  test('an ffmpeg that fails is a provider_error with its exit code in the cause', async () => {
    await assert.rejects(
      encodeAudio(source, { format: 'FLAC', sampleRate: 24000, ffmpegPath: 'false' }),
      (e: unknown) => {
        assert.ok(e instanceof AppError && e.code === 'provider_error');
        assert.match(String(e.cause), /exited with code 1/);
        return true;
      },
    );
  });

  test('an unsupported sample rate is rejected before any work', async () => {
    await assert.rejects(encodeAudio(source, { format: 'WAV', sampleRate: 11025 }), {
      code: 'validation_error',
    });
  });
});
