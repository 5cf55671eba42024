/**
 * Design adherence: 22 English descriptions (accents, ages, pitch, pace and tone words, eight
 * languages and accents) are parsed, three candidates designed for each (seed 1), and every
 * candidate is rendered saying the probe text of its language on espeak-ng and on each stock-voice
 * engine it has a realization for (Flite; SVOX Pico when its lingware is found), each with its
 * transform, then measured with `measureTraits` (rate from the known text). Checks, per engine:
 *
 * - fit: each candidate's measured median F0 lies in the range the description allows (±6 %);
 *   "fast" measures ≥ 1.1, "slow" ≤ 0.92; the voice speaks the asked language or accent;
 * - relations: every deep male is lower than every young female; every fast voice is faster
 *   than every slow one; British requests get an en-GB espeak-ng voice;
 * - candidates of one call differ measurably (`traitsAreDistinct` on the measured traits).
 *
 * Prints a table; misses are reported, never an exit code.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/design-adherence.js
 */
import type { SpeechEngine } from '../src/speech/engine.js';
import { createEspeakEngine } from '../src/speech/engines/espeak-ng/index.js';
import { createFliteEngine } from '../src/speech/engines/flite/index.js';
import { type DesignSpec, designRanges, parseDescription } from '../src/voices/design/design.js';
import { designCandidates } from '../src/voices/design/design-candidates.js';
import { traitsAreDistinct } from '../src/speech/voice-identity.js';
import { type MeasuredTraits, measureTraits } from '../src/audio/analysis/voice/measure.js';
import { probeText } from '../src/voices/probe-texts.js';
import { benchPicoEngine } from './pico.js';
import { renderIdentity } from '../src/voices/render-identity.js';

/** Description, language hint, and which relation groups it belongs to. */
const DESCRIPTIONS: Array<{ prompt: string; hint?: string; groups: Array<'deep male' | 'young female' | 'fast' | 'slow' | 'british'> }> = [
  { prompt: 'A deep, calm older male narrator with a British accent', groups: ['deep male', 'british'] },
  { prompt: 'A bright, energetic young woman who speaks fast', groups: ['young female', 'fast'] },
  { prompt: 'A slow, gravelly old man telling a ghost story', groups: ['slow'] },
  { prompt: 'A husky Scottish woman in her 40s', groups: [] },
  { prompt: 'A little girl with a high, excited voice', groups: [] },
  { prompt: 'A warm, soothing female voice for meditation, speaking slowly', groups: ['slow'] },
  { prompt: 'A crisp, authoritative American news anchor, male', groups: [] },
  { prompt: 'A fast-talking New York cab driver, a man in his fifties', groups: ['fast'] },
  { prompt: 'A soft, breathy young woman whispering a bedtime story', groups: ['young female'] },
  { prompt: 'A confident middle-aged Australian businesswoman', groups: [] },
  { prompt: 'A cheerful Irish grandfather telling jokes', groups: [] },
  { prompt: 'A calm Spanish woman reading the news from Madrid', groups: [] },
  { prompt: 'A Mexican radio host with lots of energy, speaking quickly', groups: ['fast'] },
  { prompt: 'A deep-voiced French man, slow and romantic', groups: ['deep male', 'slow'] },
  { prompt: 'A precise German engineer with a measured pace', groups: [] },
  { prompt: 'An androgynous, smooth voice with a measured pace', groups: [] },
  { prompt: 'A high-pitched, squeaky cartoon character who talks fast', groups: ['fast'] },
  { prompt: 'A teenage boy, nervous and quick', groups: ['fast'] },
  { prompt: 'A rich baritone speaking slowly and deliberately', groups: ['deep male', 'slow'] },
  { prompt: 'A friendly female customer service agent with an Indian accent', groups: [] },
  { prompt: 'A gentle elderly woman with a posh Received Pronunciation accent', groups: ['british'] },
  { prompt: 'An upbeat young Brazilian man', hint: 'pt', groups: [] },
];

