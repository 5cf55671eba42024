import { type Model, api, dataUriToBlob, describeError, localPath, speechCost } from './api.js';
import { field, formatNumber, h, messageBox } from './dom.js';
import { lexiconChoice } from './lexicon-choice.js';
import { type Word, player } from './player.js';
import { voicePicker } from './voice-picker.js';

const MAX_CHARACTERS = 2000;
const MAX_BREAKS = 20;
const FORMATS = ['MP3', 'WAV', 'FLAC', 'OGG_OPUS', 'LINEAR16', 'PCM', 'ALAW', 'MULAW'];
const RATES = ['', '8000', '16000', '22050', '24000', '32000', '44100', '48000'];
const EXTENSIONS: Record<string, string> = { MP3: 'mp3', OGG_OPUS: 'ogg', FLAC: 'flac', PCM: 'pcm' };

interface Created {
  id: string;
  audio_base64: string;
  captions_url: string;
  format: string;
  points_used: number;
  warnings?: { code: string; message: string }[];
}

/** The Speech tab: text, voice, model controls, Generate, and the player. */
export function speechView(): HTMLElement & { refresh(): void } {
  const text = h('textarea', { rows: 6, maxLength: MAX_CHARACTERS * 2, placeholder: 'Type what the voice should say.' });
  const counter = h('p', { class: 'counter', 'aria-live': 'polite' });
  const pause = h('input', { type: 'number', min: 0.1, max: 10, step: 0.1, value: '1' });
  const insertPause = h('button', { type: 'button' }, 'Insert pause');
  const model = h('select', {});
  const modelNote = h('small', {});
  const format = h('select', {}, ...FORMATS.map((f) => h('option', { value: f }, f)));
  const rate = h('select', {}, ...RATES.map((r) => h('option', { value: r }, r ? `${formatNumber(Number(r))} Hz` : 'Default')));
  const speed = h('input', { type: 'number', min: 0.5, max: 1.5, step: 0.05, placeholder: 'voice default' });
  const temperature = h('input', { type: 'number', min: 0.7, max: 1.5, step: 0.05, placeholder: 'voice default' });
  const delivery = h('select', {}, ...['', 'STABLE', 'BALANCED', 'CREATIVE'].map((d) => h('option', { value: d }, d || 'Default')));
  const temperatureField = field('Temperature', temperature, '0.7-1.5: higher is more expressive');
  const deliveryField = field('Delivery', delivery);
  const generate = h('button', { type: 'submit', class: 'primary' }, 'Generate');
  const errors = messageBox();
  const output = h('section', { class: 'output', 'aria-label': 'Result' });
  const models = new Map<string, Model>();
  let current: { dispose(): void } | null = null;
  const picker = voicePicker(() => updateCounter());
  const lexicons = lexiconChoice();

  function chosenModel(): Model | undefined {
    return models.get(model.value);
  }

  function updateCounter(): void {
    const characters = [...text.value].length;
    const breaks = (text.value.match(/<break\b/gi) ?? []).length;
    const m = chosenModel();
    const over = characters > MAX_CHARACTERS || breaks > MAX_BREAKS;
    counter.textContent =
      `${formatNumber(characters)} / ${formatNumber(MAX_CHARACTERS)} characters · ` +
      `${breaks} / ${MAX_BREAKS} pauses · ${formatNumber(speechCost(text.value, m))} points with ${m?.label ?? 'the model'}`;
    counter.classList.toggle('over', over);
    generate.disabled = characters === 0 || over || !picker.selected();
  }

  function updateControls(): void {
    const m = chosenModel();
    temperatureField.hidden = !m?.supportsTemperature;
    deliveryField.hidden = !m?.supportsDeliveryMode;
    modelNote.textContent = m ? `${m.description} Cost ×${m.costMultiplier}.` : '';
    updateCounter();
  }

  insertPause.addEventListener('click', () => {
    const seconds = Math.min(10, Math.max(0, Number(pause.value) || 1));
    const tag = `<break time="${seconds}s" />`;
    const at = text.selectionStart ?? text.value.length;
    text.setRangeText(tag, at, text.selectionEnd ?? at, 'end');
    text.focus();
    updateCounter();
  });
  text.addEventListener('input', updateCounter);
  model.addEventListener('change', updateControls);

  void api.get<{ default: string; models: Model[] }>('/api/v1/models').then(
    (list) => {
      for (const m of list.models) {
        models.set(m.key, m);
        model.append(h('option', { value: m.key, selected: m.key === list.default }, `${m.label} (${m.key})`));
      }
      updateControls();
    },
    (error) => errors.show(describeError(error)),
  );

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    const voice = picker.selected();
    if (!voice) return;
    const m = chosenModel();
    const body: Record<string, unknown> = { text: text.value, voice: voice.id, model: model.value, format: format.value };
    if (rate.value) body['sample_rate'] = Number(rate.value);
    if (speed.value) body['speed'] = Number(speed.value);
    if (m?.supportsTemperature && temperature.value) body['temperature'] = Number(temperature.value);
    if (m?.supportsDeliveryMode && delivery.value) body['delivery_mode'] = delivery.value;
    const lexiconIds = lexicons.selected();
    if (lexiconIds.length) body['lexicon_ids'] = lexiconIds;
    generate.disabled = true;
    generate.textContent = 'Generating…';
    errors.show(null);
    try {
      const made = await api.post<Created>('/api/v1/tts', body);
      window.dispatchEvent(new Event('account-changed'));
      const captions = await api
        .get<{ words: Word[]; srt: string }>(`${localPath(made.captions_url)}?format=json&mode=word`)
        .catch(() => null);
      current?.dispose();
      const ext = EXTENSIONS[made.format] ?? 'wav';
      const shown = player({
        audio: dataUriToBlob(made.audio_base64),
        fileName: `${made.id}.${ext}`,
        words: captions?.words ?? null,
        srt: captions?.srt ?? null,
      });
      current = shown;
      // Generated, but not quite as written: e.g. a lexicon's IPA on an engine that takes none.
      const warnings = made.warnings?.length
        ? h('p', { class: 'message warnings', 'data-kind': 'info' }, `Warnings: ${made.warnings.map((w) => w.message).join(' ')}`)
        : null;
      output.replaceChildren(h('p', { class: 'generated' }, `Generated ${made.id} · ${made.points_used} points`), ...(warnings ? [warnings] : []), shown.el);
    } catch (error) {
      errors.show(describeError(error));
    } finally {
      generate.textContent = 'Generate';
      updateCounter();
    }
  }

  updateCounter();
  const form = h(
    'form',
    { class: 'speech', onsubmit: submit },
    field('Text', text),
    counter,
    h('div', { class: 'row' }, field('Pause (seconds)', pause), insertPause),
    picker.el,
    lexicons.el,
    h(
      'fieldset',
      { class: 'controls' },
      h('legend', {}, 'Settings'),
      h('div', { class: 'field' }, h('label', { for: 'model' }, 'Model'), Object.assign(model, { id: 'model' }), modelNote),
      field('Format', format),
      field('Sample rate', rate),
      field('Speed', speed, '0.5-1.5'),
      temperatureField,
      deliveryField,
    ),
    generate,
    errors,
    output,
  );
  // Shown again: lexicons made elsewhere (another tab, the API) appear in the choice.
  return Object.assign(form, { refresh: lexicons.reload });
}
