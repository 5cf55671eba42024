import type { ModelKey } from '../../speech/model-keys.js';
/** The speech models of the contract: keys, flags and cost multipliers exactly as the spec lists them. */
export interface ModelInfo {
  key: ModelKey;
  label: string;
  steerable: boolean;
  costMultiplier: number;
  supportsTemperature: boolean;
  supportsDeliveryMode: boolean;
  description: string;
}

export { MODEL_KEYS, type ModelKey } from '../../speech/model-keys.js';
export const DEFAULT_MODEL: ModelKey = 'v-pro';

export const MODELS: readonly ModelInfo[] = Object.freeze([
  {
    key: 'v-studio',
    label: 'Voicelib Studio',
    steerable: true,
    costMultiplier: 1,
    supportsTemperature: false,
    supportsDeliveryMode: true,
    description: 'Steerable: [emotion] tags and delivery_mode shape pitch, pace and energy. Every language.',
  },
  {
    key: 'v-flash',
    label: 'Voicelib Flash',
    steerable: false,
    costMultiplier: 0.75,
    supportsTemperature: false,
    supportsDeliveryMode: false,
    description: 'Every language, chosen for speed.',
  },
  {
    key: 'v-pro',
    label: 'Voicelib Pro',
    steerable: false,
    costMultiplier: 1,
    supportsTemperature: true,
    supportsDeliveryMode: false,
    description: 'Default. The most natural engine installed for the language.',
  },
  {
    key: 'v-lite',
    label: 'Voicelib Lite',
    steerable: false,
    costMultiplier: 0.5,
    supportsTemperature: true,
    supportsDeliveryMode: false,
    description: 'The fastest engine; cheapest.',
  },
]);

export function findModel(key: string): ModelInfo | undefined {
  return MODELS.find((m) => m.key === key);
}

/** Characters per point for each model (spec cost table); cost = ceil(characters / divisor). */
const CHARS_PER_POINT: Record<ModelKey, number> = { 'v-pro': 15, 'v-studio': 15, 'v-flash': 20, 'v-lite': 30 };

export function generationCost(model: ModelKey, characters: number): number {
  return Math.ceil(characters / CHARS_PER_POINT[model]);
}
