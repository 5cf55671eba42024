import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { estimatePitch } from '../../src/audio/analysis/index.js';
import { decodeAudio } from '../../src/audio/decode.js';
import { floatsToInt16 } from '../../src/audio/pcm16.js';
import { encodeWav } from '../../src/audio/wav.js';
import { AppError } from '../../src/errors.js';
import { ffmpegMakeFiles } from './media-tools.js';
import { harmonicVoice, seededRandom } from './signals.js';

const RATE = 24000;
const SECONDS = 1.2;
const F0 = 200;
const voice = harmonicVoice(RATE, F0, SECONDS, 0.5);

/** Files as other software makes them: [file name, ffmpeg output options, expected codec, format name part]. */
const FIXTURES = [
  ['voice.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k'], 'mp3', 'mp3'],
  ['voice.ogg', ['-c:a', 'libopus', '-b:a', '48k'], 'opus', 'ogg'],
  ['voice.flac', ['-c:a', 'flac'], 'flac', 'flac'],
  ['voice.m4a', ['-c:a', 'aac', '-b:a', '64k'], 'aac', 'mp4'],
  ['voice.webm', ['-c:a', 'libopus', '-b:a', '48k'], 'opus', 'webm'],
  // Stereo at 44.1 kHz, to check the down-mix and the native rate.
  ['stereo.wav', ['-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le'], 'pcm_s16le', 'wav'],
] as const;

describe('decodeAudio', () => {
  let files: Buffer[] = [];

  test('ffmpeg makes the fixtures', async () => {
    const raw = Buffer.from(floatsToInt16(voice.samples).buffer);
    files = await ffmpegMakeFiles(
      raw,
      RATE,
      FIXTURES.map(([file, args]) => ({ file, args: [...args] })),
    );
    assert.equal(files.length, FIXTURES.length);
  });

  FIXTURES.forEach(([file, , codec, formatPart], index) => {
    if (file === 'stereo.wav') return;
    test(`reads ${file}: codec ${codec}, the right length and the right pitch`, async () => {
      const { audio, info } = await decodeAudio(files[index]!, { sampleRate: 16000 });
      assert.equal(info.codec, codec);
      assert.match(info.formatName, new RegExp(formatPart));
      assert.equal(audio.sampleRate, 16000);
      // Lossy codecs add a few ms of padding (AAC priming, MP3 frames without a LAME tag).
      assert.ok(
        Math.abs(audio.samples.length / 16000 - SECONDS) < 0.08,
        `decoded ${audio.samples.length / 16000} s`,
      );
      assert.ok(Math.abs(info.durationSeconds - SECONDS) < 0.08, `reported ${info.durationSeconds} s`);
      const pitch = estimatePitch(audio);
      assert.ok(Math.abs(pitch.medianHz - F0) / F0 < 0.02, `pitch ${pitch.medianHz}`);
      assert.equal(info.channels, 1);
    });
  });

  test('stereo 44.1 kHz WAV: native rate by default, channels averaged, stops at maxSeconds', async () => {
    const stereo = files[FIXTURES.findIndex(([file]) => file === 'stereo.wav')]!;
    const { audio, info } = await decodeAudio(stereo, { maxSeconds: 0.5 });
    assert.equal(info.channels, 2);
    assert.equal(info.sampleRate, 44100);
    assert.equal(audio.sampleRate, 44100);
    assert.equal(audio.samples.length, 44100 / 2);
    assert.ok(Math.abs(info.durationSeconds - SECONDS) < 0.001, 'info describes the whole file');
    // Both channels hold the same signal, so their average is the signal itself, at full level.
    const pitch = estimatePitch(audio);
    assert.ok(Math.abs(pitch.medianHz - F0) / F0 < 0.02, `pitch ${pitch.medianHz}`);
    const peak = audio.samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    assert.ok(Math.abs(peak - 0.5) < 0.02, `peak ${peak}`);
  });

  test('random bytes and empty input are unreadable_audio', async () => {
    const random = seededRandom(42);
    const garbage = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(random() * 256)));
    for (const input of [garbage, Buffer.alloc(0)]) {
      await assert.rejects(decodeAudio(input), (e: unknown) => {
        assert.ok(e instanceof AppError, String(e));
        assert.equal(e.code, 'unreadable_audio');
        assert.equal(e.status, 400);
        return true;
      });
    }
  });

  test('a missing ffmpeg is a provider_error, not the client’s fault', async () => {
    const wav = encodeWav(voice, { encoding: 'pcm16' });
    await assert.rejects(decodeAudio(wav, { ffmpegPath: '/nonexistent/ffmpeg' }), { code: 'provider_error' });
  });
});
