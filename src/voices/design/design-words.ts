import type { AgeGroup, VoiceGender } from '../catalog/preset-traits.js';

/**
 * The words voice design understands, as data. A phrase (one or more lower-case words, hyphens
 * read as spaces) maps to what it says about the voice. `design.ts` matches the longest phrase
 * first, so "new york" wins over "new" and "high pitched" over "high".
 */

export type DesignAge = AgeGroup | 'child';

/**
 * Formant-scale ranges of designed voices (see `VoiceTraits.formantScale`), per gender or child.
 * Their middles are also where stock-voice engines centre designs and clones (`voice-engines.ts`, `speech/engines/shared/stock-voice-fit.ts`).
 */
export const DESIGN_FORMANT_SCALE: Readonly<Record<VoiceGender | 'child', readonly [number, number]>> = {
  male: [0.88, 1.0],
  female: [1.08, 1.22],
  neutral: [1.0, 1.1],
  child: [1.22, 1.32],
};
export type PitchWord = 'low' | 'mid' | 'high';
export type PaceWord = 'slow' | 'measured' | 'normal' | 'fast';

/** A tone or timbre word's effect on the traits (added to the defaults; pitch and rate multiply). */
export interface ToneEffect {
  brightness?: number;
  breathiness?: number;
  /** Multiplier on the pitch range of the candidates. */
  pitch?: number;
  /** Multiplier on speaking rate. */
  rate?: number;
  /** Added to `pitchRange` (0..1). */
  range?: number;
  /** Multiplier on formant scale. */
  formant?: number;
}

export type WordMeaning =
  | { kind: 'gender'; gender: VoiceGender; age?: DesignAge }
  | { kind: 'pronoun'; gender: VoiceGender }
  | { kind: 'age'; age: DesignAge }
  | { kind: 'pitch'; pitch: PitchWord; gender?: VoiceGender }
  | { kind: 'pace'; pace: PaceWord }
  | { kind: 'tone'; tone: string }
  | { kind: 'accent'; code: string; voiceAccent?: string; language?: boolean };

export const TONES: Readonly<Record<string, ToneEffect>> = {
  warm: { brightness: -1.5, formant: 0.99 },
  bright: { brightness: 2, pitch: 1.04, formant: 1.02 },
  dark: { brightness: -2, formant: 0.98 },
  husky: { breathiness: 0.3, brightness: -1, pitch: 0.96 },
  breathy: { breathiness: 0.4 },
  whispery: { breathiness: 0.5, range: -0.05 },
  crisp: { brightness: 1.5, breathiness: -0.1 },
  raspy: { breathiness: 0.3, brightness: -0.5 },
  smooth: { brightness: -0.5, breathiness: 0.05, range: -0.05 },
  rich: { brightness: -1, formant: 0.98 },
  energetic: { rate: 1.08, range: 0.15, pitch: 1.04, brightness: 0.5 },
  calm: { rate: 0.93, range: -0.12, brightness: -0.5 },
  soft: { breathiness: 0.1, brightness: -1, range: -0.05 },
  authoritative: { pitch: 0.96, range: -0.05, brightness: 0.5 },
  friendly: { range: 0.05, brightness: 0.3 },
  monotone: { range: -0.3 },
  expressive: { range: 0.25 },
  nasal: { brightness: 1 },
  thin: { formant: 1.03, brightness: 1 },
  resonant: { formant: 0.97, brightness: -0.5 },
};

const tone = (name: string): WordMeaning => ({ kind: 'tone', tone: name });
const accent = (code: string, voiceAccent?: string, language = false): WordMeaning => ({
  kind: 'accent',
  code,
  ...(voiceAccent === undefined ? {} : { voiceAccent }),
  ...(language ? { language } : {}),
});

/**
 * Phrases and their meaning. Accent entries carry the BCP-47 code and, where espeak-ng has no voice
 * for that accent, the catalog accent whose voice comes closest (Australian English → British).
 * `language: true` marks words that name a language rather than an accent ("English", "Spanish").
 */
