import { api, describeError } from './api.js';
import { field, h, messageBox, whileBusy } from './dom.js';

interface Previews {
  previews: { preview_id: string; text: string; preview_url: string }[];
  points_used: number;
  expires_in: number;
}

/** Design a voice: a description → three previews to play → keep one under a name. */
export function designForm(onCreated: () => void): HTMLElement {
  const prompt = h('textarea', { rows: 3, minLength: 30, maxLength: 1000, required: true });
  const language = h('input', { type: 'text', list: 'languages', value: 'auto', autocomplete: 'off' });
  const previewText = h('input', { type: 'text', maxLength: 1000, placeholder: 'default sample line' });
  const ask = h('button', { type: 'submit', class: 'primary' }, 'Generate previews');
  const choices = h('div', { class: 'previews', role: 'radiogroup', 'aria-label': 'Previews' });
  const name = h('input', { type: 'text', maxLength: 80 });
  const tags = h('input', { type: 'text', placeholder: 'comma separated' });
  const save = h('button', { type: 'button', class: 'primary' }, 'Save voice');
  const saveBox = h('div', { hidden: true }, field('Name', name), field('Tags', tags), save);
  const messages = messageBox();

  async function generate(event: Event): Promise<void> {
    event.preventDefault();
    messages.show('Designing three candidate voices…', 'info');
    await whileBusy(ask, (error) => messages.show(describeError(error)), async () => {
      const body: Record<string, unknown> = { prompt: prompt.value, language: language.value || 'auto', count: 3 };
      if (previewText.value.trim()) body['preview_text'] = previewText.value.trim();
      const made = await api.post<Previews>('/api/v1/voices/designs/previews', body);
      window.dispatchEvent(new Event('account-changed'));
      choices.replaceChildren(
        ...made.previews.map((p, i) =>
          h(
            'div',
            { class: 'preview' },
            h('label', {}, h('input', { type: 'radio', name: 'preview', value: p.preview_id, checked: i === 0 }), ` Keep preview ${i + 1}`),
            h('audio', { controls: true, preload: 'metadata', src: p.preview_url, 'aria-label': `Preview ${i + 1} audio` }),
          ),
        ),
      );
      saveBox.hidden = false;
      messages.show(`${made.previews.length} previews for ${made.points_used} points; they expire in ${Math.round(made.expires_in / 60)} minutes.`, 'info');
    });
  }

  save.addEventListener('click', async () => {
    const picked = choices.querySelector<HTMLInputElement>('input[name=preview]:checked');
    if (!picked || !name.value.trim()) {
      messages.show('Pick a preview and give the voice a name.');
      return;
    }
    await whileBusy(save, (error) => messages.show(describeError(error)), async () => {
      const labels = tags.value.split(',').map((t) => t.trim()).filter(Boolean);
      const saved = await api.post<{ id: string; name: string; used: number; limit: number }>('/api/v1/voices/designs', {
        preview_id: picked.value,
        name: name.value.trim(),
        description: prompt.value.slice(0, 500),
        ...(labels.length ? { tags: labels } : {}),
      });
      messages.show(`Saved “${saved.name}” (${saved.id}); design slots ${saved.used} of ${saved.limit}.`, 'info');
      choices.replaceChildren();
      saveBox.hidden = true;
      onCreated();
    });
  });

  return h(
    'form',
    { class: 'card', onsubmit: generate, 'aria-label': 'Design a voice' },
    h('h3', {}, 'Design a voice'),
    field('Description', prompt, 'In English, 30-1000 characters: gender, age, accent, tone, pace'),
    field('Language', language),
    field('Preview text (optional)', previewText),
    ask,
    choices,
    saveBox,
    messages,
  );
}
