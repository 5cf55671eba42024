import { AppError } from '../../../errors.js';
import { toBcp47 } from '../espeak-ng/languages.js';

/**
 * A Piper voice's `<name>.onnx.json`, the fields synthesis needs. Written by Piper's training export:
 *
 * ```json
 * { "audio": { "sample_rate": 22050 }, "espeak": { "voice": "en-us" }, "phoneme_type": "espeak",
 *   "phoneme_map": {}, "phoneme_id_map": { "_": [0], "^": [1], "$": [2], " ": [3], ... },
 *   "inference": { "noise_scale": 0.667, "length_scale": 1, "noise_w": 0.8 },
 *   "num_speakers": 1, "speaker_id_map": {}, "language": { "code": "en_US" } }
 * ```
 */
export interface PiperConfig {
  sampleRate: number;
  /** espeak-ng voice to phonemize with (`en-us`, `de`, `fr`...). */
  espeakVoice: string;
  /** `espeak`: IPA from espeak-ng; `text`: the text's own characters (lower case, NFD). */
  phonemeType: 'espeak' | 'text';
  phonemeIdMap: ReadonlyMap<string, readonly number[]>;
  /** Phoneme → replacement phonemes, applied before the id map. */
  phonemeMap: ReadonlyMap<string, readonly string[]>;
  noiseScale: number;
  lengthScale: number;
  noiseW: number;
  numSpeakers: number;
  speakerIdMap: ReadonlyMap<string, number>;
  /** BCP-47 tag, from `language.code` (`en_US` → `en-US`) or the espeak voice. */
  language: string;
  /** Dataset name, when the config has one. */
  dataset: string | null;
}

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function number(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Parses a config; throws `provider_error` naming the file when a required field is missing. */
export function parsePiperConfig(json: unknown, file: string): PiperConfig {
  const root = object(json);
  const fail = (what: string): never => {
    throw new AppError('provider_error', `Piper config ${file}: ${what}`, { retryable: false });
  };
  const idMapRaw = object(root['phoneme_id_map']);
  const phonemeIdMap = new Map<string, number[]>();
  for (const [phoneme, ids] of Object.entries(idMapRaw)) {
    if (Array.isArray(ids) && ids.every((id) => Number.isInteger(id)))
      phonemeIdMap.set(phoneme, ids as number[]);
  }
  if (phonemeIdMap.size === 0) fail('no phoneme_id_map');
  const sampleRate = number(object(root['audio'])['sample_rate'], 0);
  if (!(sampleRate > 0)) fail('no audio.sample_rate');

  const rawType = root['phoneme_type'] ?? 'espeak';
  if (rawType !== 'espeak' && rawType !== 'text') fail(`phoneme_type "${String(rawType)}" is not supported`);
  const type = rawType === 'text' ? 'text' : 'espeak';
  const espeakVoice = String(object(root['espeak'])['voice'] ?? 'en-us');
  const phonemeMap = new Map<string, string[]>();
  for (const [from, to] of Object.entries(object(root['phoneme_map']))) {
    if (Array.isArray(to)) phonemeMap.set(from, to.map(String));
  }
  const inference = object(root['inference']);
  const speakerIdMap = new Map<string, number>();
  for (const [name, id] of Object.entries(object(root['speaker_id_map']))) {
    if (Number.isInteger(id)) speakerIdMap.set(name, id as number);
  }
  const code = object(root['language'])['code'];
  return {
    sampleRate,
    espeakVoice,
    phonemeType: type,
    phonemeIdMap,
    phonemeMap,
    noiseScale: number(inference['noise_scale'], 0.667),
    lengthScale: number(inference['length_scale'], 1),
    noiseW: number(inference['noise_w'], 0.8),
    numSpeakers: Math.max(1, Math.floor(number(root['num_speakers'], 1))),
    speakerIdMap,
    language: toBcp47(typeof code === 'string' && code !== '' ? code.replaceAll('_', '-') : espeakVoice),
    dataset: typeof root['dataset'] === 'string' ? root['dataset'] : null,
  };
}
