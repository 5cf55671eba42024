/**
 * The prepared Kokoro model's in-model pitch factor (`voicelib_pitch`, kokoro/prepare.ts) at several
 * values: per voice and factor, the median F0 (median over Harvard sentences 1-4) and the NISQA
 * median of those four clips. The figures in docs/voices.md ("Voices on Kokoro") come from it.
 *
 *   npm run build && VOICES=af_heart,am_michael FACTORS=0.7,1,1.4 node dist/bench/kokoro-pitch.js
 */
import { createKokoroEngine } from '../src/speech/engines/kokoro/index.js';
import { measureTraits } from '../src/audio/analysis/voice/measure.js';
import { nisqaScores, median } from './nisqa.js';
import { SENTENCES } from './common.js';
import { engineModelFolders } from './setup.js';

const engine = createKokoroEngine({ modelFolders: engineModelFolders() });
const voices = (process.env['VOICES'] ?? 'af_heart,am_michael,bf_emma,bm_george').split(',');
const factors = (process.env['FACTORS'] ?? '0.84,0.92,1,1.09,1.19').split(',').map(Number);
console.log((await engine.model())?.file);
for (const voice of voices) {
  const row: string[] = [];
  for (const pitch of factors) {
    const clips = [];
    const f0: number[] = [];
    for (const text of SENTENCES.slice(0, 4)) {
      const { audio } = await engine.synthesize({ text, language: voice.startsWith('b') ? 'en-GB' : 'en-US', voice: { id: voice, params: { pitch } }, speed: 1, variation: 0.5 });
      clips.push(audio);
      f0.push(measureTraits(audio, { transcript: text, language: 'en-US' }).pitchHz);
    }
    const scores = await nisqaScores(clips);
    row.push(`${pitch}: F0 ${median(f0).toFixed(0)} NISQA ${median(scores).toFixed(2)}`);
  }
  console.log(voice, row.join(' | '));
}
await engine.close();
