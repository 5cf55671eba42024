import { AppError } from '../../../errors.js';
import type { EngineVoiceInfo } from '../../engine.js';

/**
 * Kokoro-82M v1.0's 54 voices: its style packs (`kokoro-82m/voices/<id>.bin`, the pack `kokoro-82m-voices`).
 * An id's first letter is its language, the second its gender (`af_heart`: American English,
 * female). The language decides how text is phonemized; the voice pack only colours the sound.
 */

export type KokoroLanguage = 'a' | 'b' | 'e' | 'f' | 'h' | 'i' | 'j' | 'p' | 'z';

interface LanguageFacts {
  /** BCP-47 tag the voices declare. */
  tag: string;
  /** espeak-ng voice used for phonemization. */
  espeak: string;
  /** Voice used when a request names none of this language. */
  defaultVoice: string;
}

export const KOKORO_LANGUAGES: Readonly<Record<KokoroLanguage, LanguageFacts>> = {
  a: { tag: 'en-US', espeak: 'en-US', defaultVoice: 'af_heart' },
  b: { tag: 'en-GB', espeak: 'en-GB', defaultVoice: 'bf_emma' },
  e: { tag: 'es', espeak: 'es', defaultVoice: 'ef_dora' },
  f: { tag: 'fr', espeak: 'fr', defaultVoice: 'ff_siwis' },
  h: { tag: 'hi', espeak: 'hi', defaultVoice: 'hf_alpha' },
  i: { tag: 'it', espeak: 'it', defaultVoice: 'if_sara' },
  j: { tag: 'ja', espeak: 'ja', defaultVoice: 'jf_alpha' },
  p: { tag: 'pt-BR', espeak: 'pt-BR', defaultVoice: 'pf_dora' },
  z: { tag: 'zh', espeak: 'cmn', defaultVoice: 'zf_xiaoxiao' },
};

export const KOKORO_VOICE_IDS: readonly string[] = (
  'af_alloy af_aoede af_bella af_heart af_jessica af_kore af_nicole af_nova af_river af_sarah af_sky ' +
  'am_adam am_echo am_eric am_fenrir am_liam am_michael am_onyx am_puck am_santa ' +
  'bf_alice bf_emma bf_isabella bf_lily bm_daniel bm_fable bm_george bm_lewis ' +
  'ef_dora em_alex em_santa ff_siwis hf_alpha hf_beta hm_omega hm_psi if_sara im_nicola ' +
  'jf_alpha jf_gongitsune jf_nezumi jf_tebukuro jm_kumo pf_dora pm_alex pm_santa ' +
  'zf_xiaobei zf_xiaoni zf_xiaoxiao zf_xiaoyi zm_yunjian zm_yunxi zm_yunxia zm_yunyang'
).split(' ');

const VOICE_SET = new Set(KOKORO_VOICE_IDS);

export function voiceLanguage(id: string): KokoroLanguage {
  return id[0] as KokoroLanguage;
}

export function kokoroVoiceInfos(): EngineVoiceInfo[] {
  return KOKORO_VOICE_IDS.map((id) => {
    const name = id.slice(3);
    return {
      id,
      name: name.charAt(0).toUpperCase() + name.slice(1),
      languages: [KOKORO_LANGUAGES[voiceLanguage(id)].tag],
      gender: id[1] === 'f' ? 'female' : 'male',
    };
  });
}

const BRITISH_REGIONS = new Set(['GB', 'UK', 'AU', 'NZ', 'IE', 'ZA', 'IN']);

/** Kokoro's language for a BCP-47 tag, or null: `en-GB`/`en-AU` → British, other English → American. */
export function kokoroLanguageFor(tag: string): KokoroLanguage | null {
  const [base = '', ...rest] = tag.trim().replaceAll('_', '-').toLowerCase().split('-');
  switch (base) {
    case 'en': {
      const region = rest.find((part) => /^[a-z]{2}$/.test(part));
      return region !== undefined && BRITISH_REGIONS.has(region.toUpperCase()) ? 'b' : 'a';
    }
    case 'es':
      return 'e';
    case 'fr':
      return 'f';
    case 'hi':
      return 'h';
    case 'it':
      return 'i';
    case 'ja':
      return 'j';
    case 'pt':
      return 'p';
    case 'zh':
    case 'cmn':
      return 'z';
    default:
      return null;
  }
}

/**
 * The voice for a request: the named voice when it speaks the requested language (an `af_*` voice
 * asked for `en-GB` keeps its American accent), else the language's default voice.
 * Throws `unsupported_language` for languages Kokoro does not speak.
 */
export function resolveKokoroVoice(
  voiceId: string,
  language: string,
): { voice: string; language: KokoroLanguage } {
  const requested = kokoroLanguageFor(language);
  if (requested === null) {
    throw new AppError('unsupported_language', `Kokoro does not speak "${language}"`);
  }
  const id = voiceId.trim().toLowerCase();
  if (VOICE_SET.has(id)) {
    const own = voiceLanguage(id);
    const sameBase =
      KOKORO_LANGUAGES[own].tag.split('-')[0] === KOKORO_LANGUAGES[requested].tag.split('-')[0];
    if (sameBase) return { voice: id, language: own };
  }
  return { voice: KOKORO_LANGUAGES[requested].defaultVoice, language: requested };
}