/** Measured speaking rate a pace word must reach (transcript-based rate, 1 = espeak-ng at 175 wpm). */
const FAST_AT_LEAST = 1.1;
const SLOW_AT_MOST = 0.92;
/** Slack on the designed pitch range for the engine's own landing error. */
const PITCH_SLACK = 0.06;

interface Measured {
  engine: string;
  prompt: string;
  spec: DesignSpec;
  summary: string;
  voice: string;
  targetHz: number;
  traits: MeasuredTraits;
  fits: string[];
}

const engine = createEspeakEngine({ threads: 1 });
const pico = benchPicoEngine({ reference: engine });
const engines: SpeechEngine[] = [engine, createFliteEngine({ threads: 1 })];
if (await pico.isAvailable()) engines.push(pico);
else console.log('SVOX Pico lingware not found (MODELS_SEARCH_PATH or ../shared/models): Pico rows skipped.\n');

/**
 * Words per second differ by language (the rate reference is English), so each measured rate is
 * divided by what the same text measures at espeak-ng's default voice and 175 wpm (rate 1), the
 * same reference the stock voices' rates were measured against (`bench/engine-voice-traits.ts`).
 */
const baselines = new Map<string, number>();
async function baselineRate(voiceId: string, language: string, text: string): Promise<number> {
  let rate = baselines.get(voiceId);
  if (rate === undefined) {
    const { audio } = await engine.synthesize({ text, language, voice: { id: voiceId }, speed: 1, variation: 0.5 });
    rate = measureTraits(audio, { transcript: text, language }).rate;
    baselines.set(voiceId, rate);
  }
  return rate;
}

/** Per engine, per description: the measured candidates that engine can speak. */
const results = new Map<string, Measured[][]>(engines.map((e) => [e.info.id, []]));
for (const { prompt, hint } of DESCRIPTIONS) {
  const spec = parseDescription(prompt, hint);
  const text = probeText(spec.language);
  const candidates = designCandidates(spec, 3, 1);
  for (const speaker of engines) {
    const group: Measured[] = [];
    for (const candidate of candidates) {
      const realization = candidate.identity.engines[speaker.info.id];
      if (realization === undefined) continue;
      const audio = await renderIdentity(speaker, candidate.identity, text, spec.language);
      const espeakVoice = candidate.identity.engines['espeak-ng']?.id ?? spec.language;
      const measured = measureTraits(audio, { transcript: text, language: spec.language });
      const traits = { ...measured, rate: measured.rate / (await baselineRate(espeakVoice, spec.language, text)) };
      const range = designRanges(spec, candidate.gender);
      const misses: string[] = [];
      const [low, high] = [range.pitchHz[0] / (1 + PITCH_SLACK), range.pitchHz[1] * (1 + PITCH_SLACK)];
      if (traits.pitchHz < low || traits.pitchHz > high) misses.push(`F0 outside ${low.toFixed(0)}–${high.toFixed(0)} Hz`);
      if (spec.pace === 'fast' && traits.rate < FAST_AT_LEAST) misses.push(`rate < ${FAST_AT_LEAST}`);
      if (spec.pace === 'slow' && traits.rate > SLOW_AT_MOST) misses.push(`rate > ${SLOW_AT_MOST}`);
      const voice = speaker.info.id === 'espeak-ng' ? realization.id : `${speaker.info.id} ${realization.id}`;
      if (speaker.info.id === 'espeak-ng' && !speaksLanguage(realization.id, spec)) misses.push(`voice ${voice} for ${spec.language}`);
      if (speaker.info.id === 'svox-pico' && realization.id.split('-')[0] !== spec.language.split('-')[0])
        misses.push(`voice ${voice} for ${spec.language}`);
      group.push({ engine: speaker.info.id, prompt, spec, summary: candidate.summary, voice, targetHz: candidate.traits.pitchHz, traits, fits: misses });
    }
    results.get(speaker.info.id)!.push(group);
  }
}
await Promise.all(engines.map((e) => e.close()));

