/**
 * The seed table of the preset catalog: for each accent an engine can actually produce, its BCP-47
 * tag, the accent label shown on the voices, and voicelib's own given names for the voices (`Name/f`, `Name/m`, `Name/n` for female, male, gender-neutral).
 * Everything else about a preset (id, slug, category, age, traits, engine parameters,
 * description) is derived from this table by `catalog.ts`, deterministically.
 *
 * Counts follow language reach: about 20 English voices, 7-12 for the other large languages,
 * 2-5 for mid-sized ones, one for every other language espeak-ng speaks (its constructed
 * languages and Ancient Greek excepted). Accents are only those an engine voice really has
 * (espeak-ng has no Australian or Indian English, so the catalog has none either).
 *
 * Ids and slugs depend only on name and code: renaming changes them, reordering does not. Category,
 * grid cell and variant follow a voice's position among its language's voices, so new voices go at
 * the end of the table (a new line) to leave every existing voice exactly as it is.
 */
export interface PresetSeed {
  /** Accent-level BCP-47 tag of the voices (`en-GB`). */
  code: string;
  /**
   * The accent's own BCP-47 tag where `code` has several accents (`en-GB-scotland`, `en-GB-x-rp`);
   * default `code`. Engines key their voice for an accent by it (espeak-ng's in its folder).
   */
  tag?: string;
  /** Accent label shown on each voice (`British`, `Scottish`). */
  accent: string;
  /** Space-separated `Name/g`; `_` inside a name stands for a space (`Wing_Yan/f`). */
  voices: string;
}

