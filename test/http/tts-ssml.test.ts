import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeWav } from '../../src/audio/wav.js';
import { intonation, parseDataUri } from '../helpers/audio.js';
import { type Account, type TestServer, startServer } from '../helpers/server.js';
import { presetFor } from '../helpers/voices.js';

/**
 * SSML-like tags do what docs/text.md says in the audio, not only in the parser: through the real
 * server on v-lite (espeak-ng), each tagged text is compared with the same text untagged (or with
 * the words it should be spoken as) in the same test. Margins are far wider than espeak-ng's
 * run-to-run differences (none: it is deterministic) and far narrower than each tag's effect.
 */

const VOICE = presetFor('en-US');
const SENTENCE = 'The quick brown fox jumps over the lazy dog and runs along the river bank.';

describe('SSML-like tags through POST /api/v1/tts (v-lite)', () => {
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: '10000' });
    account = await server.createAccount('pro', 1_000_000);
  });
  after(() => server.close());

  async function speak(text: string) {
    const res = await server.request('POST', '/api/v1/tts', {
      key: account.api_key,
      body: { voice: VOICE.id, model: 'v-lite', text, format: 'WAV', sample_rate: 22050 },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.warnings, [], text);
    const audio = decodeWav(parseDataUri(res.body.audio_base64).data);
    const captions = await server.request('GET', `/api/v1/tts/${res.body.id}/captions?format=json&mode=word`, { key: account.api_key });
    const words = (captions.body.words as Array<{ word: string }>).map((w) => w.word);
    return { audio, seconds: audio.samples.length / audio.sampleRate, words, medianHz: intonation(audio).medianHz };
  }

  const ratio = (a: number, b: number) => `${a.toFixed(3)} / ${b.toFixed(3)} = ${(a / b).toFixed(3)}`;

  test('<prosody rate> makes the same words slower or faster; captions unchanged', async () => {
    const plain = await speak(SENTENCE);
    const slow = await speak(`<prosody rate="slow">${SENTENCE}</prosody>`);
    const fast = await speak(`<prosody rate="x-fast">${SENTENCE}</prosody>`);
    assert.deepEqual(plain.words, SENTENCE.split(' '));
    assert.deepEqual(slow.words, plain.words);
    assert.deepEqual(fast.words, plain.words);
    // slow is 0.8× the rate: 1.25× as long if all of it scaled; pauses and edges make it a little less.
    assert.ok(slow.seconds > 1.12 * plain.seconds, `slow: ${ratio(slow.seconds, plain.seconds)}`);
    assert.ok(fast.seconds < 0.85 * plain.seconds, `x-fast: ${ratio(fast.seconds, plain.seconds)}`);
    // Rate is not pitch.
    assert.ok(Math.abs(Math.log2(slow.medianHz / plain.medianHz) * 12) < 1, `median F0 ${ratio(slow.medianHz, plain.medianHz)}`);
  });

  test('<prosody pitch="+4st"> raises the median F0 by about 4 semitones and keeps the length', async () => {
    const plain = await speak(SENTENCE);
    const high = await speak(`<prosody pitch="+4st">${SENTENCE}</prosody>`);
    const low = await speak(`<prosody pitch="low">${SENTENCE}</prosody>`);
    const semitones = (a: number, b: number) => 12 * Math.log2(a / b);
    const up = semitones(high.medianHz, plain.medianHz);
    assert.ok(up > 2.5 && up < 5.5, `+4st measured ${up.toFixed(2)} st (${ratio(high.medianHz, plain.medianHz)} Hz)`);
    assert.ok(semitones(low.medianHz, plain.medianHz) < -1, `low measured ${semitones(low.medianHz, plain.medianHz).toFixed(2)} st`);
    assert.ok(Math.abs(high.seconds / plain.seconds - 1) < 0.05, `length ${ratio(high.seconds, plain.seconds)}`);
    assert.deepEqual(high.words, plain.words);
  });

  test('<emphasis level="strong"> is slower and higher, as docs/text.md says (0.85× rate, +2 semitones)', async () => {
    const plain = await speak(SENTENCE);
    const strong = await speak(`<emphasis level="strong">${SENTENCE}</emphasis>`);
    const reduced = await speak(`<emphasis level="reduced">${SENTENCE}</emphasis>`);
    assert.deepEqual(strong.words, plain.words);
    assert.ok(strong.seconds > 1.08 * plain.seconds, `strong length ${ratio(strong.seconds, plain.seconds)}`);
    const up = 12 * Math.log2(strong.medianHz / plain.medianHz);
    assert.ok(up > 1 && up < 3.5, `strong: +${up.toFixed(2)} st`);
    assert.ok(reduced.seconds < plain.seconds, `reduced length ${ratio(reduced.seconds, plain.seconds)}`);
    assert.ok(reduced.medianHz < plain.medianHz, `reduced F0 ${ratio(reduced.medianHz, plain.medianHz)}`);
  });

  test('<say-as> and <sub alias>: captions are the written words, the length is that of what is spoken', async () => {
    const cases = [
      // [tagged, written words, the words it is spoken as, the same text untagged]
      ['Dial <say-as interpret-as="digits">10000</say-as> now.', 'Dial 10000 now.', 'Dial one zero zero zero zero now.', 'Dial 10000 now.'],
      ['The <say-as interpret-as="characters">NASA</say-as> team.', 'The NASA team.', 'The N A S A team.', 'The NASA team.'],
      ['The <sub alias="World Wide Web Consortium">W3C</sub> met.', 'The W3C met.', 'The World Wide Web Consortium met.', 'The W3C met.'],
    ] as const;
    for (const [tagged, written, spoken, untagged] of cases) {
      const withTag = await speak(tagged);
      const asSpoken = await speak(spoken);
      const plain = await speak(untagged);
      assert.deepEqual(withTag.words, written.split(' '), tagged);
      assert.ok(Math.abs(withTag.seconds / asSpoken.seconds - 1) < 0.05, `${tagged} vs "${spoken}": ${ratio(withTag.seconds, asSpoken.seconds)}`);
      // The tag changed what was said: the untagged text is read otherwise, and takes another length.
      assert.ok(Math.abs(withTag.seconds / plain.seconds - 1) > 0.1, `${tagged} vs "${untagged}": ${ratio(withTag.seconds, plain.seconds)}`);
    }
  });
});
