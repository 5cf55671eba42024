import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeG711, encodeG711 } from '../../src/audio/g711.js';
import { floatsToInt16 } from '../../src/audio/pcm16.js';
import { decodeWav, encodeWav } from '../../src/audio/wav.js';
import { AppError } from '../../src/errors.js';
import { ffmpegDecodeMany, ffmpegMakeFiles } from './media-tools.js';
import { noise, rmsDifference, sine } from './signals.js';

const tone = sine(16000, 440, 0.5, 0.6);

/** Signal-to-noise ratio in dB of `decoded` against `reference`. */
function snrDb(reference: Float32Array, decoded: Float32Array): number {
  let signal = 0;
  for (const v of reference) signal += v * v;
  return 10 * Math.log10(signal / reference.length / rmsDifference(reference, decoded) ** 2);
}

describe('encodeWav / decodeWav round trip', () => {
  test('pcm16 is exact to one 16-bit step and keeps rate and length', () => {
    const wav = encodeWav(tone, { encoding: 'pcm16' });
    assert.equal(wav.length, 44 + 2 * tone.samples.length);
    assert.equal(wav.toString('latin1', 0, 4), 'RIFF');
    assert.equal(wav.readUInt16LE(20), 1); // format tag PCM
    const back = decodeWav(wav);
    assert.equal(back.sampleRate, 16000);
    assert.equal(back.samples.length, tone.samples.length);
    assert.ok(rmsDifference(tone.samples, back.samples) < 1 / 32768);
  });

  for (const [encoding, tag] of [
    ['alaw', 6],
    ['mulaw', 7],
  ] as const) {
    test(`${encoding} writes format tag ${tag}, one byte per sample, and decodes at G.711 quality`, () => {
      const wav = encodeWav(tone, { encoding });
      assert.equal(wav.readUInt16LE(20), tag);
      assert.equal(wav.readUInt16LE(34), 8); // bits per sample
      const back = decodeWav(wav);
      assert.equal(back.samples.length, tone.samples.length);
      // G.711 gives roughly 38 dB SNR on a loud sine; a wrong segment table gives far less.
      assert.ok(snrDb(tone.samples, back.samples) > 33, `SNR ${snrDb(tone.samples, back.samples)}`);
    });
  }

  test('the sampleRate option resamples', () => {
    const back = decodeWav(encodeWav(tone, { encoding: 'pcm16', sampleRate: 8000 }));
    assert.equal(back.sampleRate, 8000);
    assert.equal(back.samples.length, tone.samples.length / 2);
  });

  test('odd-length G.711 data gets a pad byte and still decodes to the right length', () => {
    const odd = { sampleRate: 8000, samples: tone.samples.subarray(0, 101) };
    const wav = encodeWav(odd, { encoding: 'mulaw' });
    assert.equal(wav.length % 2, 0);
    assert.equal(decodeWav(wav).samples.length, 101);
  });
});

describe('G.711 codec', () => {
  test('decoding every byte then re-encoding gives the byte back (both laws)', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const law of ['alaw', 'mulaw'] as const) {
      const linear = decodeG711(bytes, law);
      const again = encodeG711(linear, law);
      for (let i = 0; i < 256; i++) {
        // µ-law has two codes for zero (0x7f and 0xff); both decode to 0, which encodes as 0xff.
        if (law === 'mulaw' && i === 0x7f) continue;
        assert.equal(again[i], i, `${law} byte ${i}`);
      }
    }
  });

  test('known reference values (ITU-T G.711 tables)', () => {
    assert.deepEqual(
      Array.from(decodeG711(Uint8Array.from([0xd5, 0x55, 0x2a, 0xaa]), 'alaw')),
      [8, -8, -32256, 32256],
    );
    assert.deepEqual(
      Array.from(decodeG711(Uint8Array.from([0xff, 0x80, 0x00]), 'mulaw')),
      [0, 32124, -32124],
    );
  });
});

describe('our WAV files through the real ffmpeg', () => {
  test('ffmpeg decodes our pcm16, A-law and µ-law WAVs to exactly the samples our decoder gives', async () => {
    const encodings = ['pcm16', 'alaw', 'mulaw'] as const;
    const wavs = encodings.map((encoding) => encodeWav(tone, { encoding }));
    const decoded = await ffmpegDecodeMany(wavs.map((data) => ({ data, extension: 'wav' })));
    encodings.forEach((encoding, i) => {
      const ours = decodeWav(wavs[i]!).samples;
      const theirs = decoded[i]!;
      assert.equal(theirs.length, ours.length, encoding);
      let mismatches = 0;
      for (let j = 0; j < ours.length; j++) if (ours[j] !== theirs[j]! / 32768) mismatches++;
      assert.equal(mismatches, 0, encoding);
    });
  });
});

describe('decodeWav reads what other tools write', () => {
  const source = noise(22050, 0.3, 0.5, 3);
  const raw = Buffer.from(floatsToInt16(source.samples).buffer);
  const codecs = [
    'pcm_u8',
    'pcm_s16le',
    'pcm_s24le',
    'pcm_s32le',
    'pcm_f32le',
    'pcm_f64le',
    'pcm_alaw',
    'pcm_mulaw',
  ];
  let files: Buffer[] = [];

  test('ffmpeg writes the fixtures (one process)', async () => {
    files = await ffmpegMakeFiles(raw, 22050, [
      ...codecs.map((codec) => ({ args: ['-c:a', codec], file: `${codec}.wav` })),
      // Stereo with the signal on the left and silence on the right.
      { args: ['-af', 'pan=stereo|c0=c0|c1=0*c0', '-c:a', 'pcm_s16le'], file: 'stereo.wav' },
    ]);
    assert.equal(files.length, codecs.length + 1);
  });

  test('8/16/24/32-bit integer, float32/64, A-law and µ-law', () => {
    assert.ok(files.length > 0, 'fixtures were made');
    // ffmpeg writes WAVE_FORMAT_EXTENSIBLE (0xfffe) above 16 bits, so that path is covered too.
    const s24 = files[codecs.indexOf('pcm_s24le')]!;
    assert.equal(s24.readUInt16LE(20), 0xfffe);
    codecs.forEach((codec, i) => {
      const back = decodeWav(files[i]!);
      assert.equal(back.sampleRate, 22050, codec);
      assert.equal(back.samples.length, source.samples.length, codec);
      const tolerance = codec === 'pcm_u8' ? 1 / 128 : codec.endsWith('law') ? 0.01 : 1 / 32768;
      assert.ok(rmsDifference(source.samples, back.samples) < tolerance, codec);
    });
  });

  test('stereo is averaged to mono (signal left, silence right gives half the signal)', () => {
    const stereo = files[codecs.length]!;
    assert.equal(stereo.readUInt16LE(22), 2, 'really two channels');
    const back = decodeWav(stereo);
    assert.equal(back.samples.length, source.samples.length);
    const half = source.samples.map((v) => v / 2);
    assert.ok(rmsDifference(half, back.samples) < 2 / 32768);
  });

  test('garbage is unreadable_audio', () => {
    assert.throws(
      () => decodeWav(Buffer.from('not a wav file at all')),
      (e: unknown) => e instanceof AppError && e.code === 'unreadable_audio' && e.status === 400,
    );
    const noData = encodeWav(tone, { encoding: 'pcm16' }).subarray(0, 36);
    assert.throws(() => decodeWav(noData), { code: 'unreadable_audio' });
  });
});
