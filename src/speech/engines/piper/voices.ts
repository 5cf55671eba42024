import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../errors.js';
import type { EngineVoiceInfo } from '../../engine.js';
import { isFile, listPackFolders } from '../../../onnx/model-files.js';
import { type PiperConfig, parsePiperConfig } from './config.js';

/**
 * Installed Piper voices: every `<models folder>/piper-<pack>/<name>.onnx` with its
 * `<name>.onnx.json` beside it. The voice id is `<name>` (`en_US-lessac-medium`); when two folders
 * hold the same name, the one found first (search path before `modelsDir`) wins. Configs are parsed
 * once per file version; unreadable ones are skipped so that one bad download does not hide the rest.
 */

export const PIPER_PACK_PREFIX = 'piper-';

export interface PiperModel {
  id: string;
  modelFile: string;
  config: PiperConfig;
}

const parsed = new Map<string, { mtimeMs: number; config: PiperConfig | null }>();

function readConfig(file: string): PiperConfig | null {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const known = parsed.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.config;
  let config: PiperConfig | null;
  try {
    config = parsePiperConfig(JSON.parse(readFileSync(file, 'utf8')), file);
  } catch {
    config = null;
  }
  parsed.set(file, { mtimeMs, config });
  return config;
}

/** The installed voices, sorted by id. */
export function findPiperVoices(modelFolders: readonly string[]): PiperModel[] {
  const voices = new Map<string, PiperModel>();
  for (const folder of listPackFolders(modelFolders, PIPER_PACK_PREFIX)) {
    let entries: string[];
    try {
      entries = readdirSync(folder).sort();
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.endsWith('.onnx')) continue;
      const id = entry.slice(0, -'.onnx'.length);
      const modelFile = path.join(folder, entry);
      if (voices.has(id) || !isFile(modelFile)) continue;
      const config = readConfig(`${modelFile}.json`);
      if (config !== null) voices.set(id, { id, modelFile, config });
    }
  }
  return [...voices.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export function piperVoiceInfo(voice: PiperModel): EngineVoiceInfo {
  return { id: voice.id, name: voice.config.dataset ?? voice.id, languages: [voice.config.language] };
}

const base = (tag: string): string => tag.toLowerCase().split('-')[0] ?? '';

/**
 * The voice for a request: `voiceId` (optionally `<id>:<speaker>`) when installed and speaking the
 * requested language (same base language), else the first voice of that exact language, else of its
 * base language. Throws `unsupported_language` when no installed voice speaks it.
 */
export function choosePiperVoice(
  voices: readonly PiperModel[],
  voiceId: string,
  language: string,
): { voice: PiperModel; speaker: string | null } {
  const [id = '', speaker] = voiceId.split(':');
  const named = voices.find((v) => v.id.toLowerCase() === id.trim().toLowerCase());
  if (named && base(named.config.language) === base(language))
    return { voice: named, speaker: speaker ?? null };
  const exact = voices.find((v) => v.config.language.toLowerCase() === language.toLowerCase());
  const voice = exact ?? voices.find((v) => base(v.config.language) === base(language));
  if (!voice) throw new AppError('unsupported_language', `No installed Piper voice speaks "${language}"`);
  return { voice, speaker: null };
}

/** Speaker id for a multi-speaker voice: a name from `speaker_id_map` or a number; 0 by default. */
export function resolveSpeaker(
  config: PiperConfig,
  speaker: string | number | boolean | null | undefined,
): number {
  if (speaker === null || speaker === undefined || speaker === '' || speaker === false) return 0;
  const named = typeof speaker === 'string' ? config.speakerIdMap.get(speaker) : undefined;
  const id = named ?? Number(speaker);
  if (!Number.isInteger(id) || id < 0 || id >= config.numSpeakers) {
    throw new AppError(
      'validation_error',
      `Piper speaker "${String(speaker)}" is not one of this voice's ${config.numSpeakers}`,
    );
  }
  return id;
}
