/**
 * Short probe texts (about 7 s of speech) that clone realization renders to measure an engine
 * voice's pitch and spectrum: the first two sentences of the "Rainbow Passage", a standard text
 * in voice analysis, or a translation. Plain statements, like most of what people record: a
 * question's rise would lift the probe's median F0 by a few percent over a statement's. Languages
 * without a text here get numbers, which espeak-ng reads aloud in every language it speaks.
 */
const PROBES: Readonly<Record<string, string>> = {
  en: 'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow. The rainbow is a division of white light into many beautiful colours.',
  es: 'Cuando la luz del sol atraviesa las gotas de lluvia, se forma un arcoíris en el cielo. El arcoíris divide la luz blanca en muchos colores hermosos.',
  fr: 'Quand la lumière du soleil traverse les gouttes de pluie, un arc-en-ciel apparaît dans le ciel. Il divise la lumière blanche en de nombreuses belles couleurs.',
  de: 'Wenn das Sonnenlicht auf Regentropfen fällt, entsteht am Himmel ein Regenbogen. Er teilt das weiße Licht in viele schöne Farben.',
  it: 'Quando la luce del sole attraversa le gocce di pioggia, nel cielo si forma un arcobaleno. Esso divide la luce bianca in molti bei colori.',
  pt: 'Quando a luz do sol atravessa as gotas de chuva, forma-se um arco-íris no céu. Ele divide a luz branca em muitas cores bonitas.',
  nl: 'Als het zonlicht door de regendruppels valt, verschijnt er een regenboog aan de hemel. Hij verdeelt het witte licht in vele mooie kleuren.',
  sv: 'När solljuset träffar regndropparna bildas en regnbåge på himlen. Den delar upp det vita ljuset i många vackra färger.',
  pl: 'Kiedy światło słoneczne przechodzi przez krople deszczu, na niebie pojawia się tęcza. Dzieli ona białe światło na wiele pięknych kolorów.',
  tr: 'Güneş ışığı yağmur damlalarından geçtiğinde gökyüzünde bir gökkuşağı oluşur. Gökkuşağı beyaz ışığı birçok güzel renge ayırır.',
  ru: 'Когда солнечный свет проходит через капли дождя, на небе появляется радуга. Она делит белый свет на много красивых цветов.',
  uk: 'Коли сонячне світло проходить крізь краплі дощу, на небі з’являється веселка. Вона ділить біле світло на багато гарних кольорів.',
  zh: '当阳光穿过雨滴时，天空中就会出现一道彩虹。彩虹把白光分成许多美丽的颜色。',
  ja: 'たいようのひかりが あめつぶを とおると、そらに にじが あらわれます。にじは しろい ひかりを たくさんの きれいな いろに わけます。',
  ko: '햇빛이 빗방울을 지나면 하늘에 무지개가 나타납니다. 무지개는 흰 빛을 여러 가지 아름다운 색으로 나눕니다.',
  hi: 'जब सूरज की रोशनी बारिश की बूंदों से गुजरती है, तो आसमान में इंद्रधनुष बनता है। इंद्रधनुष सफेद रोशनी को कई सुंदर रंगों में बांटता है।',
  ar: 'عندما يمر ضوء الشمس عبر قطرات المطر، يظهر قوس قزح في السماء. يقسم قوس قزح الضوء الأبيض إلى ألوان جميلة كثيرة.',
};

/**
 * Two more plain sentences per language Kokoro speaks, said by nothing else: the clone refinement
 * hears how a voice it moved says text other than its probes (refine.ts), where what it breaks shows.
 */
const CHECKS: Readonly<Record<string, string>> = {
  en: 'A small boat waited by the old stone bridge. She opened the window and the cool air came in.',
  es: 'Un barco pequeño esperaba junto al viejo puente de piedra. Ella abrió la ventana y entró el aire fresco.',
  fr: "Un petit bateau attendait près du vieux pont de pierre. Elle a ouvert la fenêtre et l'air frais est entré.",
  it: "Una piccola barca aspettava vicino al vecchio ponte di pietra. Lei aprì la finestra ed entrò l'aria fresca.",
  pt: 'Um pequeno barco esperava perto da velha ponte de pedra. Ela abriu a janela e o ar fresco entrou.',
  zh: '一条小船在古老的石桥旁边等着。她打开窗户，凉爽的空气吹了进来。',
  ja: 'ちいさな ふねが ふるい いしの はしの そばで まって いました。かのじょが まどを あけると、すずしい かぜが はいって きました。',
  hi: 'एक छोटी नाव पुराने पत्थर के पुल के पास इंतज़ार कर रही थी। उसने खिड़की खोली और ठंडी हवा अंदर आई।',
};

/** Numbers in digits: espeak-ng speaks them as words of whatever language it is set to. */
const NUMBERS = '12, 35, 48, 67, 93. 125, 260, 1999, 7, 8, 9, 10.';

/** The probe sentence for a BCP-47 tag (`en-GB` → the English one). */
export function probeText(language: string): string {
  return PROBES[baseOf(language)] ?? NUMBERS;
}

/** The check sentences for a BCP-47 tag, or null for a language without them (only Kokoro's have them). */
export function checkText(language: string): string | null {
  return CHECKS[baseOf(language)] ?? null;
}

function baseOf(language: string): string {
  const base = language.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return base === 'cmn' || base === 'yue' ? 'zh' : base;
}
