import type { PcmAudio } from '../../src/audio/pcm.js';
import { engineCounts, fmt, goal, goalTable, LONG, SENTENCES, SHORT, section, table } from '../common.js';
import { median } from '../nisqa.js';
import { type BenchServer, post } from '../setup.js';
import { LONG_RUNS, SHORT_RUNS } from './engines-alone.js';
import { scoreAll } from './per-engine.js';
import { servedTiming } from './request-path.js';

export const MODELS = ['v-pro', 'v-studio', 'v-flash', 'v-lite'] as const;
/** English presets per model: three American, three British, three women and three men. */
const PRESET_COUNT = 6;

interface ListedVoice {
  id: string;
  slug?: string;
  language_code?: string;
  gender?: string;
}

/**
 * English presets from GET /api/v1/voices, as a client would find them, in catalog order: three
 * American (woman, man, woman) and three British (man, woman, man).
 */
export async function englishPresets(bench: BenchServer): Promise<ListedVoice[]> {
  const res = await fetch(`${bench.server.url}/api/v1/voices?type=preset`, {
    headers: { authorization: `Bearer ${bench.key}` },
  });
  if (res.status !== 200) throw new Error(`GET /api/v1/voices: HTTP ${res.status}`);
  const { voices } = (await res.json()) as { voices: ListedVoice[] };
  const picked: ListedVoice[] = [];
  for (const accent of ['en-US', 'en-GB']) {
    const women = voices.filter((v) => v.language_code === accent && v.gender === 'female');
    const men = voices.filter((v) => v.language_code === accent && v.gender === 'male');
    const [first, second] = accent === 'en-US' ? [women, men] : [men, women];
    const alternating = first.flatMap((voice, i) => (second[i] ? [voice, second[i]!] : [voice]));
    picked.push(...alternating.slice(0, PRESET_COUNT / 2));
  }
  return picked;
}

interface ModelFigures {
  model: string;
  engines: string[];
  clips: { from: number; to: number };
  failures: number;
  short: { ms: number; audioSec: number; engine: string };
  long: { ms: number; audioSec: number; engine: string };
}

/** b. Each model as served: naturalness over English presets, request latency and RTF. */
export async function perModel(bench: BenchServer): Promise<void> {
  section('b. Per model as served: POST /api/v1/tts naturalness, latency and RTF');
  const presets = await englishPresets(bench);
  console.log(
    `Real server in-process (MODELS_SEARCH_PATH = the test weights + ../shared/models). Naturalness: NISQA-TTS ` +
      `median over ${presets.length} English presets from GET /api/v1/voices (${presets.map((p) => p.slug).join(', ')}) ` +
      `x ${SENTENCES.length} Harvard sentences, WAV at 24 kHz, one request each; "engines" counts the X-Voice-Engine ` +
      `header of those requests. Latency: client wall time of POST /api/v1/tts (WAV, catalog voice ` +
      `${bench.voice}); ${SHORT.length} chars: one warm-up request then median of ${SHORT_RUNS}; ${LONG.length} ` +
      `chars: ${LONG_RUNS} run. The answer carries the whole audio, so this is also the time to first audio. ` +
      'RTF = audio seconds / request seconds.\n',
  );
  const clips: PcmAudio[] = [];
  const figures: ModelFigures[] = [];
  for (const model of MODELS) {
    const engines: string[] = [];
    const from = clips.length;
    let failures = 0;
    for (const preset of presets) {
      for (const sentence of SENTENCES) {
        const result = await post(bench, { text: sentence, voice: preset.id, model, format: 'WAV' });
        if (result.audio === undefined) {
          failures += 1;
          continue;
        }
        engines.push(result.engine);
        clips.push(result.audio);
      }
    }
    const short = await servedTiming(bench, { model, voice: bench.voice, text: SHORT, format: 'WAV' }, SHORT_RUNS);
    const long = await servedTiming(bench, { model, voice: bench.voice, text: LONG, format: 'WAV' }, LONG_RUNS);
    figures.push({ model, engines, clips: { from, to: clips.length }, failures, short, long });
  }
  const scored = await scoreAll(clips);
  const naturalness = new Map<string, number>();
  const rows = figures.map((f) => {
    const score = median(scored.scores.slice(f.clips.from, f.clips.to));
    naturalness.set(f.model, score);
    return [
      f.model,
      engineCounts(f.engines) + (f.failures > 0 ? ` (${f.failures} failed)` : ''),
      fmt(score, 2),
      String(f.clips.to - f.clips.from),
      f.short.engine,
      fmt(f.short.ms),
      fmt(f.short.audioSec / (f.short.ms / 1000), 1),
      f.long.engine,
      fmt(f.long.ms),
      fmt(f.long.audioSec / (f.long.ms / 1000), 1),
    ];
  });
  table(
    ['model', 'engines (presets x sentences)', 'NISQA', 'clips', '100c engine', '100c ms', 'RTF', '2000c engine', '2000c ms', 'RTF'],
    rows,
    ['l', 'l', 'r', 'r', 'l', 'r', 'r', 'l', 'r', 'r'],
  );
  if (scored.note) console.log(`\nnaturalness not scored: ${scored.note}`);
  const pro = naturalness.get('v-pro') ?? Number.NaN;
  const flashFirst = figures.find((f) => f.model === 'v-flash')?.short.ms ?? Number.NaN;
  goalTable([
    goal('v-pro English presets, NISQA median', pro, '>= 3.8', pro >= 3.8),
    goal(`v-flash first audio, ${SHORT.length} chars (ms)`, flashFirst, '<= 300', flashFirst <= 300, 0),
  ]);
}
