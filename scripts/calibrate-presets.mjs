#!/usr/bin/env node
// Synthesizes preset voices with the real espeak-ng engine and compares the measured median F0
// (YIN, src/audio/pitch.ts) with each preset's `pitchHz` target. Prints one line per voice and a
// summary; used to fit INTONATION_LEVEL in src/voices/preset-traits.ts.
// Usage: npm run build && node scripts/calibrate-presets.mjs [language ...]   (default: en de es)
import { estimatePitch } from '../dist/src/audio/pitch.js';
import { createEspeakEngine } from '../dist/src/speech/engines/espeak-ng/index.js';
import { PRESETS } from '../dist/src/voices/catalog.js';

const TEXTS = {
  en: 'The quick brown fox jumps over the lazy dog, and then it rests in the warm afternoon sun for a while.',
  de: 'Der schnelle braune Fuchs springt über den faulen Hund und ruht sich danach in der warmen Sonne aus.',
  es: 'El rápido zorro marrón salta sobre el perro perezoso y luego descansa un rato bajo el cálido sol.',
  fr: 'Le renard brun rapide saute par-dessus le chien paresseux, puis se repose un moment au soleil.',
  it: 'La volpe marrone veloce salta sopra il cane pigro e poi riposa un po’ sotto il caldo sole.',
};
const languages = process.argv.length > 2 ? process.argv.slice(2) : ['en', 'de', 'es'];

const engine = createEspeakEngine({ threads: 1 });
await engine.warm();
const errors = [];
for (const voice of PRESETS.filter((preset) => languages.includes(preset.languages[0]))) {
  const text = TEXTS[voice.languages[0]] ?? TEXTS.en;
  const espeak = voice.identity.engines['espeak-ng'];
  const { audio } = await engine.synthesize({
    text,
    language: voice.language_code,
    voice: espeak,
    speed: 1,
    variation: 0.5,
  });
  const measured = estimatePitch(audio).medianHz;
  const error = (measured - voice.identity.traits.pitchHz) / voice.identity.traits.pitchHz;
  errors.push(error);
  console.log(
    `${voice.slug.padEnd(24)} target ${String(voice.identity.traits.pitchHz).padStart(3)} Hz  measured ${measured.toFixed(1).padStart(6)} Hz  ${(100 * error).toFixed(1).padStart(5)} %  ${JSON.stringify(espeak.params)}`,
  );
}
await engine.close();
const mean = errors.reduce((sum, e) => sum + e, 0) / errors.length;
const worst = Math.max(...errors.map(Math.abs));
console.log(
  `${errors.length} voices: mean error ${(100 * mean).toFixed(1)} %, worst ${(100 * worst).toFixed(1)} %`,
);
