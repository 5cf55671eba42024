import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EngineRegistry } from '../../src/speech/engine-registry.js';
import type { SpeechEngine, WordTiming } from '../../src/speech/engine.js';
import { createEspeakEngine } from '../../src/speech/engines/espeak-ng/index.js';
import { type SpeakRequest, SpeechPipeline } from '../../src/speech/pipeline.js';

const voice: SpeakRequest['voice'] = {
  language: 'en-US',
  engines: { 'espeak-ng': { id: 'en-US' } },
  defaultSpeed: 1,
  defaultVariation: 0.5,
};
const NUMBERS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** Twelve sentences, ~970 characters: more than espeak-ng's 400-character batch for each of two workers. */
const TEXT = NUMBERS.map((n) => `Sentence ${n} tells a short story about a river, a bridge and a town by the sea.`).join(' ');

async function collect(pipeline: SpeechPipeline, whole: boolean) {
  const utterance = await pipeline.open({ segments: [{ kind: 'speech', text: TEXT, emotion: null }], voice, model: 'v-lite' }, undefined, { whole });
  const words: WordTiming[] = [];
  let samples = 0;
  let rate = 0;
  let chunks = 0;
  for await (const chunk of utterance.chunks) {
    chunks += 1;
    words.push(...chunk.words);
    samples += chunk.audio.samples.length;
    rate = chunk.audio.sampleRate;
  }
  return { words, seconds: samples / rate, chunks };
}

/**
 * An answer wanted whole (the JSON route's jobs) from an engine with two workers goes as two even
 * pieces said at once; streamed, the same text goes sentence batch by batch, one call at a time.
 * Both must say the same words with the same sentence gaps.
 */
describe('the pipeline: an answer wanted whole, on an engine that runs two calls at once', () => {
  let engine: SpeechEngine;
  before(() => {
    engine = createEspeakEngine({ threads: 2 });
  });
  after(() => engine.close());

  test('two pieces at once, the same words and sentence gaps as sentence by sentence', async () => {
    assert.equal(engine.info.concurrentCalls, 2);
    // A registry stand-in that offers the one engine this suite started, noting when calls start and end.
    const events: string[] = [];
    let call = 0;
    const noting: SpeechEngine = {
      ...engine,
      synthesize: async (input) => {
        const n = ++call;
        events.push(`start ${n}`);
        try {
          return await engine.synthesize(input);
        } finally {
          events.push(`end ${n}`);
        }
      },
    };
    const registry = { available: async () => [noting] } as unknown as EngineRegistry;
    const calls: number[] = [];
    const pipeline = new SpeechPipeline(registry, undefined, (_engine, _seconds, audioSeconds) => calls.push(audioSeconds));
    const streamed = await collect(pipeline, false);
    const streamedCalls = calls.splice(0).length;
    assert.deepEqual(events.slice(0, 3), ['start 1', 'end 1', 'start 2'], 'streamed: one call at a time');
    events.length = 0;
    const whole = await collect(pipeline, true);
    assert.deepEqual(events.slice(0, 2), [`start ${streamedCalls + 1}`, `start ${streamedCalls + 2}`], 'whole: both pieces at once');
    assert.equal(calls.length, 2, `two engine calls for the whole answer (${streamedCalls} streamed)`);
    assert.ok(streamedCalls >= 3, `streamed: the first sentence alone, then batches (${streamedCalls} calls)`);
    assert.ok(Math.abs(calls[0]! - calls[1]!) / Math.max(...calls) < 0.25, `even pieces: ${calls.map((s) => s.toFixed(1))} s`);
    assert.equal(whole.chunks, 2);

    assert.deepEqual(
      whole.words.map((w) => w.word),
      streamed.words.map((w) => w.word),
    );
    assert.ok(Math.abs(whole.seconds / streamed.seconds - 1) < 0.02, `${whole.seconds} s whole vs ${streamed.seconds} s streamed`);
    // Every sentence end, the one between the two pieces included, is followed by the sentence gap.
    const gaps = whole.words.slice(0, -1).flatMap((w, i) => (w.word.endsWith('.') ? [whole.words[i + 1]!.start - w.end] : []));
    assert.equal(gaps.length, NUMBERS.length - 1);
    for (const gap of gaps) assert.ok(gap > 0.2, `sentence gaps ${gaps.map((g) => g.toFixed(2))}`);
    // In order and never overlapping.
    whole.words.forEach((w, i) => assert.ok(i === 0 || w.start >= whole.words[i - 1]!.end - 1e-6, `word ${i} in order`));
  });
});
