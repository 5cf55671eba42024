import type { AudioFormat } from '../../audio/formats.js';
import type { GenerationRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { randomToken } from '../../ids.js';
import type { WordTiming } from '../../speech/engine.js';
import { type ParsedMarkup, type TextWarning, isSilentText, parseMarkup } from '../../speech/markup.js';
import { type LexiconEntry, matchedIpaWords, taggedIpaWords } from '../../speech/lexicon.js';
import type { MarkupSegment } from '../../speech/markup.js';
import type { DeliveryMode, SpeakRequest, SpeechPipeline } from '../../speech/pipeline.js';
import type { LexiconService } from '../lexicons/lexicons.js';
import type { Caller } from '../accounts/accounts.js';
import { DEFAULT_MODEL, type ModelKey, findModel, generationCost } from './models.js';
import type { VoiceDirectory } from '../voices/voice-directory.js';

/** The body of `POST /api/v1/tts` and `POST /api/v1/tts/stream`. */
export interface CreateGenerationInput {
  text: string;
  voice: string;
  model?: string;
  speed?: number;
  temperature?: number;
  delivery_mode?: DeliveryMode;
  enhance_generation?: boolean;
  format?: AudioFormat;
  bit_rate?: number;
  sample_rate?: number;
  captions?: boolean | 'phrase' | 'word';
  /** Up to 3 pronunciation lexicons, the first listed winning (docs/text.md). */
  lexicon_ids?: string[];
}

/** How a request's `lexicon_ids` are read and whether its engine takes their IPA (and `<phoneme>` tags'). */
export interface LexiconUse {
  /** Absent: a request naming lexicons is refused (501). */
  lexicons?: LexiconService;
  pipeline: Pick<SpeechPipeline, 'engineFor'>;
}

/**
 * The entries of `ids` (404 for an id the caller cannot see) and, when some IPA (a matching lexicon
 * entry or a `<phoneme>` tag) is in the text but the engine the request goes to takes no IPA, the
 * warnings saying those words were read as written.
 */
export async function requestLexicon(
  use: LexiconUse,
  caller: Caller,
  ids: readonly string[] | undefined,
  request: { segments: readonly MarkupSegment[]; model: ModelKey; voice: SpeakRequest['voice'] },
): Promise<{ lexicon?: LexiconEntry[]; warnings: TextWarning[] }> {
  let lexicon: LexiconEntry[] | undefined;
  if (ids !== undefined && ids.length > 0) {
    if (use.lexicons === undefined) throw new AppError('not_implemented', 'Lexicons are not available on this server');
    lexicon = await use.lexicons.resolve(caller, ids);
  }
  const found = lexicon ? { lexicon } : {};
  const fromLexicon = matchedIpaWords(request.segments, lexicon);
  const fromTags = taggedIpaWords(request.segments);
  if (fromLexicon.length === 0 && fromTags.length === 0) return { ...found, warnings: [] };
  const engine = await use.pipeline.engineFor(request.model, request.voice);
  if (engine.phonemeInput === 'ipa') return { ...found, warnings: [] };
  const shown = (words: string[]) => words.slice(0, 5).map((w) => `"${w}"`).join(', ') + (words.length > 5 ? '…' : '');
  const warnings: TextWarning[] = [];
  if (fromTags.length > 0) {
    warnings.push({ code: 'ignored_tag', message: `The ${engine.label} engine takes no IPA; <phoneme> IPA for ${shown(fromTags)} was not applied (read as written)` });
  }
  if (fromLexicon.length > 0) {
    warnings.push({ code: 'ignored_lexicon_ipa', message: `The ${engine.label} engine takes no IPA; lexicon IPA for ${shown(fromLexicon)} was not applied (read as written)` });
  }
  return { ...found, warnings };
}

/**
 * What the text's markup lost for this model: the tags `parseMarkup` removed, and `[emotion]` tags,
 * which steer v-studio only (docs/text.md, "Warnings"). Lexicon warnings come from `requestLexicon`.
 */
export function markupWarnings(markup: ParsedMarkup, model: ModelKey): TextWarning[] {
  const warnings = [...markup.warnings];
  if (model !== 'v-studio' && markup.segments.some((s) => s.kind === 'speech' && s.emotion !== null)) {
    warnings.push({ code: 'ignored_tag', message: `[emotion] tags steer v-studio only; ${model} removed them` });
  }
  return warnings;
}

/** Default output rate: a common speech rate every format (MP3 MPEG-2, Opus) handles natively. */
export const DEFAULT_SAMPLE_RATE = 24_000;

/** A request that passed every check, with its price: nothing has moved yet. */
export interface PreparedGeneration {
  model: ModelKey;
  markup: ParsedMarkup;
  voiceId: string;
  speak: SpeakRequest;
  format: AudioFormat;
  sampleRate: number;
  cost: number;
  /** Markup removed or not applied (unknown tags…); the request still succeeds. docs/text.md. */
  warnings: TextWarning[];
}

/**
 * Everything that can refuse a generation, checked before any point moves or any row exists:
 * model, controls the model does not take, markup, something to say, the voice.
 */
export async function prepareGeneration(
  voices: VoiceDirectory,
  caller: Caller,
  input: CreateGenerationInput,
  lexicons: LexiconUse,
): Promise<PreparedGeneration> {
  const modelKey = input.model ?? DEFAULT_MODEL;
  const model = findModel(modelKey);
  if (!model) {
    throw new AppError('unknown_model', `Unknown model "${modelKey}"; use v-studio, v-flash, v-pro or v-lite`);
  }
  if (input.temperature !== undefined && !model.supportsTemperature) {
    throw new AppError('unsupported_control', `The ${model.key} model does not support temperature`);
  }
  if (input.delivery_mode !== undefined && !model.supportsDeliveryMode) {
    throw new AppError('unsupported_control', `The ${model.key} model does not support delivery_mode`);
  }
  const key = model.key as ModelKey;
  const { markup, voice, lexicon, warnings } = await prepareSpeech(voices, lexicons, caller, key, input);
  return {
    model: key,
    markup,
    voiceId: voice.id,
    speak: {
      segments: markup.segments,
      voice: voice.realization,
      model: key,
      ...(input.speed !== undefined ? { speed: input.speed } : {}),
      ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
      ...(input.delivery_mode !== undefined ? { deliveryMode: input.delivery_mode } : {}),
      ...(lexicon ? { lexicon } : {}),
    },
    format: input.format ?? 'MP3',
    sampleRate: input.sample_rate ?? DEFAULT_SAMPLE_RATE,
    // Tags are characters like any other (spec: "Break tags count toward the limit"; docs/text.md).
    cost: generationCost(key, markup.characterCount),
    warnings,
  };
}

/**
 * The checks and reading every paid speech request shares, after its model and controls: the text
 * (at most `maxCharacters`, the native limit by default) with something to say in it (`field` names it
 * in the error: `text`, or OpenAI's `input`), the voice, and the lexicons; `steer` may change the
 * segments before the lexicons are matched (OpenAI's `instructions`). Warnings: what the markup lost
 * for this model, then what the lexicons could not apply.
 */
export async function prepareSpeech(
  voices: VoiceDirectory,
  lexicons: LexiconUse,
  caller: Caller,
  model: ModelKey,
  input: { text: string; voice: string; lexicon_ids?: string[] | undefined },
  options: {
    maxCharacters?: number;
    field?: 'text' | 'input';
    steer?: (segments: MarkupSegment[]) => MarkupSegment[];
  } = {},
) {
  const markup = parseMarkup(input.text, options.maxCharacters === undefined ? {} : { maxCharacters: options.maxCharacters });
  if (isSilentText(markup.spokenText)) throw new AppError('missing_text', `${options.field ?? 'text'} has nothing to speak`);
  const voice = await voices.resolve(caller, input.voice);
  const segments = options.steer ? options.steer(markup.segments) : markup.segments;
  const { lexicon, warnings: lexiconWarnings } = await requestLexicon(lexicons, caller, input.lexicon_ids, {
    segments,
    model,
    voice: voice.realization,
  });
  return { markup, voice, segments, ...(lexicon ? { lexicon } : {}), warnings: [...markupWarnings(markup, model), ...lexiconWarnings] };
}

/** The `pending` record of a finished synthesis, as it is inserted with the settled charge. */
export function pendingRow(
  caller: Caller,
  prepared: Pick<PreparedGeneration, 'model' | 'voiceId' | 'sampleRate'> & { format: string },
  result: {
    id: string;
    engine: string;
    mimeType: string;
    extension: string;
    characters: number;
    points: number;
    durationSeconds: number;
    audioBytes: number;
    words: readonly WordTiming[];
    /** The text spoken, as the request gave it. */
    text: string;
  },
): GenerationRow {
  return {
    id: result.id,
    account_id: caller.accountId,
    key_id: caller.keyId,
    status: 'pending',
    model: prepared.model,
    voice_id: prepared.voiceId,
    engine: result.engine,
    format: prepared.format,
    mime_type: result.mimeType,
    extension: result.extension,
    sample_rate: prepared.sampleRate,
    characters: result.characters,
    points_used: result.points,
    duration_seconds: result.durationSeconds,
    audio_key: `audio/${result.id}.${result.extension}`,
    audio_bytes: result.audioBytes,
    url_token: randomToken(32),
    words: JSON.stringify(result.words),
    // NUL is silent in speech and PostgreSQL refuses it in text: the record keeps the text without it.
    text: result.text.replaceAll('\u0000', ''),
    error_code: null,
    error_message: null,
    upload_attempts: 0,
    created_at: new Date().toISOString(),
    ready_at: null,
  };
}
