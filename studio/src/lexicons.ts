import { type Lexicon, type LexiconSummary, LEXICONS_CHANGED, api, describeError } from './api.js';
import { confirmButton, field, h, messageBox, plural, whileBusy } from './dom.js';
import { lexiconEditor } from './lexicon-editor.js';

const PLS_TYPE = 'application/pls+xml';

/** The Lexicons tab: my lexicons (and the workspace's) with edit, PLS export and delete; the editor; PLS import. */
export function lexiconsView(): HTMLElement & { refresh(): void } {
  const items = h('ul', { class: 'lexicons' });
  const empty = h('p', { class: 'note', hidden: true }, 'No lexicons yet.');
  const errors = messageBox();
  const editor = lexiconEditor(() => void load());

  async function load(): Promise<void> {
    try {
      const page = await api.get<{ lexicons: LexiconSummary[] }>('/api/v1/lexicons');
      errors.show(null);
      items.replaceChildren(...page.lexicons.map(row));
      empty.hidden = page.lexicons.length > 0;
    } catch (error) {
      errors.show(describeError(error));
    }
  }

  function row(lexicon: LexiconSummary): HTMLElement {
    const path = `/api/v1/lexicons/${encodeURIComponent(lexicon.lexicon_id)}`;
    const edit = h('button', { type: 'button', class: 'small', 'aria-label': `Edit ${lexicon.name}` }, 'Edit');
    edit.addEventListener('click', async () => {
      try {
        editor.edit(await api.get<Lexicon>(path));
        editor.el.querySelector('input')?.focus();
      } catch (error) {
        errors.show(describeError(error));
      }
    });
    // The export needs the key, so it is fetched and handed to the browser as a file.
    const download = h('button', { type: 'button', class: 'small', 'aria-label': `Export ${lexicon.name} as PLS` }, 'Export PLS');
    download.addEventListener('click', async () => {
      try {
        const url = URL.createObjectURL(await api.blob(`${path}?format=pls`));
        h('a', { href: url, download: `${lexicon.lexicon_id}.pls` }).click();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (error) {
        errors.show(describeError(error));
      }
    });
    const entries = plural(lexicon.entry_count, 'entry', 'entries');
    return h(
      'li',
      { 'data-lexicon-id': lexicon.lexicon_id },
      h('strong', {}, lexicon.name),
      h('span', { class: 'note' }, `${entries} · ${lexicon.language}${lexicon.workspace_id ? ' · shared in the workspace' : ''} · ${lexicon.lexicon_id}`),
      h(
        'span',
        { class: 'actions' },
        edit,
        download,
        confirmButton('Delete', 'Confirm delete', async () => {
          try {
            await api.del(path);
            window.dispatchEvent(new Event(LEXICONS_CHANGED));
            await load();
          } catch (error) {
            errors.show(describeError(error));
          }
        }),
      ),
    );
  }

  const el = h(
    'section',
    { class: 'lexicons-view' },
    h('div', { class: 'card' }, h('h2', {}, 'My lexicons'), errors, empty, items),
    h('div', { class: 'grid' }, editor.el, importForm(() => void load())),
  ) as HTMLElement & { refresh(): void };
  el.refresh = () => void load();
  return el;
}

/** Import a W3C PLS 1.0 file (alphabet="ipa") as a new lexicon. */
function importForm(onImported: () => void): HTMLElement {
  const file = h('input', { type: 'file', accept: '.pls,.xml,application/pls+xml,application/xml,text/xml', required: true });
  const name = h('input', { type: 'text', maxLength: 100, placeholder: 'from the file, else “Imported lexicon”' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Import');
  const messages = messageBox();

  async function send(event: Event): Promise<void> {
    event.preventDefault();
    const chosen = file.files?.[0];
    if (!chosen) {
      messages.show('Choose a PLS file first.');
      return;
    }
    await whileBusy(submit, (error) => messages.show(describeError(error)), async () => {
      const query = name.value.trim() ? `?name=${encodeURIComponent(name.value.trim())}` : '';
      const made = await api.postText<Lexicon>(`/api/v1/lexicons${query}`, await chosen.text(), PLS_TYPE);
      window.dispatchEvent(new Event(LEXICONS_CHANGED));
      messages.show(`Imported “${made.name}” (${made.lexicon_id}) with ${plural(made.entries.length, 'entry', 'entries')}.`, 'info');
      file.value = '';
      name.value = '';
      onImported();
    });
  }

  return h(
    'form',
    { class: 'card', onsubmit: send, 'aria-label': 'Import a PLS lexicon' },
    h('h3', {}, 'Import a PLS file'),
    field('PLS file', file, 'W3C Pronunciation Lexicon (PLS 1.0), alphabet="ipa"'),
    field('Name (optional)', name),
    submit,
    messages,
  );
}
