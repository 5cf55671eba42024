import { type Voice, api, describeError } from './api.js';
import { cloneForm } from './clone.js';
import { confirmButton, h, messageBox } from './dom.js';
import { designForm } from './design.js';

interface SlotList {
  voices: Voice[];
  used: number;
  limit: number;
}

const REFINEMENT_WORDS: Record<string, string> = {
  queued: 'refinement queued',
  running: 'refining',
  done: 'refined',
  failed: 'refinement failed',
};

/**
 * A clone's refinement: its state, and how much the voice sounds like the recording (speaker
 * similarity as a percentage; about 80 % and up is the same voice to the speaker encoder).
 */
function refinementBadge(refinement: NonNullable<Voice['refinement']>): HTMLElement {
  const similarity = refinement.similarity === null ? '' : ` · similarity ${Math.round(refinement.similarity * 100)} %`;
  return h(
    'span',
    {
      class: `refinement refinement-${refinement.status}`,
      'data-refinement': refinement.status,
      title: `Updated ${refinement.updated_at}`,
    },
    ` ${REFINEMENT_WORDS[refinement.status] ?? refinement.status}${similarity}`,
  );
}

/** The Voices tab: own clones and designs with their slots, and the clone and design forms. */
export function voicesView(): HTMLElement & { refresh(): void } {
  const clones = h('div', {});
  const designs = h('div', {});
  const errors = messageBox();
  const refresh = () => {
    void list('clones', 'Cloned voices', 'Clone slots', clones);
    void list('designs', 'Designed voices', 'Design slots', designs);
    window.dispatchEvent(new Event('account-changed'));
  };

  async function list(kind: 'clones' | 'designs', title: string, slotLabel: string, into: HTMLElement): Promise<void> {
    try {
      const page = await api.get<SlotList>(`/api/v1/voices/${kind}`);
      const left = Math.max(0, page.limit - page.used);
      const items = page.voices.map((v) =>
        h(
          'li',
          { 'data-voice-id': v.id },
          h('strong', {}, v.name),
          ` ${v.languages.join(', ')} · ${v.id}`,
          v.refinement ? refinementBadge(v.refinement) : null,
          v.preview_url ? h('audio', { controls: true, preload: 'none', src: v.preview_url, 'aria-label': `Preview of ${v.name}` }) : null,
          confirmButton('Delete', 'Confirm delete', async () => {
            try {
              await api.del(`/api/v1/voices/${kind}/${encodeURIComponent(v.id)}`);
              refresh();
            } catch (error) {
              errors.show(describeError(error));
            }
          }),
        ),
      );
      into.replaceChildren(
        h('h3', {}, title),
        h('p', { class: 'slots', 'data-kind': kind }, `${slotLabel}: ${page.used} used of ${page.limit}, ${left} left`),
        items.length ? h('ul', { class: 'own-voices' }, ...items) : h('p', { class: 'note' }, 'None yet.'),
      );
    } catch (error) {
      errors.show(describeError(error));
    }
  }

  // While a clone is refined, its state and similarity are read again every 10 s.
  setInterval(() => {
    if (el.isConnected && clones.querySelector('[data-refinement="queued"], [data-refinement="running"]')) {
      void list('clones', 'Cloned voices', 'Clone slots', clones);
    }
  }, 10_000);

  const el = h(
    'section',
    { class: 'voices-view' },
    h('div', { class: 'card' }, h('h2', {}, 'My voices'), errors, clones, designs),
    h('div', { class: 'grid' }, cloneForm(refresh), designForm(refresh)),
  ) as HTMLElement & { refresh(): void };
  el.refresh = refresh;
  return el;
}
