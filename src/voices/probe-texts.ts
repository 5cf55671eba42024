/**
 * Short probe sentences (about 5 s of speech) that clone realization renders to measure an engine
 * voice's pitch and spectrum: the first line of the "Rainbow Passage", a standard text in voice
 * analysis, and a question, so the probe holds both falling and rising intonation. Languages
 * without a sentence here get numbers, which espeak-ng reads aloud in every language it speaks.
 */
const PROBES: Readonly<Record<string, string>> = {
  en: 'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow. Would you like to hear more about it?',
  es: 'Cuando la luz del sol atraviesa las gotas de lluvia, se forma un arcoíris en el cielo. ¿Quieres saber más sobre él?',
  fr: 'Quand la lumière du soleil traverse les gouttes de pluie, un arc-en-ciel apparaît dans le ciel. Voulez-vous en savoir plus ?',
  de: 'Wenn das Sonnenlicht auf Regentropfen fällt, entsteht am Himmel ein Regenbogen. Möchten Sie mehr darüber erfahren?',
  it: 'Quando la luce del sole attraversa le gocce di pioggia, nel cielo si forma un arcobaleno. Vuoi saperne di più?',
  pt: 'Quando a luz do sol atravessa as gotas de chuva, forma-se um arco-íris no céu. Você quer saber mais sobre isso?',
  nl: 'Als het zonlicht door de regendruppels valt, verschijnt er een regenboog aan de hemel. Wil je er meer over weten?',
  sv: 'När solljuset träffar regndropparna bildas en regnbåge på himlen. Vill du veta mer om den?',
  pl: 'Kiedy światło słoneczne przechodzi przez krople deszczu, na niebie pojawia się tęcza. Chcesz dowiedzieć się więcej?',
  tr: 'Güneş ışığı yağmur damlalarından geçtiğinde gökyüzünde bir gökkuşağı oluşur. Bu konuda daha fazla bilgi ister misiniz?',
  ru: 'Когда солнечный свет проходит через капли дождя, на небе появляется радуга. Хотите узнать об этом больше?',
  uk: 'Коли сонячне світло проходить крізь краплі дощу, на небі з’являється веселка. Хочете дізнатися більше?',
  zh: '当阳光穿过雨滴时，天空中就会出现一道彩虹。你想了解更多吗？',
  ja: 'たいようのひかりが あめつぶを とおると、そらに にじが あらわれます。もっと しりたいですか？',
  ko: '햇빛이 빗방울을 지나면 하늘에 무지개가 나타납니다. 더 알고 싶으신가요?',
  hi: 'जब सूरज की रोशनी बारिश की बूंदों से गुजरती है, तो आसमान में इंद्रधनुष बनता है। क्या आप और जानना चाहेंगे?',
  ar: 'عندما يمر ضوء الشمس عبر قطرات المطر، يظهر قوس قزح في السماء. هل تريد أن تعرف المزيد؟',
};

/** Numbers in digits: espeak-ng speaks them as words of whatever language it is set to. */
const NUMBERS = '12, 35, 48, 67, 93. 125, 260, 1999. 7, 8, 9, 10?';

/** The probe sentence for a BCP-47 tag (`en-GB` → the English one). */
export function probeText(language: string): string {
  const base = language.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return PROBES[base === 'cmn' || base === 'yue' ? 'zh' : base] ?? NUMBERS;
}
