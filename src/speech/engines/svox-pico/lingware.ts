import { access } from 'node:fs/promises';
import path from 'node:path';
import type { EngineVoiceInfo } from '../../engine.js';

/**
 * SVOX Pico's languages as data. Each needs two lingware files: text analysis (`<lang>_ta.bin`)
 * and the speaker's signal generation (`<lang>_<speaker>_sg.bin`), from the `svox-pico` model pack
 * (`voicelib models pull svox-pico`, see src/models/manifest.ts).
 */
export interface PicoLanguage {
  /** BCP-47 tag, also the voice id. */
  language: 'en-US' | 'en-GB' | 'de-DE' | 'es-ES' | 'fr-FR' | 'it-IT';
  name: string;
  textAnalysisFile: string;
  speakerFile: string;
  /** The espeak-ng language that renders the alignment reference. */
  referenceLanguage: string;
}

export const PICO_LANGUAGES: readonly PicoLanguage[] = [
  {
    language: 'en-US',
    name: 'English (US)',
    textAnalysisFile: 'en-US_ta.bin',
    speakerFile: 'en-US_lh0_sg.bin',
    referenceLanguage: 'en-US',
  },
  {
    language: 'en-GB',
    name: 'English (UK)',
    textAnalysisFile: 'en-GB_ta.bin',
    speakerFile: 'en-GB_kh0_sg.bin',
    referenceLanguage: 'en-GB',
  },
  {
    language: 'de-DE',
    name: 'German',
    textAnalysisFile: 'de-DE_ta.bin',
    speakerFile: 'de-DE_gl0_sg.bin',
    referenceLanguage: 'de',
  },
  {
    language: 'es-ES',
    name: 'Spanish (Spain)',
    textAnalysisFile: 'es-ES_ta.bin',
    speakerFile: 'es-ES_zl0_sg.bin',
    referenceLanguage: 'es',
  },
  {
    language: 'fr-FR',
    name: 'French',
    textAnalysisFile: 'fr-FR_ta.bin',
    speakerFile: 'fr-FR_nk0_sg.bin',
    referenceLanguage: 'fr',
  },
  {
    language: 'it-IT',
    name: 'Italian',
    textAnalysisFile: 'it-IT_ta.bin',
    speakerFile: 'it-IT_cm0_sg.bin',
    referenceLanguage: 'it',
  },
];

/** The model pack (folder under the models directory) holding the lingware. */
export const PICO_PACK = 'svox-pico';

export function picoVoiceInfos(): EngineVoiceInfo[] {
  return PICO_LANGUAGES.map((entry) => ({
    id: entry.language,
    name: `SVOX Pico ${entry.name}`,
    languages: [entry.language, entry.language.slice(0, 2)],
    gender: 'female',
  }));
}

/**
 * The Pico language for a voice id or, failing that, a language tag: exact tag first, then the
 * first entry with the same base language (`de-AT` → de-DE, `en` → en-US).
 */
export function choosePicoLanguage(voiceId: string, language: string): PicoLanguage | undefined {
  const byTag = (tag: string) =>
    PICO_LANGUAGES.find((entry) => entry.language.toLowerCase() === tag.toLowerCase());
  const byBase = (tag: string) =>
    PICO_LANGUAGES.find((entry) => entry.language.slice(0, 2) === tag.slice(0, 2).toLowerCase());
  const fromVoice = voiceId.trim() === '' ? undefined : byTag(voiceId.trim());
  if (fromVoice && fromVoice.language.slice(0, 2) === language.trim().slice(0, 2).toLowerCase())
    return fromVoice;
  return byTag(language.trim()) ?? byBase(language.trim()) ?? fromVoice;
}

/** Where lingware is looked for: each search folder (and its `svox-pico/`), then `<modelsDir>/svox-pico/`. */
export interface LingwareLocations {
  modelsDir: string;
  modelsSearchPath: readonly string[];
}

export function lingwareFolders(locations: LingwareLocations): string[] {
  return [
    ...locations.modelsSearchPath.flatMap((folder) => [path.join(folder, PICO_PACK), folder]),
    path.join(locations.modelsDir, PICO_PACK),
  ];
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function findFile(name: string, folders: readonly string[]): Promise<string | null> {
  for (const folder of folders) {
    const file = path.join(folder, name);
    if (await exists(file)) return file;
  }
  return null;
}

/** Absolute paths of a language's two files, or null when either is missing. */
export async function findLingware(
  entry: PicoLanguage,
  locations: LingwareLocations,
): Promise<{ textAnalysis: string; speaker: string } | null> {
  const folders = lingwareFolders(locations);
  const textAnalysis = await findFile(entry.textAnalysisFile, folders);
  const speaker = await findFile(entry.speakerFile, folders);
  return textAnalysis !== null && speaker !== null ? { textAnalysis, speaker } : null;
}
