import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AUDIO_FORMATS, type AudioFormat } from '../../src/audio/encode.js';
import type { PcmAudio } from '../../src/audio/pcm.js';
import { openFileEncoder, openStreamEncoder } from '../../src/audio/stream-encode.js';
import { ffmpegDecodeMany, probe } from './media-tools.js';
import { harmonicVoice } from './signals.js';

/** Three "sentences" of a voice-like sound at an engine's rate, each ending in 0.2 s of silence. */
const RATE = 22050;
const sentences: PcmAudio[] = [0.8, 1.1, 0.6].map((seconds, i) => {
  const voice = harmonicVoice(RATE, 120 + 20 * i, seconds, 0.4).samples;
  const samples = new Float32Array(voice.length + Math.round(0.2 * RATE));
  samples.set(voice);
  return { sampleRate: RATE, samples };
});
const inputSeconds = sentences.reduce((s, c) => s + c.samples.length, 0) / RATE;

const CODEC: Record<AudioFormat, string> = {
  MP3: 'mp3',
  OGG_OPUS: 'opus',
  FLAC: 'flac',
  WAV: 'pcm_s16le',
  LINEAR16: 'pcm_s16le',
  PCM: 'pcm_s16le',
  ALAW: 'pcm_alaw',
  MULAW: 'pcm_mulaw',
};

/**
 * Streams the sentences through an encoder. Before the last sentence is written it waits for
 * audio bytes (beyond any header) to come out: an encoder that only wrote at the end would hang
 * here (the test's timeout), whatever the machine's speed.
 */
async function stream(format: AudioFormat, sampleRate = 24000) {
  const pieces: Buffer[] = [];
  let notify: () => void = () => {};
  const encoder = await openStreamEncoder({ format, sampleRate }, (bytes) => {
    pieces.push(bytes);
    notify();
  });
  // More than any header (WAV 44-46 bytes, Ogg's OpusHead and OpusTags pages ~130 bytes).
  const headerBytes = 200;
  const bytesOut = () => pieces.reduce((n, p) => n + p.length, 0);
  await encoder.write(sentences[0]!);
  await encoder.write(sentences[1]!);
  while (bytesOut() <= headerBytes) await new Promise<void>((resolve) => (notify = resolve));
  const beforeEnd = bytesOut();
  await encoder.write(sentences[2]!);
  await encoder.end();
  return { data: Buffer.concat(pieces), beforeEnd, encoder };
}

describe('streaming encoders', () => {
  for (const format of AUDIO_FORMATS) {
    test(`${format}: bytes come out before the end, and the stream decodes to the whole audio`, async () => {
      const { data, beforeEnd, encoder } = await stream(format);
      assert.ok(beforeEnd < data.length, 'more bytes followed the last sentence');
      const inputArgs = format === 'PCM' ? ['-f', 's16le', '-ar', '24000', '-ac', '1'] : [];
      const report = await probe(data, encoder.extension, inputArgs);
      assert.equal(report.stream.codec_name, CODEC[format]);
      const [decoded] = await ffmpegDecodeMany([
        { data: format === 'PCM' ? wrapRaw(data) : data, extension: format === 'PCM' ? 'wav' : encoder.extension },
      ]);
      const decodedRate = format === 'OGG_OPUS' ? 48000 : 24000;
      const seconds = decoded!.length / decodedRate;
      // Stream MP3 keeps LAME's delay (~0.05 s) and pads the last frame; the others are exact to a frame.
      assert.ok(Math.abs(seconds - inputSeconds) < 0.12, `${seconds} s decoded for ${inputSeconds} s in`);
    });
  }

  test('WAV-family streams carry "unknown length" sizes and no fact chunk', async () => {
    const { data } = await stream('MULAW', 8000);
    assert.equal(data.readUInt32LE(4), 0xffffffff);
    assert.equal(data.toString('latin1', 0, 4), 'RIFF');
    assert.ok(!data.includes(Buffer.from('fact')), 'no fact chunk');
    const dataAt = data.indexOf(Buffer.from('data'));
    assert.equal(data.readUInt32LE(dataAt + 4), 0xffffffff);
    // One byte per sample after the header: every input sample is there (per-chunk rounding adds ≤ 1 each).
    const samples = data.length - dataAt - 8;
    const expected = sentences.reduce((n, s) => n + Math.ceil((s.samples.length * 8000) / RATE), 0);
    assert.equal(samples, expected);
  });

  test('the file encoder gives an MP3 with its Info frame that decodes to exactly the input length', async () => {
    const encoder = await openFileEncoder({ format: 'MP3', sampleRate: 24000 });
    for (const sentence of sentences) await encoder.write(sentence);
    const file = await encoder.finish();
    assert.ok(file.data.includes(Buffer.from('Info')), 'Info frame present');
    const [decoded] = await ffmpegDecodeMany([{ data: file.data, extension: 'mp3' }]);
    const expected = sentences.reduce((n, s) => n + Math.ceil((s.samples.length * 24000) / RATE), 0);
    assert.equal(decoded!.length, expected);
  });

  test('the file encoder hands out every byte but its head as it encodes; the head fills the room it announced', async () => {
    const short: PcmAudio = { sampleRate: RATE, samples: sentences[0]!.samples.subarray(0, 701) }; // odd G.711 data
    for (const format of AUDIO_FORMATS) {
      for (const input of [sentences, [short]]) {
        const pieces: Buffer[] = [];
        const encoder = await openFileEncoder({ format, sampleRate: 24000 }, (bytes) => pieces.push(bytes));
        for (const sentence of input) await encoder.write(sentence);
        const file = await encoder.finish();
        assert.equal(file.head.length, encoder.headBytes, `${format}: the head is the size announced`);
        assert.ok(Buffer.concat([file.head, ...pieces]).equals(file.data), `${format}: head + pieces = the file`);
      }
    }
    // MP3's head is an Info frame whose size follows from the rate and bitrate: every pair LAME uses.
    const kbpsAt = (rate: number) =>
      rate >= 32000 ? [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] : [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
    for (const rate of [8000, 16000, 22050, 24000, 32000, 44100, 48000]) {
      for (const kbps of kbpsAt(rate)) {
        const encoder = await openFileEncoder({ format: 'MP3', sampleRate: rate, bitRate: kbps * 1000 }, () => undefined);
        await encoder.write(short);
        const file = await encoder.finish();
        assert.equal(file.head.length, encoder.headBytes, `MP3 ${rate} Hz ${kbps} kbit/s`);
      }
    }
  });
});

/** Headerless s16le → a WAV ffmpeg opens without input options (only for decoding in the test). */
function wrapRaw(raw: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + raw.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(24000, 24);
  header.writeUInt32LE(48000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(raw.length, 40);
  return Buffer.concat([header, raw]);
}
