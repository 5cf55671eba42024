import { type Lexicon, type LexiconEntry, LEXICONS_CHANGED, api, describeError } from './api.js';
import { field, h, messageBox, plural, whileBusy } from './dom.js';

/** The API's limit per lexicon (docs/text.md, "Limits"); the server checks it too. */
const MAX_ENTRIES = 500;

interface EntryRow {
  el: HTMLElement;
  value(): LexiconEntry | null;
}

/**
 * Create or edit a lexicon: name, language and entries, each a written text spoken as an alias
 * (other words) or as IPA, optionally case-sensitive. Saving POSTs a new lexicon or PUTs the one
 * being edited; the API checks everything (unknown IPA symbols, duplicates) and its message is shown.
 */
export function lexiconEditor(onSaved: () => void): { el: HTMLElement; edit(lexicon: Lexicon | null): void } {
  const title = h('h3', {}, 'New lexicon');
  const name = h('input', { type: 'text', maxLength: 100, required: true });
  const language = h('input', { type: 'text', list: 'languages', value: 'en', maxLength: 35, autocomplete: 'off' });
  const list = h('div', { class: 'entries' });
  const add = h('button', { type: 'button' }, 'Add entry');
  const save = h('button', { type: 'submit', class: 'primary' }, 'Create lexicon');
  const cancel = h('button', { type: 'button', hidden: true }, 'Cancel editing');
  const messages = messageBox();
  let rows: EntryRow[] = [];
  let editing: string | null = null;

  function addRow(entry: LexiconEntry = { text: '', alias: '' }): EntryRow {
    const text = h('input', { type: 'text', maxLength: 100, value: entry.text, autocomplete: 'off' });
    const kind = h('select', {}, h('option', { value: 'alias' }, 'Alias (other words)'), h('option', { value: 'ipa' }, 'IPA'));
    kind.value = entry.ipa !== undefined ? 'ipa' : 'alias';
    const spoken = h('input', { type: 'text', maxLength: 200, value: entry.ipa ?? entry.alias ?? '', autocomplete: 'off', spellcheck: false });
    const spokenField = field('Alias', spoken);
    const caseSensitive = h('input', { type: 'checkbox', checked: entry.case_sensitive === true });
    const remove = h('button', { type: 'button', class: 'small danger' }, 'Remove entry');
    const legend = h('legend', {});
    const el = h(
      'fieldset',
      { class: 'entry' },
      legend,
      field('Written text', text),
      field('Spoken as', kind),
      spokenField,
      h('label', { class: 'check' }, caseSensitive, ' Case-sensitive'),
      remove,
    );
    const label = spokenField.querySelector('label') as HTMLLabelElement;
    const relabel = () => {
      label.textContent = kind.value === 'ipa' ? 'IPA' : 'Alias';
      spoken.placeholder = kind.value === 'ipa' ? 'e.g. bˈɑːb' : 'words said instead';
    };
    kind.addEventListener('change', relabel);
    relabel();
    const row: EntryRow = {
      el,
      value() {
        if (!text.value.trim() && !spoken.value.trim()) return null; // an untouched row is left out
        const out: LexiconEntry = { text: text.value.trim() };
        if (kind.value === 'ipa') out.ipa = spoken.value.trim();
        else out.alias = spoken.value.trim();
        if (caseSensitive.checked) out.case_sensitive = true;
        return out;
      },
    };
    remove.addEventListener('click', () => {
      rows = rows.filter((r) => r !== row);
      el.remove();
      if (rows.length === 0) addRow();
      renumber();
      (rows.at(-1)?.el.querySelector('input') as HTMLInputElement | null)?.focus();
    });
    rows.push(row);
    list.append(el);
    renumber();
    return row;
  }

  function renumber(): void {
    rows.forEach((row, i) => {
      const legend = row.el.querySelector('legend');
      if (legend) legend.textContent = `Entry ${i + 1}`;
      row.el.querySelector('button.danger')?.setAttribute('aria-label', `Remove entry ${i + 1}`);
    });
    add.disabled = rows.length >= MAX_ENTRIES;
  }

  add.addEventListener('click', () => {
    const row = addRow();
    row.el.querySelector('input')?.focus();
  });

  function edit(lexicon: Lexicon | null): void {
    editing = lexicon?.lexicon_id ?? null;
    title.textContent = lexicon ? `Edit “${lexicon.name}”` : 'New lexicon';
    save.textContent = lexicon ? 'Save lexicon' : 'Create lexicon';
    cancel.hidden = !lexicon;
    name.value = lexicon?.name ?? '';
    language.value = lexicon?.language ?? 'en';
    rows = [];
    list.replaceChildren();
    for (const entry of lexicon?.entries ?? []) addRow(entry);
    if (rows.length === 0) addRow();
    messages.show(null);
  }
  cancel.addEventListener('click', () => edit(null));

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    const entries = rows.map((r) => r.value()).filter((e): e is LexiconEntry => e !== null);
    const body = { name: name.value.trim(), language: language.value.trim() || 'en', entries };
    await whileBusy(save, (error) => messages.show(describeError(error)), async () => {
      const saved = editing
        ? await api.put<Lexicon>(`/api/v1/lexicons/${encodeURIComponent(editing)}`, body)
        : await api.post<Lexicon>('/api/v1/lexicons', body);
      window.dispatchEvent(new Event(LEXICONS_CHANGED));
      onSaved();
      edit(null);
      messages.show(`Saved “${saved.name}” (${saved.lexicon_id}) with ${plural(saved.entries.length, 'entry', 'entries')}.`, 'info');
    });
  }

  const el = h(
    'form',
    { class: 'card lexicon-editor', onsubmit: submit, 'aria-label': 'Lexicon editor' },
    title,
    field('Name', name),
    field('Language', language, 'BCP-47 tag, e.g. en or en-GB'),
    h('p', { class: 'note' }, 'Each entry matches whole words. An alias is said instead of the written text; IPA is said by engines that take it (Kokoro, Piper), others read the word as written and warn. Captions keep the written text.'),
    list,
    h('div', { class: 'row' }, add, save, cancel),
    messages,
  );
  edit(null);
  return { el, edit };
}
