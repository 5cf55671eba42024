import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { presetsByLanguage } from '../../src/voices/catalog/catalog.js';
import { engineLanguages } from '../../src/voices/languages/engine-languages.js';
import { fallbackSpeechLanguage } from '../../src/voices/languages/speech-fallback.js';
import {
  findLanguage,
  LEGACY_LANGUAGE_CODES,
  languagesResponse,
  listLanguages,
  resolveLanguage,
  SAMPLE_LIMITS,
  toLegacyLanguageCode,
} from '../../src/voices/languages/languages.js';

const languages = listLanguages();
const real = languages.filter((language) => language.code !== 'auto');

describe('language list', () => {
  test('has more than 470 languages', () => {
    assert.ok(languages.length > 470, `only ${languages.length}`);
  });

  test('every code and accent code is a valid, canonical BCP-47 tag, and none repeats', () => {
    const seen = new Set<string>();
    for (const language of real) {
      for (const code of [language.code, ...language.accents.map((accent) => accent.code)]) {
        assert.deepEqual(Intl.getCanonicalLocales(code), [code], `${code} is not canonical`);
        assert.ok(!seen.has(code), `${code} appears twice`);
        seen.add(code);
      }
      assert.match(language.code, /^[a-z]{2,3}$/);
      assert.ok(language.name.length > 0);
      for (const accent of language.accents) {
        assert.ok(
          accent.code.startsWith(`${language.code}-`),
          `${accent.code} is not an accent of ${language.code}`,
        );
        assert.ok(accent.name.length > 0);
      }
    }
  });

  test('starts with the exact auto entry', () => {
    assert.deepEqual(languages[0], { name: 'Auto-detect', code: 'auto', experimental: true, accents: [] });
    assert.equal(languages.filter((language) => language.code === 'auto').length, 1);
  });

  test('English has the usual accents with CLDR names', () => {
    const english = findLanguage('en');
    const accents = new Map(english?.accents.map((accent) => [accent.code, accent.name]));
    for (const code of ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-CA']) assert.ok(accents.has(code), code);
    assert.equal(accents.get('en-GB'), 'British English');
    assert.ok(findLanguage('es')?.accents.some((accent) => accent.code === 'es-419'));
  });

  test('experimental is false exactly for the languages with presets', () => {
    const withPresets = [...presetsByLanguage().keys()].sort();
    const stock = real.filter((language) => !language.experimental).map((language) => language.code);
    assert.deepEqual(stock.sort(), withPresets);
    for (const language of withPresets) assert.equal(findLanguage(language)?.experimental, false, language);
  });

  test('is computed once and frozen', () => {
    assert.equal(listLanguages(), languages);
    assert.ok(
      Object.isFrozen(languages) && Object.isFrozen(languages[1]) && Object.isFrozen(languages[1]?.accents),
    );
  });

  test('the endpoint body carries the spec sample limits', () => {
    const body = languagesResponse();
    assert.equal(body.languages, languages);
    assert.deepEqual(body.sample_limits, {
      max_samples: 1,
      max_base64_length: 4194304,
      allowed_formats: ['mp3', 'wav', 'webm'],
    });
    assert.equal(SAMPLE_LIMITS, body.sample_limits);
  });
});

describe('resolveLanguage', () => {
  test('accepts codes in any case and with underscores', () => {
    assert.deepEqual(resolveLanguage('en'), {
      code: 'en',
      language: 'en',
      accent: null,
      experimental: false,
    });
    assert.deepEqual(resolveLanguage('en-us'), {
      code: 'en-US',
      language: 'en',
      accent: 'en-US',
      experimental: false,
    });
    assert.equal(resolveLanguage('EN-GB')?.accent, 'en-GB');
    assert.equal(resolveLanguage('en_US')?.code, 'en-US');
    assert.equal(resolveLanguage('  fr-ca ')?.code, 'fr-CA');
    assert.equal(resolveLanguage('zh-Hant-TW')?.code, 'zh-TW');
    assert.equal(resolveLanguage('es-419')?.accent, 'es-419');
  });

  test('every accent code resolves to itself under its language', () => {
    for (const language of real) {
      for (const accent of language.accents) {
        assert.deepEqual(
          resolveLanguage(accent.code),
          {
            code: accent.code,
            language: language.code,
            accent: accent.code,
            experimental: language.experimental,
          },
          accent.code,
        );
        assert.equal(resolveLanguage(accent.code.toLowerCase().replaceAll('-', '_'))?.code, accent.code);
      }
    }
  });

  test('every language code and name resolves', () => {
    for (const language of real) {
      assert.equal(resolveLanguage(language.code)?.language, language.code);
      const byName = resolveLanguage(language.name);
      assert.ok(byName !== null, `name ${language.name}`);
      assert.equal(findLanguage(byName.language)?.name.toLowerCase(), language.name.toLowerCase());
    }
    assert.equal(resolveLanguage('English')?.code, 'en');
    assert.equal(resolveLanguage('german')?.code, 'de');
    assert.equal(resolveLanguage('Brazilian Portuguese')?.code, 'pt-BR');
    assert.equal(resolveLanguage('British English')?.code, 'en-GB');
    assert.equal(resolveLanguage('English (India)')?.code, 'en-IN');
    assert.equal(resolveLanguage('Norwegian Bokmal')?.code, 'nb');
    assert.equal(resolveLanguage('Tagalog')?.code, 'fil');
  });

  test('the 16 legacy enum codes and Other / AUTO resolve', () => {
    assert.equal(Object.keys(LEGACY_LANGUAGE_CODES).length, 16);
    for (const [legacy, tag] of Object.entries(LEGACY_LANGUAGE_CODES)) {
      const resolved = resolveLanguage(legacy);
      assert.equal(resolved?.code, tag, legacy);
      assert.equal(resolved?.accent, tag, `${legacy} is an accent of the list`);
      assert.equal(toLegacyLanguageCode(tag), legacy);
    }
    assert.equal(resolveLanguage('EN_US')?.code, 'en-US');
    assert.equal(resolveLanguage('PT_BR')?.code, 'pt-BR');
    const auto = { code: 'auto', language: 'auto', accent: null, experimental: true };
    for (const input of ['Other', 'OTHER', 'AUTO', 'auto', 'Auto-detect'])
      assert.deepEqual(resolveLanguage(input), auto, input);
    assert.equal(toLegacyLanguageCode('auto'), 'AUTO');
  });

  test('canonicalizes deprecated and overlong codes', () => {
    assert.equal(resolveLanguage('iw')?.code, 'he');
    assert.equal(resolveLanguage('eng')?.code, 'en');
    assert.equal(resolveLanguage('cmn')?.code, 'zh');
    assert.equal(resolveLanguage('zh-yue')?.code, 'yue');
    assert.equal(resolveLanguage('sh')?.code, 'sr-Latn');
  });

  test('keeps a real but unlisted territory without an accent, rejects the rest', () => {
    assert.deepEqual(resolveLanguage('en-DE'), {
      code: 'en-DE',
      language: 'en',
      accent: null,
      experimental: false,
    });
    for (const input of ['', 'xx', 'en-ZZ', 'english please', 'en--US', 'qaa', 'zz_ZZ', 'Klingonese']) {
      assert.equal(resolveLanguage(input), null, input);
    }
  });
});

describe('fallbackSpeechLanguage', () => {
  const spoken = engineLanguages();

  test('keeps a spoken language and its accent', () => {
    assert.equal(fallbackSpeechLanguage('en-GB'), 'en-GB');
    assert.equal(fallbackSpeechLanguage('EN_US'), 'en-US');
    assert.equal(fallbackSpeechLanguage('haw'), 'haw');
  });

  test('follows macrolanguage, CLDR matching and language family', () => {
    assert.equal(fallbackSpeechLanguage('arz'), 'ar'); // Egyptian Arabic → its macrolanguage
    assert.equal(fallbackSpeechLanguage('gsw'), 'de'); // Swiss German → German (CLDR distance 4)
    assert.equal(fallbackSpeechLanguage('fy'), 'nl'); // Western Frisian → Dutch (matching, same family)
    assert.equal(fallbackSpeechLanguage('mai'), 'hi'); // Maithili → most spoken Devanagari Indic language
    assert.equal(fallbackSpeechLanguage('zu'), 'sw'); // Zulu → Swahili (Bantu, Latin script)
  });

  test('never changes script, ends with English, and always names a spoken language', () => {
    assert.equal(fallbackSpeechLanguage('auto'), 'en');
    assert.equal(fallbackSpeechLanguage('not a language'), 'en');
    for (const language of real) {
      const fallback = fallbackSpeechLanguage(language.code);
      const bare = resolveLanguage(fallback)?.language ?? '';
      assert.ok(spoken.has(bare), `${language.code} → ${fallback} is not spoken`);
    }
  });

  test('accepts the caller’s own notion of what can be spoken', () => {
    assert.equal(
      fallbackSpeechLanguage('pt-BR', (language) => language === 'es' || language === 'en'),
      'es',
    );
    assert.equal(
      fallbackSpeechLanguage('de', () => false),
      'en',
    );
  });
});