export const LEXICON: ReadonlyMap<string, WordMeaning> = new Map<string, WordMeaning>([
  // Gender, with the age some nouns imply
  ...['man', 'male', 'men', 'guy', 'gentleman', 'gent', 'masculine', 'father', 'dad', 'husband', 'son']
    .map((w): [string, WordMeaning] => [w, { kind: 'gender', gender: 'male' }]),
  ...['woman', 'female', 'women', 'lady', 'feminine', 'mother', 'mom', 'mum', 'wife', 'daughter', 'gal']
    .map((w): [string, WordMeaning] => [w, { kind: 'gender', gender: 'female' }]),
  ...['androgynous', 'gender neutral', 'non binary', 'nonbinary', 'neutral', 'genderless']
    .map((w): [string, WordMeaning] => [w, { kind: 'gender', gender: 'neutral' }]),
  ['boy', { kind: 'gender', gender: 'male', age: 'child' }],
  ['girl', { kind: 'gender', gender: 'female', age: 'young' }],
  ['little girl', { kind: 'gender', gender: 'female', age: 'child' }],
  ['lad', { kind: 'gender', gender: 'male', age: 'young' }],
  ['young man', { kind: 'gender', gender: 'male', age: 'young' }],
  ['young woman', { kind: 'gender', gender: 'female', age: 'young' }],
  ['old man', { kind: 'gender', gender: 'male', age: 'old' }],
  ['old woman', { kind: 'gender', gender: 'female', age: 'old' }],
  ...['grandfather', 'grandpa', 'granddad', 'grandad']
    .map((w): [string, WordMeaning] => [w, { kind: 'gender', gender: 'male', age: 'old' }]),
  ...['grandmother', 'grandma', 'granny', 'nana']
    .map((w): [string, WordMeaning] => [w, { kind: 'gender', gender: 'female', age: 'old' }]),
  ...['he', 'him', 'his', 'himself'].map((w): [string, WordMeaning] => [w, { kind: 'pronoun', gender: 'male' }]),
  ...['she', 'her', 'hers', 'herself'].map((w): [string, WordMeaning] => [w, { kind: 'pronoun', gender: 'female' }]),
  // Age
  ['little boy', { kind: 'gender', gender: 'male', age: 'child' }],
  ...['child', 'kid', 'children', 'toddler', 'little kid']
    .map((w): [string, WordMeaning] => [w, { kind: 'age', age: 'child' }]),
  ...['young', 'youthful', 'teen', 'teenage', 'teenager', 'adolescent', 'twenties', 'student', 'younger']
    .map((w): [string, WordMeaning] => [w, { kind: 'age', age: 'young' }]),
  ...['middle aged', 'mature', 'thirties', 'forties', 'adult', 'fifties']
    .map((w): [string, WordMeaning] => [w, { kind: 'age', age: 'middle-aged' }]),
  ...['old', 'older', 'elderly', 'aged', 'senior', 'sixties', 'seventies', 'eighties', 'retired', 'aging', 'ageing']
    .map((w): [string, WordMeaning] => [w, { kind: 'age', age: 'old' }]),
  // Pitch
  ...['deep', 'low', 'low pitched', 'lower', 'bass', 'booming', 'rumbling']
    .map((w): [string, WordMeaning] => [w, { kind: 'pitch', pitch: 'low' }]),
  ['baritone', { kind: 'pitch', pitch: 'low', gender: 'male' }],
  ['alto', { kind: 'pitch', pitch: 'low', gender: 'female' }],
  ['contralto', { kind: 'pitch', pitch: 'low', gender: 'female' }],
  ['tenor', { kind: 'pitch', pitch: 'high', gender: 'male' }],
  ['soprano', { kind: 'pitch', pitch: 'high', gender: 'female' }],
  ['mezzo', { kind: 'pitch', pitch: 'mid', gender: 'female' }],
  ...['high', 'high pitched', 'higher', 'squeaky', 'piping', 'shrill']
    .map((w): [string, WordMeaning] => [w, { kind: 'pitch', pitch: 'high' }]),
  ...['medium pitched', 'mid pitched', 'medium pitch', 'mid pitch']
    .map((w): [string, WordMeaning] => [w, { kind: 'pitch', pitch: 'mid' }]),
  // Pace
  ...['fast', 'quick', 'quickly', 'rapid', 'rapidly', 'brisk', 'briskly', 'speedy', 'hurried', 'fast paced',
    'fast talking', 'fast talker', 'snappy', 'swift', 'swiftly']
    .map((w): [string, WordMeaning] => [w, { kind: 'pace', pace: 'fast' }]),
  ...['slow', 'slowly', 'leisurely', 'unhurried', 'drawl', 'drawling', 'languid', 'slow paced', 'sluggish']
    .map((w): [string, WordMeaning] => [w, { kind: 'pace', pace: 'slow' }]),
  ...['measured', 'deliberate', 'deliberately', 'steady', 'moderate', 'relaxed pace', 'even paced']
    .map((w): [string, WordMeaning] => [w, { kind: 'pace', pace: 'measured' }]),
  ...['normal pace', 'average pace', 'natural pace', 'conversational']
    .map((w): [string, WordMeaning] => [w, { kind: 'pace', pace: 'normal' }]),
  // Tone and timbre
  ...Object.keys(TONES).map((w): [string, WordMeaning] => [w, tone(w)]),
  ...(
    [
      ['mellow', 'warm'],
      ['cozy', 'warm'],
      ['cosy', 'warm'],
      ['velvety', 'smooth'],
      ['silky', 'smooth'],
      ['buttery', 'smooth'],
      ['airy', 'breathy'],
      ['whisper', 'whispery'],
      ['whispering', 'whispery'],
      ['gravelly', 'raspy'],
      ['rough', 'raspy'],
      ['hoarse', 'raspy'],
      ['gruff', 'raspy'],
      ['smoky', 'husky'],
      ['smokey', 'husky'],
      ['clear', 'crisp'],
      ['sharp', 'crisp'],
      ['articulate', 'crisp'],
      ['precise', 'crisp'],
      ['lively', 'energetic'],
      ['upbeat', 'energetic'],
      ['enthusiastic', 'energetic'],
      ['excited', 'energetic'],
      ['cheerful', 'energetic'],
      ['bubbly', 'energetic'],
      ['peppy', 'energetic'],
      ['dynamic', 'energetic'],
      ['vibrant', 'energetic'],
      ['soothing', 'calm'],
      ['relaxed', 'calm'],
      ['serene', 'calm'],
      ['tranquil', 'calm'],
      ['peaceful', 'calm'],
      ['gentle', 'soft'],
      ['tender', 'soft'],
      ['quiet', 'soft'],
      ['commanding', 'authoritative'],
      ['confident', 'authoritative'],
      ['assertive', 'authoritative'],
      ['serious', 'authoritative'],
      ['stern', 'authoritative'],
      ['powerful', 'authoritative'],
      ['warm hearted', 'friendly'],
      ['approachable', 'friendly'],
      ['flat', 'monotone'],
      ['robotic', 'monotone'],
      ['animated', 'expressive'],
      ['dramatic', 'expressive'],
      ['theatrical', 'expressive'],
      ['playful', 'expressive'],
      ['high energy', 'energetic'],
      ['low energy', 'calm'],
      ['soft spoken', 'soft'],
      ['well spoken', 'crisp'],
      ['sonorous', 'resonant'],
    ] as const
  ).map(([w, t]): [string, WordMeaning] => [w, tone(t)]),
  // Roles that imply a tone
  ...['narrator', 'storyteller', 'audiobook'].map((w): [string, WordMeaning] => [w, tone('smooth')]),
  ...['announcer', 'newsreader', 'newscaster', 'news anchor', 'anchor', 'broadcaster', 'presenter']
    .map((w): [string, WordMeaning] => [w, tone('crisp')]),
  ...['meditation', 'asmr', 'sleep'].map((w): [string, WordMeaning] => [w, tone('calm')]),
  ...['coach', 'salesman', 'saleswoman', 'host', 'radio dj'].map((w): [string, WordMeaning] => [w, tone('energetic')]),
  // Accents and languages
  ['british', accent('en-GB', 'British')],
  ['english accent', accent('en-GB', 'British')],
  ['uk', accent('en-GB', 'British')],
  ['london', accent('en-GB', 'British')],
  ['londoner', accent('en-GB', 'British')],
  ['cockney', accent('en-GB', 'British')],
  ['posh', accent('en-GB', 'Received Pronunciation')],
  ['received pronunciation', accent('en-GB', 'Received Pronunciation')],
  ['rp', accent('en-GB', 'Received Pronunciation')],
  ['oxford', accent('en-GB', 'Received Pronunciation')],
  ['scottish', accent('en-GB', 'Scottish')],
  ['scots', accent('en-GB', 'Scottish')],
  ['scotland', accent('en-GB', 'Scottish')],
  ['lancashire', accent('en-GB', 'Lancashire')],
  ['northern english', accent('en-GB', 'Lancashire')],
  ['brummie', accent('en-GB', 'West Midlands')],
  ['birmingham', accent('en-GB', 'West Midlands')],
  ['west midlands', accent('en-GB', 'West Midlands')],
  ['welsh', accent('en-GB', 'British')],
  ['irish', accent('en-IE', 'British')],
  ['australian', accent('en-AU', 'British')],
  ['aussie', accent('en-AU', 'British')],
  ['new zealand', accent('en-NZ', 'British')],
  ['kiwi', accent('en-NZ', 'British')],
  ['south african', accent('en-ZA', 'British')],
  ['indian', accent('en-IN', 'British')],
  ['american', accent('en-US', 'American')],
  ['southern', accent('en-US', 'American')],
  ['texan', accent('en-US', 'American')],
  ['californian', accent('en-US', 'American')],
  ['midwestern', accent('en-US', 'American')],
  ['new york', accent('en-US', 'New York')],
  ['new yorker', accent('en-US', 'New York')],
  ['brooklyn', accent('en-US', 'New York')],
  ['canadian', accent('en-CA', 'American')],
  ['caribbean', accent('en-029', 'Caribbean')],
  ['jamaican', accent('en-029', 'Caribbean')],
  ['english', accent('en-US', undefined, true)],
  ['french', accent('fr-FR', 'Parisian', true)],
  ['parisian', accent('fr-FR', 'Parisian')],
  ['belgian', accent('fr-BE')],
  ['quebecois', accent('fr-CA')],
  ['québécois', accent('fr-CA')],
  ['german', accent('de-DE', undefined, true)],
  ['austrian', accent('de-AT')],
  ['swiss', accent('de-CH')],
  ['spanish', accent('es-ES', 'Castilian', true)],
  ['castilian', accent('es-ES', 'Castilian')],
  ['spaniard', accent('es-ES', 'Castilian')],
  ['mexican', accent('es-MX', 'Latin American')],
  ['latin american', accent('es-419', 'Latin American')],
  ['latino', accent('es-419', 'Latin American')],
  ['latina', accent('es-419', 'Latin American')],
  ['argentinian', accent('es-AR', 'Latin American')],
  ['argentine', accent('es-AR', 'Latin American')],
  ['colombian', accent('es-CO', 'Latin American')],
  ['italian', accent('it-IT', undefined, true)],
  ['portuguese', accent('pt-PT', undefined, true)],
  ['brazilian', accent('pt-BR')],
  ['dutch', accent('nl-NL', undefined, true)],
  ['flemish', accent('nl-BE')],
  ['russian', accent('ru-RU', undefined, true)],
  ['ukrainian', accent('uk-UA', undefined, true)],
  ['polish', accent('pl-PL', undefined, true)],
  ['czech', accent('cs-CZ', undefined, true)],
  ['swedish', accent('sv-SE', undefined, true)],
  ['norwegian', accent('nb-NO', undefined, true)],
  ['danish', accent('da-DK', undefined, true)],
  ['finnish', accent('fi-FI', undefined, true)],
  ['greek', accent('el-GR', undefined, true)],
  ['turkish', accent('tr-TR', undefined, true)],
  ['arabic', accent('ar-001', undefined, true)],
  ['egyptian', accent('ar-EG')],
  ['hebrew', accent('he-IL', undefined, true)],
  ['israeli', accent('he-IL')],
  ['hindi', accent('hi-IN', undefined, true)],
  ['japanese', accent('ja-JP', undefined, true)],
  ['korean', accent('ko-KR', undefined, true)],
  ['chinese', accent('zh-CN', undefined, true)],
  ['mandarin', accent('zh-CN', undefined, true)],
  ['cantonese', accent('yue-HK', undefined, true)],
  ['vietnamese', accent('vi-VN', undefined, true)],
  ['thai', accent('th-TH', undefined, true)],
  ['indonesian', accent('id-ID', undefined, true)],
]);

/** Words that cancel the meaning of the word after them ("not too fast"). */
export const NEGATIONS: ReadonlySet<string> = new Set(['not', 'no', 'never', 'without', 'nor', 'neither', 'less', 'isnt', 'isn’t']);

/** Longest phrase in `LEXICON`, in words. */
export const LONGEST_PHRASE = Math.max(...[...LEXICON.keys()].map((phrase) => phrase.split(' ').length));
