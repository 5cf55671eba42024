import type { PcmAudio } from '../../src/audio/pcm.js';
import { PRESETS } from '../../src/voices/catalog/catalog.js';
import { errorText, fmt, input, NATURALNESS_TEXT, seconds, section, table } from '../common.js';
import { nisqaScorer, nisqaScores } from '../nisqa.js';
import { type BenchServer, type EngineUnderTest, post } from '../setup.js';

export interface Sample {
  label: string;
  audio: PcmAudio;
}

/** Presets as the service speaks them (the voice's realization and transform), to score next to the stock voices. */
export async function presetSamples(bench: BenchServer): Promise<Sample[]> {
  const female = PRESETS.filter((p) => p.language_code === 'en-US' && p.gender === 'female' && p.identity.engines['flite']);
  const male = PRESETS.filter((p) => p.language_code === 'en-US' && p.gender === 'male' && p.identity.engines['flite']);
  const byPitch = (voices: typeof PRESETS) => [...voices].sort((a, b) => a.identity.traits.pitchHz - b.identity.traits.pitchHz);
  const picks = [byPitch(female)[0], byPitch(female).at(-1), byPitch(male)[0], byPitch(male).at(-1)].filter(
    (voice): voice is (typeof PRESETS)[number] => voice !== undefined,
  );
  const out: Sample[] = [];
  for (const voice of picks) {
    for (const model of ['v-lite', 'v-pro']) {
      const body = { text: NATURALNESS_TEXT, voice: voice.id, model, format: 'WAV', sample_rate: 16000 };
      const result = await post(bench, body);
      if (result.audio === undefined) continue;
      out.push({
        label: `${voice.slug} ${voice.identity.traits.pitchHz} Hz, ${model} → ${result.engine}`,
        audio: result.audio,
      });
    }
  }
  return out;
}

/** 5. NISQA naturalness of each engine's default voice, and of four presets as served. */
export async function naturalness(list: EngineUnderTest[], presets: readonly Sample[]): Promise<void> {
  section("5. Naturalness (NISQA-TTS MOS, 1-5) of each engine's default voice and of presets as served");
  const scorer = nisqaScorer();
  if ('missing' in scorer) {
    console.log(`skipped: ${scorer.missing}`);
    return;
  }
  console.log(`Text (${NATURALNESS_TEXT.length} chars): "${NATURALNESS_TEXT}"\nScorer: ${scorer.script}\n`);
  const rows: string[][] = [];
  const engineClips: Array<[EngineUnderTest, PcmAudio]> = [];
  for (const item of list) {
    if (!item.engine) {
      rows.push([item.label, '-', '-', item.note ?? '']);
      continue;
    }
    try {
      const { audio } = await item.engine.synthesize(input(NATURALNESS_TEXT, item.voice));
      engineClips.push([item, audio]);
    } catch (error) {
      rows.push([item.label, '-', '-', `failed: ${errorText(error)}`]);
    }
  }
  let scores: number[];
  try {
    scores = await nisqaScores([...engineClips.map(([, audio]) => audio), ...presets.map((p) => p.audio)]);
  } catch (error) {
    console.log(`skipped: scorer failed: ${errorText(error, 200)}`);
    return;
  }
  for (const [index, [item, audio]] of engineClips.entries()) {
    const score = scores[index]!;
    rows.push([
      `${item.label} (${item.voice})`,
      fmt(score, 2),
      fmt(seconds(audio), 1),
      Number.isFinite(score) ? (item.note ?? '') : 'no score returned',
    ]);
  }
  for (const [index, preset] of presets.entries()) {
    const score = scores[engineClips.length + index]!;
    rows.push([
      `preset ${preset.label}`,
      fmt(score, 2),
      fmt(seconds(preset.audio), 1),
      Number.isFinite(score) ? 'through POST /tts (realization + transform)' : 'no score returned',
    ]);
  }
  table(['engine (voice)', 'MOS', 'audio s', 'note'], rows, ['l', 'r', 'r', 'l']);
}