/** The espeak-ng voice speaks the spec's language, and for British, Scottish or RP requests an en-GB one. */
function speaksLanguage(voice: string, spec: DesignSpec): boolean {
  const base = spec.language.split('-')[0] ?? spec.language;
  const voiceLanguage = voice.split('/').pop()?.split('-')[0]?.toLowerCase();
  if (voiceLanguage !== base) return false;
  if (spec.language === 'en-GB') return voice === 'gmw/en' || voice.startsWith('gmw/en-GB');
  if (spec.language === 'en-US') return voice.startsWith('gmw/en-US');
  return true;
}

console.log('| # | Description | Candidate (designed) | Voice | Target F0 | F0 (Hz) | Rate | Formants | Fits |');
console.log('|---:|---|---|---|---:|---:|---:|---:|---|');
for (const [, groups] of results) {
  groups.forEach((group, index) => {
    for (const row of group) {
      console.log(
        `| ${index + 1} | ${row.prompt} | ${row.summary} | ${row.voice} | ${row.targetHz.toFixed(0)} | ${row.traits.pitchHz.toFixed(1)} | ${row.traits.rate.toFixed(2)} | ${row.traits.formantScale.toFixed(3)} | ${row.fits.length === 0 ? 'yes' : row.fits.join('; ')} |`,
      );
    }
  });
}

type Group = (typeof DESCRIPTIONS)[number]['groups'][number];
const checks: Array<[string, boolean, string]> = [];
for (const [engineId, groups] of results) {
  const all = groups.flat();
  if (all.length === 0) continue;
  const inGroup = (name: Group) => groups.filter((_, i) => DESCRIPTIONS[i]!.groups.includes(name)).flat();
  const deep = inGroup('deep male').map((row) => row.traits.pitchHz);
  const young = inGroup('young female').map((row) => row.traits.pitchHz);
  if (deep.length > 0 && young.length > 0)
    checks.push([
      `${engineId}: every deep male is lower than every young female`,
      Math.max(...deep) < Math.min(...young),
      `deep male ≤ ${Math.max(...deep).toFixed(1)} Hz, young female ≥ ${Math.min(...young).toFixed(1)} Hz`,
    ]);
  const fast = inGroup('fast').map((row) => row.traits.rate);
  const slow = inGroup('slow').map((row) => row.traits.rate);
  if (fast.length > 0 && slow.length > 0)
    checks.push([
      `${engineId}: every fast voice is faster than every slow one`,
      Math.min(...fast) > Math.max(...slow),
      `fast ≥ ${Math.min(...fast).toFixed(2)}, slow ≤ ${Math.max(...slow).toFixed(2)}`,
    ]);
  const british = inGroup('british');
  if (engineId === 'espeak-ng')
    checks.push([
      `${engineId}: British requests get en-GB voices`,
      british.every((row) => row.spec.language === 'en-GB' && speaksLanguage(row.voice, row.spec)),
      [...new Set(british.map((row) => `${row.spec.language} ${row.voice}`))].join(', '),
    ]);
  let distinctPairs = 0;
  let pairs = 0;
  for (const group of groups)
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) {
        pairs++;
        if (traitsAreDistinct(group[i]!.traits, group[j]!.traits)) distinctPairs++;
      }
  checks.push([`${engineId}: candidates of one call differ measurably`, distinctPairs === pairs, `${distinctPairs}/${pairs} pairs distinct`]);
  const fitting = all.filter((row) => row.fits.length === 0).length;
  checks.push([`${engineId}: every candidate fits its description`, fitting === all.length, `${fitting}/${all.length} candidates`]);
}

console.log('');
for (const [label, ok, detail] of checks) console.log(`${ok ? 'PASS' : 'MISS'}  ${label}: ${detail}`);
console.log(
  `\n${DESCRIPTIONS.length} descriptions, ${[...results.values()].map((groups) => groups.flat().length).join(' + ')} candidate renderings (${[...results.keys()].join(', ')}): ${checks.filter(([, ok]) => ok).length}/${checks.length} checks pass.`,
);
