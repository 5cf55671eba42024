import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ffprobe, parseDataUri } from '../helpers/audio.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

const VOICE = presetFor('en-US');
const RATES = [8000, 16000, 22050, 24000, 32000, 44100, 48000];
const FORMATS: Array<{ format: string; mime: string; codec: string; raw?: boolean }> = [
  { format: 'MP3', mime: 'audio/mpeg', codec: 'mp3' },
  { format: 'WAV', mime: 'audio/wav', codec: 'pcm_s16le' },
  { format: 'FLAC', mime: 'audio/flac', codec: 'flac' },
  { format: 'OGG_OPUS', mime: 'audio/ogg', codec: 'opus' },
  { format: 'LINEAR16', mime: 'audio/wav', codec: 'pcm_s16le' },
  { format: 'PCM', mime: 'audio/pcm', codec: 'pcm_s16le', raw: true },
  { format: 'ALAW', mime: 'audio/wav', codec: 'pcm_alaw' },
  { format: 'MULAW', mime: 'audio/wav', codec: 'pcm_mulaw' },
];

describe('output formats through POST /tts, checked with ffprobe', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000', QUEUE_CONCURRENCY: '2' });
    account = await server.createAccount('pro', 100_000);
  });
  after(() => server.close());

  /** The hosted copy of a generation, once it is stored: the spooled file, uploaded. */
  async function storedAudio(id: string): Promise<Buffer> {
    for (let i = 0; i < 200; i++) {
      const g = await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key });
      if (g.body.audio_url) return Buffer.from(await (await fetch(g.body.audio_url)).arrayBuffer());
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${id} was never stored`);
  }

  for (const { format, mime, codec, raw } of FORMATS) {
    test(`${format} at every sample rate; the hosted file is the answer's, byte for byte`, async () => {
      const answers: Array<[string, Buffer, number]> = [];
      for (const rate of RATES) {
        const res = await server.request('POST', '/api/v1/tts', {
          key: account.api_key,
          body: { text: 'Testing one two three.', voice: VOICE.id, format, sample_rate: rate },
        });
        assert.equal(res.status, 200, `${format}@${rate}: ${res.text}`);
        assert.equal(res.body.format, format);
        const { mime: got, data } = parseDataUri(res.body.audio_base64);
        assert.equal(got, mime, `${format} MIME`);
        const probe = await ffprobe(data, raw ? ['-f', 's16le', '-ar', String(rate), '-ac', '1'] : []);
        const stream = probe.streams[0]!;
        assert.equal(stream.codec_name, codec, `${format}@${rate}`);
        assert.equal(stream.channels, 1);
        // Opus always decodes at 48 kHz (RFC 7845); the requested rate is kept in its header.
        assert.equal(Number(stream.sample_rate), format === 'OGG_OPUS' ? 48000 : rate, `${format}@${rate} rate`);
        const duration = Number(probe.format.duration ?? stream.duration);
        assert.ok(duration > 0.5 && duration < 5, `${format}@${rate} duration ${duration}`);
        if (raw) assert.equal(data.length % 2, 0);
        answers.push([res.body.id, data, rate]);
      }
      // The job spools the file while it is encoded and writes its header last (docs/reliability.md, F14).
      for (const [id, data, rate] of answers) {
        assert.ok((await storedAudio(id)).equals(data), `${format}@${rate}: the stored file is the answer`);
      }
    });
  }

  test('bit_rate applies to MP3 and OGG_OPUS and is ignored elsewhere', async () => {
    const text = 'A somewhat longer sentence, so that the average bit rate settles near its target value.';
    const sizes: Record<string, number> = {};
    for (const [format, bitRate] of [
      ['MP3', 32000],
      ['MP3', 192000],
      ['OGG_OPUS', 32000],
      ['OGG_OPUS', 128000],
    ] as const) {
      const res = await server.request('POST', '/api/v1/tts', {
        key: account.api_key,
        body: { text, voice: VOICE.id, format, bit_rate: bitRate, sample_rate: 48000 },
      });
      assert.equal(res.status, 200, res.text);
      const { data } = parseDataUri(res.body.audio_base64);
      const probe = await ffprobe(data);
      const measured = (data.length * 8) / Number(probe.format.duration);
      assert.ok(measured > bitRate * 0.6 && measured < bitRate * 1.4, `${format} ${bitRate}: ${measured}`);
      sizes[`${format}${bitRate}`] = data.length;
    }
    assert.ok(sizes['MP3192000']! > sizes['MP332000']! * 3);
    const wavA = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Same size.', voice: VOICE.id, format: 'WAV', bit_rate: 32000 },
    });
    const wavB = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { text: 'Same size.', voice: VOICE.id, format: 'WAV', bit_rate: 320000 },
    });
    assert.equal(parseDataUri(wavA.body.audio_base64).data.length, parseDataUri(wavB.body.audio_base64).data.length);
  });
});