export const PRESET_SEEDS: readonly PresetSeed[] = [
  // English
  {
    code: 'en-US',
    accent: 'American',
    voices: 'Harper/f Wesley/m Maren/f Dalton/m Sloane/f Grady/m Tessa/f Colby/m Rowan/n',
  },
  { code: 'en-US', tag: 'en-US-x-nyc', accent: 'New York', voices: 'Marcy/f' },
  {
    code: 'en-GB',
    accent: 'British',
    voices: 'Imogen/f Rupert/m Philippa/f Alistair/m Beatrix/f',
  },
  {
    code: 'en-GB',
    tag: 'en-GB-x-rp',
    accent: 'Received Pronunciation',
    voices: 'Cressida/f Barnaby/m',
  },
  { code: 'en-GB', tag: 'en-GB-scotland', accent: 'Scottish', voices: 'Morag/f Hamish/m' },
  { code: 'en-GB', tag: 'en-GB-x-gbclan', accent: 'Lancashire', voices: 'Nell/f' },
  { code: 'en-GB', tag: 'en-GB-x-gbcwmd', accent: 'West Midlands', voices: 'Stanley/m' },
  { code: 'en-029', accent: 'Caribbean', voices: 'Desmond/m' },
  // Large languages
  {
    code: 'es-ES',
    accent: 'Castilian',
    voices: 'Almudena/f Íñigo/m Rocío/f Gonzalo/m Nerea/f Fermín/m',
  },
  {
    code: 'es-419',
    accent: 'Latin American',
    voices: 'Ximena/f Emiliano/m Guadalupe/f Joaquín/m Catalina/f Rodrigo/m',
  },
  {
    code: 'fr-FR',
    accent: 'Parisian',
    voices: 'Margaux/f Bastien/m Solène/f Aurélien/m Clémence/f Gaspard/m Apolline/f',
  },
  { code: 'fr-BE', accent: 'Belgian', voices: 'Corentin/m' },
  { code: 'fr-CH', accent: 'Swiss', voices: 'Anouk/f' },
  {
    code: 'de-DE',
    accent: 'Standard German',
    voices: 'Friederike/f Matthias/m Annika/f Jonas/m Henrike/f Lorenz/m Wiebke/f Till/m Greta/f',
  },
  {
    code: 'pt-BR',
    accent: 'Brazilian',
    voices: 'Luana/f Caio/m Thaís/f Davi/m Jussara/f',
  },
  { code: 'pt-PT', accent: 'European', voices: 'Leonor/f Tomás/m Carolina/f Gonçalo/m' },
  {
    code: 'it-IT',
    accent: 'Standard Italian',
    voices: 'Ginevra/f Lorenzo/m Beatrice/f Tommaso/m Chiara/f Edoardo/m Ludovica/f',
  },
  {
    code: 'ru-RU',
    accent: 'Moscow',
    voices: 'Yekaterina/f Vsevolod/m Polina/f Yaroslav/m Anastasia/f',
  },
  {
    code: 'zh-CN',
    accent: 'Mainland Mandarin',
    voices: 'Jiayi/f Wenbo/m Yutong/f Junjie/m Ruoxi/f',
  },
  { code: 'yue-HK', accent: 'Hong Kong', voices: 'Wing_Yan/f Ka_Ho/m' },
  { code: 'hak-CN', accent: 'Hakka', voices: 'Yun_Fong/f' },
  { code: 'ja-JP', accent: 'Tokyo', voices: 'Haruka/f Sota/m Yui/f Ren/m Akane/f' },
  { code: 'ko-KR', accent: 'Seoul', voices: 'Jiwoo/f Minjun/m Seoyun/f Dohyun/m' },
  {
    code: 'hi-IN',
    accent: 'Standard Hindi',
    voices: 'Ananya/f Arjun/m Ishita/f Vikram/m Meera/f',
  },
  {
    code: 'ar-001',
    accent: 'Modern Standard',
    voices: 'Layla/f Karim/m Nour/f Tariq/m Amal/f',
  },
  { code: 'nl-NL', accent: 'Netherlands', voices: 'Femke/f Joris/m Lieke/f Thijs/m' },
  { code: 'pl-PL', accent: 'Polish', voices: 'Zuzanna/f Bartosz/m Aleksandra/f Kacper/m' },
  { code: 'tr-TR', accent: 'Istanbul', voices: 'Elif/f Emre/m Zeynep/f Burak/m' },
  { code: 'sv-SE', accent: 'Central Swedish', voices: 'Ebba/f Linus/m Saga/f' },
  { code: 'id-ID', accent: 'Indonesian', voices: 'Putri/f Bima/m Ayu/f' },
  { code: 'vi-VN', accent: 'Northern', voices: 'Ngọc_Anh/f' },
  { code: 'vi-VN', tag: 'vi-VN-x-central', accent: 'Central', voices: 'Quang_Huy/m' },
  { code: 'vi-VN', tag: 'vi-VN-x-south', accent: 'Southern', voices: 'Thu_Trang/f' },
  { code: 'uk-UA', accent: 'Ukrainian', voices: 'Oksana/f Taras/m Solomiia/f' },
  // Mid-sized languages
  { code: 'cs-CZ', accent: 'Czech', voices: 'Tereza/f Vojtěch/m' },
  { code: 'el-GR', accent: 'Greek', voices: 'Eleni/f Stavros/m' },
  { code: 'ro-RO', accent: 'Romanian', voices: 'Ioana/f Mihai/m' },
  { code: 'hu-HU', accent: 'Hungarian', voices: 'Réka/f Bence/m' },
  { code: 'da-DK', accent: 'Danish', voices: 'Ditte/f Magnus/m' },
  { code: 'fi-FI', accent: 'Finnish', voices: 'Aino/f Eetu/m' },
  { code: 'nb-NO', accent: 'Eastern Norwegian', voices: 'Ingrid/f Sindre/m' },
  { code: 'he-IL', accent: 'Israeli', voices: 'Noa/f Itai/m' },
  { code: 'th-TH', accent: 'Central Thai', voices: 'Malai/f Somchai/m' },
  { code: 'bn-BD', accent: 'Bangladeshi', voices: 'Nusrat/f Rafiq/m' },
  { code: 'ta-IN', accent: 'Indian Tamil', voices: 'Kavya/f Karthik/m' },
  { code: 'ur-PK', accent: 'Pakistani', voices: 'Ayesha/f Bilal/m' },
  { code: 'fa-IR', accent: 'Tehrani', voices: 'Shirin/f Dariush/m' },
  { code: 'sw-TZ', accent: 'Tanzanian', voices: 'Neema/f Baraka/m' },
  { code: 'ms-MY', accent: 'Malaysian', voices: 'Aisyah/f Hafiz/m' },
  { code: 'ca-ES', accent: 'Central Catalan', voices: 'Montserrat/f' },
  { code: 'ca-ES', tag: 'ca-ES-x-balear', accent: 'Balearic', voices: 'Tomeu/m' },
  { code: 'ca-ES', tag: 'ca-ES-valencia', accent: 'Valencian', voices: 'Empar/f' },
  { code: 'te-IN', accent: 'Telugu', voices: 'Sravani/f Venkat/m' },
  { code: 'mr-IN', accent: 'Marathi', voices: 'Gauri/f Sanket/m' },
  { code: 'gu-IN', accent: 'Gujarati', voices: 'Hetal/f Jignesh/m' },
  { code: 'kn-IN', accent: 'Kannada', voices: 'Chaitra/f Darshan/m' },
  { code: 'ml-IN', accent: 'Malayali', voices: 'Anjali/f Jithin/m' },
  { code: 'pa-IN', accent: 'Indian Punjabi', voices: 'Simran/f Gurpreet/m' },
  { code: 'bg-BG', accent: 'Bulgarian', voices: 'Desislava/f Kaloyan/m' },
  { code: 'hr-HR', accent: 'Croatian', voices: 'Lucija/f Luka/m' },
  { code: 'sr-RS', accent: 'Serbian', voices: 'Jelena/f Nemanja/m' },
  { code: 'sk-SK', accent: 'Slovak', voices: 'Zuzana/f Matej/m' },
  { code: 'sl-SI', accent: 'Slovenian', voices: 'Nika/f Žiga/m' },
  { code: 'lt-LT', accent: 'Lithuanian', voices: 'Austėja/f Mantas/m' },
  { code: 'lv-LV', accent: 'Latvian', voices: 'Līga/f Kārlis/m' },
  { code: 'et-EE', accent: 'Estonian', voices: 'Kadri/f Rasmus/m' },
  { code: 'hy-AM', accent: 'Eastern Armenian', voices: 'Anahit/f Tigran/m' },
  { code: 'ka-GE', accent: 'Georgian', voices: 'Nino/f Levan/m' },
  { code: 'az-AZ', accent: 'Azerbaijani', voices: 'Aysel/f Elvin/m' },
  { code: 'kk-KZ', accent: 'Kazakh', voices: 'Aigerim/f Nurlan/m' },
  { code: 'uz-UZ', accent: 'Uzbek', voices: 'Dilnoza/f Jasur/m' },
  { code: 'af-ZA', accent: 'South African', voices: 'Marlize/f Pieter/m' },
  { code: 'is-IS', accent: 'Icelandic', voices: 'Sigrún/f Einar/m' },
  { code: 'ga-IE', accent: 'Irish', voices: 'Saoirse/f Cian/m' },
  { code: 'cy-GB', accent: 'Welsh', voices: 'Eirlys/f Dafydd/m' },
  { code: 'eu-ES', accent: 'Basque', voices: 'Ane/f Unai/m' },
  { code: 'sq-AL', accent: 'Albanian', voices: 'Besa/f Arben/m' },
  { code: 'mk-MK', accent: 'Macedonian', voices: 'Biljana/f Goran/m' },
  { code: 'bs-BA', accent: 'Bosnian', voices: 'Amra/f Edin/m' },
  { code: 'be-BY', accent: 'Belarusian', voices: 'Volha/f Ales/m' },
  { code: 'ne-NP', accent: 'Nepali', voices: 'Sabina/f Prakash/m' },
  { code: 'si-LK', accent: 'Sri Lankan', voices: 'Dilini/f Kasun/m' },
  { code: 'am-ET', accent: 'Ethiopian', voices: 'Selam/f Dawit/m' },
  { code: 'my-MM', accent: 'Burmese', voices: 'Thiri/f Zaw_Min/m' },
  { code: 'hyw-AM', accent: 'Western Armenian', voices: 'Araksi/f' },
  // One voice each
  { code: 'an-ES', accent: 'Aragonese', voices: 'Chesús/m' },
  { code: 'as-IN', accent: 'Assamese', voices: 'Jonali/f' },
  { code: 'ba-RU', accent: 'Bashkir', voices: 'Aigul/f' },
  { code: 'bpy-IN', accent: 'Bishnupriya', voices: 'Bijoy/m' },
  { code: 'chr-US', accent: 'Western Cherokee', voices: 'Ayita/f' },
  { code: 'cv-RU', accent: 'Chuvash', voices: 'Narspi/f' },
  { code: 'eo-001', accent: 'International', voices: 'Ludoviko/m' },
  { code: 'fo-FO', accent: 'Faroese', voices: 'Rannvá/f' },
  { code: 'gd-GB', accent: 'Scottish Gaelic', voices: 'Catriona/f' },
  { code: 'gn-PY', accent: 'Paraguayan', voices: 'Arasy/f' },
  { code: 'ht-HT', accent: 'Haitian', voices: 'Jean-Robert/m' },
  { code: 'haw-US', accent: 'Hawaiian', voices: 'Kalani/m' },
  { code: 'kaa-UZ', accent: 'Karakalpak', voices: 'Berdaq/m' },
  { code: 'kl-GL', accent: 'Greenlandic', voices: 'Aviaja/f' },
  { code: 'kok-IN', accent: 'Goan', voices: 'Prajakta/f' },
  { code: 'ku-TR', accent: 'Kurmanji', voices: 'Rojda/f' },
  { code: 'ky-KG', accent: 'Kyrgyz', voices: 'Bakyt/m' },
  { code: 'la-VA', accent: 'Ecclesiastical', voices: 'Aurelia/f' },
  { code: 'lb-LU', accent: 'Luxembourgish', voices: 'Jang/m' },
  { code: 'ltg-LV', accent: 'Latgalian', voices: 'Ontons/m' },
  { code: 'mi-NZ', accent: 'Māori', voices: 'Aroha/f' },
  { code: 'mt-MT', accent: 'Maltese', voices: 'Ċensu/m' },
  { code: 'mto-MX', accent: 'Totontepec', voices: 'Rufina/f' },
  { code: 'nci-MX', accent: 'Classical', voices: 'Xochitl/f' },
  { code: 'nog-RU', accent: 'Nogai', voices: 'Aliya/f' },
  { code: 'om-ET', accent: 'Ethiopian', voices: 'Chaltu/f' },
  { code: 'or-IN', accent: 'Odia', voices: 'Subhashree/f' },
  { code: 'pap-CW', accent: 'Curaçao', voices: 'Yurick/m' },
  { code: 'qu-PE', accent: 'Peruvian', voices: 'Killa/f' },
  { code: 'quc-GT', accent: 'Guatemalan', voices: 'Ixchel/f' },
  { code: 'sd-PK', accent: 'Pakistani', voices: 'Marvi/f' },
  { code: 'shn-MM', accent: 'Shan State', voices: 'Nang_Hseng/f' },
  { code: 'smj-SE', accent: 'Lule', voices: 'Ánde/m' },
  { code: 'ti-ER', accent: 'Eritrean', voices: 'Senait/f' },
  { code: 'tk-TM', accent: 'Turkmen', voices: 'Merdan/m' },
  { code: 'tn-ZA', accent: 'South African', voices: 'Lesedi/f' },
  { code: 'tt-RU', accent: 'Kazan', voices: 'Alsu/f' },
  { code: 'ug-CN', accent: 'Uyghur', voices: 'Dilnur/f' },
];
