import { type Language, type Voice, api, dataUriToBlob, describeError, languageList } from './api.js';
import { field, h, messageBox, whileBusy } from './dom.js';

const PAGE = 30;
/** Voices without a stored preview are sampled with the cheapest model: at most 30 characters, 1 point. */
const SAMPLE_MODEL = 'v-lite';

/**
 * Voice search (name and description, language, accent, gender, age: the listing's filters) and a
 * list of radio choices, each with a preview button. `selected()` is the chosen voice id.
 */
export function voicePicker(onChange: () => void): { el: HTMLElement; selected(): Voice | null; reload(): void } {
  const search = h('input', { type: 'search', placeholder: 'Name, description or tag' });
  const language = h('input', { type: 'text', list: 'languages', placeholder: 'e.g. Spanish, es-MX', autocomplete: 'off' });
  const accent = h('input', { type: 'text', placeholder: 'e.g. Castilian', autocomplete: 'off' });
  const gender = select(['', 'female', 'male', 'neutral']);
  const age = select(['', 'young', 'middle-aged', 'old']);
  const list = h('div', { class: 'voice-list', role: 'radiogroup', 'aria-label': 'Voice' });
  const status = h('p', { class: 'note', 'aria-live': 'polite' });
  const more = h('button', { type: 'button', hidden: true }, 'Show more voices');
  const errors = messageBox();
  const sampleAudio = h('audio', { class: 'sample', 'aria-label': 'Voice preview' });
  const voices = new Map<string, Voice>();
  const samples = new Map<string, string>();
  let chosen: string | null = null;
  let offset = 0;
  let generation = 0;
  /** Languages by bare code, for each voice's tier (filled before the first list is drawn). */
  let byCode = new Map<string, Language>();

  async function load(reset: boolean): Promise<void> {
    const mine = ++generation;
    if (reset) offset = 0;
    const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
    const filters: [string, string][] = [
      ['search', search.value],
      ['language', language.value],
      ['accent', accent.value],
      ['gender', gender.value],
      ['age', age.value],
    ];
    for (const [name, value] of filters) if (value.trim()) params.set(name, value.trim());
    try {
      const page = await api.get<{ voices: Voice[]; total: number; has_more: boolean }>(`/api/v1/voices?${params}`);
      if (byCode.size === 0) byCode = new Map((await languageList().catch(() => [])).map((l) => [l.code, l]));
      if (mine !== generation) return; // a newer search answered first
      errors.show(null);
      if (reset) list.replaceChildren();
      for (const voice of page.voices) list.append(row(voice));
      offset += page.voices.length;
      status.textContent = page.total === 1 ? '1 voice matches' : `${page.total} voices match`;
      more.hidden = !page.has_more;
      if (reset && !chosen && page.voices[0]) choose(page.voices[0].id);
    } catch (error) {
      errors.show(describeError(error));
    }
  }

  function row(voice: Voice): HTMLElement {
    voices.set(voice.id, voice);
    const radio = h('input', { type: 'radio', name: 'voice', value: voice.id, checked: voice.id === chosen });
    radio.addEventListener('change', () => choose(voice.id));
    const traits = [voice.accent, voice.language_code ?? voice.languages.join(', '), voice.gender, voice.age, voice.type !== 'preset' ? voice.type : null];
    const play = h('button', { type: 'button', class: 'small', 'aria-label': `Play preview of ${voice.name}` }, '▶ Preview');
    const tier = tierBadge(byCode.get((voice.languages[0] ?? '').split('-')[0]!.toLowerCase()));
    play.addEventListener('click', () => void preview(voice, play));
    return h(
      'div',
      { class: 'voice', 'data-voice-id': voice.id },
      h('label', {}, radio, h('strong', {}, voice.name), ' ', h('span', { class: 'traits' }, traits.filter(Boolean).join(' · ')), ...(tier ? [' ', tier] : [])),
      play,
    );
  }

  function choose(id: string): void {
    chosen = id;
    for (const input of list.querySelectorAll<HTMLInputElement>('input[type=radio]')) input.checked = input.value === id;
    onChange();
  }

  /** A designed voice has a stored clip; any other is sampled once per page load (1 point). */
  async function preview(voice: Voice, button: HTMLButtonElement): Promise<void> {
    await whileBusy(button, (error) => errors.show(describeError(error)), async () => {
      let src = voice.preview_url ?? samples.get(voice.id);
      if (!src) {
        const text = `Hello, I am ${voice.name}.`.slice(0, 30);
        const made = await api.post<{ audio_base64: string }>('/api/v1/tts', { text, voice: voice.id, model: SAMPLE_MODEL });
        src = URL.createObjectURL(dataUriToBlob(made.audio_base64));
        samples.set(voice.id, src);
        window.dispatchEvent(new Event('account-changed'));
      }
      sampleAudio.src = src;
      await sampleAudio.play();
    });
  }

  let timer = 0;
  const later = () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => void load(true), 250);
  };
  for (const input of [search, language, accent]) input.addEventListener('input', later);
  for (const input of [gender, age]) input.addEventListener('change', () => void load(true));
  more.addEventListener('click', () => void load(false));
  void languageList().then((langs) => {
    if (document.getElementById('languages')) return;
    const options = langs.flatMap((l) => [h('option', { value: l.name }, l.code), ...l.accents.map((a) => h('option', { value: a.code }, a.name))]);
    document.body.append(h('datalist', { id: 'languages' }, ...options));
  });
  void load(true);

  const el = h(
    'fieldset',
    { class: 'picker' },
    h('legend', {}, 'Voice'),
    h(
      'div',
      { class: 'filters' },
      field('Search voices', search),
      field('Language', language),
      field('Accent', accent),
      field('Gender', gender),
      field('Age', age),
    ),
    status,
    errors,
    list,
    more,
    h('p', { class: 'note' }, 'Voices without a stored preview are sampled on demand with Lite (1 point).'),
    sampleAudio,
  );
  return { el, selected: () => (chosen ? voices.get(chosen) ?? null : null), reload: () => void load(true) };
}

function select(values: string[]): HTMLSelectElement {
  return h('select', {}, ...values.map((v) => h('option', { value: v }, v === '' ? 'Any' : v)));
}

/**
 * The engine tier speaking a voice's language here ("neural" or "basic"), with how well a speech
 * recognizer understands it in the title; "hard to understand" beside it when that was measured poor.
 */
function tierBadge(language: Language | undefined): HTMLElement | null {
  if (!language?.tier) return null;
  const heard = language.intelligibility;
  const measured =
    heard.error_rate === null
      ? 'intelligibility not measured'
      : `a recognizer misses ${(heard.error_rate * 100).toFixed(0)} % of the ${heard.metric === 'cer' ? 'characters' : 'words'} (${heard.class})`;
  const text = heard.class === 'poor' ? `${language.tier} · hard to understand` : language.tier;
  return h('span', { class: `tier tier-${language.tier}`, title: `${language.name}: spoken by ${heard.engine}; ${measured}` }, text);
}
