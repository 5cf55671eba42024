/**
 * A language guess from the script of a text (for `language: "auto"` with a transcript).
 * voicelib has no spoken-language identification; the script is a reliable signal for the
 * languages that have their own, and English is the documented default for Latin text.
 */
const SCRIPTS: Array<[RegExp, string]> = [
  [/[\u3040-\u30ff]/u, 'ja-JP'],
  [/[\uac00-\ud7af]/u, 'ko-KR'],
  [/\p{Script=Han}/u, 'zh-CN'],
  [/\p{Script=Cyrillic}/u, 'ru-RU'],
  [/\p{Script=Arabic}/u, 'ar-SA'],
  [/\p{Script=Hebrew}/u, 'he-IL'],
  [/\p{Script=Devanagari}/u, 'hi-IN'],
  [/\p{Script=Greek}/u, 'el-GR'],
  [/\p{Script=Thai}/u, 'th-TH'],
  [/\p{Script=Bengali}/u, 'bn-BD'],
  [/\p{Script=Tamil}/u, 'ta-IN'],
  [/\p{Script=Georgian}/u, 'ka-GE'],
  [/\p{Script=Armenian}/u, 'hy-AM'],
];

export function detectLanguageFromText(text: string): string {
  for (const [pattern, code] of SCRIPTS) if (pattern.test(text)) return code;
  return 'en-US';
}
