import { type LexiconSummary, LEXICONS_CHANGED, api, describeError } from './api.js';
import { h, messageBox, plural } from './dom.js';

/** A speech request names at most this many lexicons (`lexicon_ids`). */
const MAX_CHOSEN = 3;

/**
 * The Speech tab's lexicon choice: a checkbox per lexicon, at most three ticked (the rest are
 * disabled then). `selected()` gives their ids in the listing's order, which is the order the API
 * applies them in: where two hold the same word, the one listed first wins.
 */
export function lexiconChoice(): { el: HTMLElement; selected(): string[]; reload(): void } {
  const list = h('div', { class: 'lexicon-choice' });
  const status = h('p', { class: 'note', 'aria-live': 'polite' });
  const errors = messageBox();
  const chosen = new Set<string>();
  let loaded: LexiconSummary[] = [];

  async function load(): Promise<void> {
    try {
      loaded = (await api.get<{ lexicons: LexiconSummary[] }>('/api/v1/lexicons')).lexicons;
      errors.show(null);
    } catch (error) {
      errors.show(describeError(error));
      return;
    }
    // A deleted lexicon leaves the choice; the others keep their ticks.
    for (const id of [...chosen]) if (!loaded.some((l) => l.lexicon_id === id)) chosen.delete(id);
    list.replaceChildren(
      ...loaded.map((l) => {
        const box = h('input', { type: 'checkbox', value: l.lexicon_id, checked: chosen.has(l.lexicon_id) });
        box.addEventListener('change', () => {
          if (box.checked) chosen.add(l.lexicon_id);
          else chosen.delete(l.lexicon_id);
          update();
        });
        return h('label', { class: 'check' }, box, ` ${l.name} `, h('small', {}, `(${plural(l.entry_count, 'entry', 'entries')}, ${l.language})`));
      }),
    );
    update();
  }

  function update(): void {
    const full = chosen.size >= MAX_CHOSEN;
    for (const box of list.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) box.disabled = full && !box.checked;
    status.textContent = loaded.length === 0
      ? 'No lexicons yet: make one on the Lexicons tab.'
      : `${chosen.size} of at most ${MAX_CHOSEN} chosen. Where two hold the same word, the one listed first wins.`;
  }

  window.addEventListener(LEXICONS_CHANGED, () => void load());
  const el = h('fieldset', { class: 'lexicon-picker' }, h('legend', {}, `Lexicons (up to ${MAX_CHOSEN})`), list, status, errors);
  return { el, selected: () => loaded.map((l) => l.lexicon_id).filter((id) => chosen.has(id)), reload: () => void load() };
}
