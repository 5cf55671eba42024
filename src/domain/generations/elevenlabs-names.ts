import { AppError } from '../../errors.js';
import { MODELS, type ModelKey } from './models.js';

/**
 * ElevenLabs' model ids on the compatible routes (docs/elevenlabs-compatibility.md). Its
 * multilingual, English, Turbo and Flash models all get v-pro, the most natural engine installed
 * for the language (Kokoro-82M where it speaks it): someone switching from ElevenLabs expects a
 * neural voice, and v-flash's speed comes from formant and diphone engines. eleven_v3, the model
 * steered by [audio tags], gets v-studio, the steerable one. voicelib's own keys pass through.
 */
export const ELEVENLABS_MODELS: Readonly<Record<string, ModelKey>> = {
  eleven_multilingual_v2: 'v-pro',
  eleven_multilingual_v1: 'v-pro',
  eleven_monolingual_v1: 'v-pro',
  eleven_english_v2: 'v-pro',
  eleven_turbo_v2: 'v-pro',
  eleven_turbo_v2_5: 'v-pro',
  eleven_flash_v2: 'v-pro',
  eleven_flash_v2_5: 'v-pro',
  eleven_v3: 'v-studio',
};

/** ElevenLabs' default when a request names no model. */
export const ELEVENLABS_DEFAULT_MODEL = 'eleven_multilingual_v2';

/** `model_id` on the compatible routes: an ElevenLabs id or a voicelib key; anything else is 422 `unknown_model`. */
export function modelForElevenLabs(modelId: string | undefined | null): ModelKey {
  const id = modelId ?? ELEVENLABS_DEFAULT_MODEL;
  const mapped = Object.hasOwn(ELEVENLABS_MODELS, id) ? ELEVENLABS_MODELS[id]! : id;
  if (!MODELS.some((m) => m.key === mapped)) {
    throw new AppError(
      'unknown_model',
      `Unknown model_id "${id}"; use ${Object.keys(ELEVENLABS_MODELS).join(', ')} or a voicelib model (${MODELS.map((m) => m.key).join(', ')})`,
      { param: 'model_id' },
    );
  }
  return mapped as ModelKey;
}

/**
 * ElevenLabs' `voice_settings.speed` on voicelib's speed grid: 0.5-1.5 in steps of 0.05, 1 the
 * voice's own pace (the HTTP schema refuses values outside the range; a socket's are clamped).
 */
export function speedForElevenLabs(speed: number): number {
  return Math.min(1.5, Math.max(0.5, Math.round(speed * 20) / 20));
}
