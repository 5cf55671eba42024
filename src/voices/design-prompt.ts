import type { VoiceIdentity, VoiceTraits } from './identity.js';
import { traitsAreDistinct } from './identity.js';
import { resolveLanguage } from './languages.js';
import { type VoiceAge, type VoiceGender, espeakRealization, unitHash } from './preset-traits.js';
import { engineRealizations, espeakVoiceFor } from './voice-engines.js';

/** What a written description asks for. `null` = not said; the candidates then vary it. */
export interface DesignSpec {
  gender: VoiceGender;
  age: VoiceAge | null;
  /** Accent-level BCP-47 tag the voice speaks. */
  language: string;
  /** Accent label when the description named one (e.g. `British`). */
  accent: string | null;
  pitch: 'low' | 'mid' | 'high' | null;
  pace: 'slow' | 'normal' | 'fast' | null;
  /** Spectral tilt offset, dB/octave (warm/dark negative, bright/crisp positive). */
  brightness: number;
  breathiness: number;
  /** Intonation width 0..1 (calm/monotone low, energetic/expressive high). */
  pitchRange: number;
  /** The description's words that changed the spec, in order. */
  understood: string[];
}

export interface DesignCandidate {
  traits: VoiceTraits;
  identity: VoiceIdentity;
  summary: string;
}

/** Accent words → language tag (and the accent label the catalog uses for espeak's accent voices). */
const ACCENTS: Array<[RegExp, string, string | null]> = [
  [/\b(british|english accent|london|rp|received pronunciation)\b/, 'en-GB', null],
  [/\bscottish\b/, 'en-GB', 'Scottish'],
  [/\b(american|us accent|new york|californian)\b/, 'en-US', null],
  [/\b(australian|aussie)\b/, 'en-AU', null],
  [/\bindian\b/, 'en-IN', null],
  [/\birish\b/, 'en-IE', null],
  [/\bcaribbean|jamaican\b/, 'en-029', null],
  [/\bcanadian\b/, 'en-CA', null],
  [/\bfrench\b/, 'fr-FR', null],
  [/\bgerman\b/, 'de-DE', null],
  [/\b(spanish|castilian)\b/, 'es-ES', null],
  [/\bmexican\b/, 'es-MX', null],
  [/\bitalian\b/, 'it-IT', null],
  [/\bbrazilian\b/, 'pt-BR', null],
  [/\bportuguese\b/, 'pt-PT', null],
  [/\bjapanese\b/, 'ja-JP', null],
  [/\bchinese|mandarin\b/, 'zh-CN', null],
  [/\bkorean\b/, 'ko-KR', null],
  [/\brussian\b/, 'ru-RU', null],
  [/\bdutch\b/, 'nl-NL', null],
  [/\barabic\b/, 'ar-SA', null],
  [/\bhindi\b/, 'hi-IN', null],
];

/** Timbre and tone words → nudges of brightness (dB/oct), breathiness and intonation width. */
const TIMBRE: Record<string, { brightness?: number; breathiness?: number; range?: number }> = {
  warm: { brightness: -1.5 },
  dark: { brightness: -2 },
  rich: { brightness: -1 },
  mellow: { brightness: -1.2, range: -0.05 },
  smooth: { brightness: -0.5, breathiness: -0.05 },
  bright: { brightness: 2 },
  crisp: { brightness: 1.5, breathiness: -0.1 },
  clear: { brightness: 1, breathiness: -0.1 },
  sharp: { brightness: 2 },
  husky: { brightness: -1, breathiness: 0.3 },
  raspy: { brightness: -0.5, breathiness: 0.35 },
  gravelly: { brightness: -1, breathiness: 0.35 },
  hoarse: { breathiness: 0.4 },
  breathy: { breathiness: 0.45 },
  airy: { breathiness: 0.4, brightness: 0.5 },
  whispery: { breathiness: 0.55 },
  soft: { breathiness: 0.2, range: -0.1 },
  gentle: { breathiness: 0.15, range: -0.1 },
  energetic: { range: 0.25, brightness: 0.5 },
  lively: { range: 0.2 },
  expressive: { range: 0.25 },
  animated: { range: 0.25 },
  enthusiastic: { range: 0.25, brightness: 0.5 },
  cheerful: { range: 0.2, brightness: 0.5 },
  dramatic: { range: 0.3 },
  calm: { range: -0.2 },
  soothing: { range: -0.2, breathiness: 0.1 },
  relaxed: { range: -0.15 },
  monotone: { range: -0.35 },
  flat: { range: -0.3 },
  serious: { range: -0.15 },
  authoritative: { range: -0.1, brightness: -0.5 },
  confident: { range: 0.05 },
};

/** Pitch bands per gender, Hz: low / mid / high ranges candidates are drawn from. */
const PITCH_BANDS: Record<VoiceGender, Record<'low' | 'mid' | 'high', [number, number]>> = {
  male: { low: [82, 100], mid: [102, 125], high: [128, 155] },
  female: { low: [155, 180], mid: [185, 215], high: [220, 260] },
  neutral: { low: [120, 138], mid: [140, 160], high: [162, 185] },
};

const RATES: Record<'slow' | 'normal' | 'fast', [number, number]> = {
  slow: [0.78, 0.88],
  normal: [0.94, 1.06],
  fast: [1.15, 1.3],
};

function words(prompt: string): string {
  return ` ${prompt.toLowerCase().replace(/[^\p{L}\p{N}' -]+/gu, ' ')} `;
}

