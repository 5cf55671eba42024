import type { VoiceGender } from '../../voice-description.js';

/**
 * Which Flite voice speaks a catalog preset, from the preset's accent (BCP-47) and gender: slt (US
 * female), rms (US male), awb (Scottish male); none for other accents. The stock voice is then moved to the preset's traits (shared/stock-voice-fit.ts).
 */
export function flitePresetVoice(accent: string, gender: VoiceGender): string | undefined {
  if (accent === 'en-US') return gender === 'female' ? 'slt' : gender === 'male' ? 'rms' : undefined;
  if (accent === 'en-GB-scotland' && gender === 'male') return 'awb';
  return undefined;
}
