import { EMOTIONS, resolveEmotion } from '../../speech/markup.js';
import type { DeliveryMode } from '../../speech/pipeline.js';

/**
 * OpenAI's `instructions` ("Speak in a cheerful and positive tone") steer v-studio through the
 * controls it already has: an `[emotion]` style (pitch, intonation width, pace, energy) for the text
 * that carries no tag of its own, and a delivery mode (how much the intonation varies). Words are
 * matched, not understood: the first emotion word found wins, and words about variation pick the
 * delivery mode. Instructions with no word we know leave v-studio at its defaults.
 */
export interface Steering {
  /** An `EMOTIONS` key, or null. */
  emotion: string | null;
  deliveryMode: DeliveryMode | null;
}

/** Words people write in instructions that the `[emotion]` tag list spells differently. */
const EMOTION_WORDS: Readonly<Record<string, string>> = {
  positive: 'happy',
  upbeat: 'happy',
  friendly: 'happy',
  warm: 'happy',
  enthusiastic: 'excited',
  energetic: 'excited',
  thrilled: 'excited',
  melancholy: 'sad',
  sorrowful: 'sad',
  somber: 'sad',
  sombre: 'sad',
  gloomy: 'sad',
  irritated: 'angry',
  annoyed: 'angry',
  soothing: 'calm',
  gentle: 'calm',
  soft: 'calm',
  peaceful: 'calm',
  quiet: 'whisper',
  hushed: 'whisper',
  nervous: 'fearful',
  anxious: 'fearful',
  astonished: 'surprised',
  amazed: 'surprised',
  stern: 'serious',
  formal: 'serious',
  authoritative: 'serious',
  grave: 'serious',
};

const STABLE_WORDS = new Set(['monotone', 'flat', 'steady', 'even', 'measured', 'stable', 'consistent', 'robotic']);
const CREATIVE_WORDS = new Set(['expressive', 'dramatic', 'animated', 'lively', 'theatrical', 'emotional', 'varied', 'dynamic']);

export function steeringFromInstructions(instructions: string): Steering {
  const words = instructions.toLowerCase().match(/\p{L}+/gu) ?? [];
  let emotion: string | null = null;
  let deliveryMode: DeliveryMode | null = null;
  for (const word of words) {
    const found = resolveEmotion(word) ?? (Object.hasOwn(EMOTION_WORDS, word) ? EMOTION_WORDS[word]! : null);
    if (emotion === null && found !== null && Object.hasOwn(EMOTIONS, found)) emotion = found;
    if (deliveryMode === null && STABLE_WORDS.has(word)) deliveryMode = 'STABLE';
    if (deliveryMode === null && CREATIVE_WORDS.has(word)) deliveryMode = 'CREATIVE';
  }
  return { emotion, deliveryMode };
}