/**
 * Reads an English description. Gender, age, accent or language, pitch, pace and timbre words
 * are recognised; other words are ignored and `understood` lists what was used.
 */
export function parseDescription(prompt: string, languageHint?: string): DesignSpec {
  const text = words(prompt);
  const understood: string[] = [];
  const has = (pattern: RegExp): boolean => {
    const match = pattern.exec(text);
    if (match) understood.push(match[0].trim());
    return match !== null;
  };

  let gender: VoiceGender = 'neutral';
  if (has(/\b(woman|women|female|girl|lady|she|her|mother|grandmother|actress)\b/)) gender = 'female';
  else if (has(/\b(man|men|male|boy|guy|gentleman|he|his|father|grandfather|actor)\b/)) gender = 'male';

  let age: VoiceAge | null = null;
  if (has(/\b(old|older|elderly|aged|senior|grandmother|grandfather|wise)\b/)) age = 'old';
  else if (has(/\b(young|youthful|teen|teenage|teenager|girl|boy|kid|child)\b/)) age = 'young';
  else if (has(/\b(middle-aged|middle aged|mature|adult)\b/)) age = 'middle-aged';

  let pitch: DesignSpec['pitch'] = null;
  if (has(/\b(deep|low|low-pitched|bass|baritone|booming)\b/)) pitch = 'low';
  else if (has(/\b(high|high-pitched|squeaky|light|soprano|childlike)\b/)) pitch = 'high';

  let pace: DesignSpec['pace'] = null;
  if (has(/\b(fast|quick|quickly|rapid|rapidly|brisk|energetic pace|hurried)\b/)) pace = 'fast';
  else if (has(/\b(slow|slowly|measured|unhurried|leisurely|deliberate)\b/)) pace = 'slow';

  let language = 'en-US';
  let accent: string | null = null;
  const hinted = languageHint ? resolveLanguage(languageHint) : null;
  if (hinted && hinted.code !== 'auto') language = hinted.code;
  for (const [pattern, code, label] of ACCENTS) {
    if (has(pattern)) {
      // An accent word refines the hinted language only when both are the same language.
      if (!hinted || hinted.code === 'auto' || hinted.language === code.split('-')[0]) language = code;
      accent = label;
      break;
    }
  }

  let brightness = 0;
  let breathiness = 0.1;
  let pitchRange = 0.5;
  for (const [word, nudge] of Object.entries(TIMBRE)) {
    if (text.includes(` ${word} `) || text.includes(` ${word}ly `)) {
      understood.push(word);
      brightness += nudge.brightness ?? 0;
      breathiness += nudge.breathiness ?? 0;
      pitchRange += nudge.range ?? 0;
    }
  }
  return {
    gender,
    age,
    language,
    accent,
    pitch,
    pace,
    brightness: clamp(brightness, -4, 4),
    breathiness: clamp(breathiness, 0, 0.9),
    pitchRange: clamp(pitchRange, 0.1, 0.95),
    understood,
  };
}

/**
 * `count` (1-3) candidates that all satisfy `spec` and differ from each other measurably: pitch
 * targets spread across the asked band (≥ 8 % apart) and formant scales spread by age and gender.
 * Deterministic for a seed.
 */
export function designCandidates(spec: DesignSpec, count: number, seed: string): DesignCandidate[] {
  const n = Math.max(1, Math.min(3, Math.round(count)));
  const bandName = spec.pitch ?? (spec.age === 'old' ? 'low' : spec.age === 'young' ? 'high' : 'mid');
  const [low, high] = PITCH_BANDS[spec.gender][bandName];
  const [rateLow, rateHigh] = RATES[spec.pace ?? 'normal'];
  const formantBase = spec.gender === 'male' ? 0.93 : spec.gender === 'female' ? 1.12 : 1.02;
  const ageShift = spec.age === 'young' ? 0.03 : spec.age === 'old' ? -0.03 : 0;
  const jitter = unitHash(seed);
  const espeakId = espeakVoiceFor(spec.language, spec.gender, spec.accent ?? undefined);

  const out: DesignCandidate[] = [];
  for (let i = 0; i < n; i++) {
    // Evenly spaced positions inside the band, shifted a little per seed.
    const position = n === 1 ? 0.5 : (i + 0.5 * jitter) / n;
    const pitchHz = Math.round(low * (high / low) ** position);
    const traits: VoiceTraits = {
      pitchHz,
      pitchRange: clamp(spec.pitchRange + (i - (n - 1) / 2) * 0.08, 0.05, 0.99),
      formantScale: Math.round((formantBase + ageShift + (i - (n - 1) / 2) * 0.04) * 1000) / 1000,
      rate: Math.round((rateLow + (rateHigh - rateLow) * ((i + jitter) % n) / Math.max(1, n)) * 100) / 100,
      brightness: spec.brightness,
      breathiness: spec.breathiness,
    };
    const identity: VoiceIdentity = {
      traits,
      engines: {
        'espeak-ng': espeakRealization(espeakId, spec.gender, traits, i),
        ...engineRealizations(espeakId, spec.gender, traits),
      },
    };
    out.push({
      traits,
      identity,
      summary: `${spec.gender}, ${Math.round(pitchHz)} Hz, rate ${traits.rate}, ${spec.language}`,
    });
  }
  // The spacing already separates them; assert it so a future table change cannot merge two.
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      if (!traitsAreDistinct(out[i]!.traits, out[j]!.traits)) {
        out[j]!.traits.formantScale = Math.round((out[j]!.traits.formantScale + 0.06) * 1000) / 1000;
      }
    }
  }
  return out;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
