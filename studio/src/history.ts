import { ApiError, type Voice, api, describeError, localPath } from './api.js';
import { confirmButton, h, messageBox } from './dom.js';

interface Generation {
  id: string;
  status: string;
  audio_url: string | null;
  stream_url: string;
  format: string;
  model: string;
  voice_id: string;
  characters: number;
  points_used: number;
  /** Null on generations made before the service kept the text. */
  text: string | null;
  created_at: string;
  error?: { message: string };
}

interface HistoryPage {
  generations: Generation[];
  has_more: boolean;
  next_cursor: string | null;
}

/** The History tab: the caller's generations, newest first, with play, download and delete. */
export function historyView(): HTMLElement {
  const body = h('tbody', {});
  const table = h(
    'table',
    { class: 'history' },
    h('caption', {}, 'Your generations, newest first'),
    h('thead', {}, h('tr', {}, ...['Created', 'Text', 'Voice', 'Model', 'Characters', 'Points', 'Status', 'Actions'].map((c) => h('th', { scope: 'col' }, c)))),
    body,
  );
  const audio = h('audio', { controls: true, 'aria-label': 'History playback' });
  const more = h('button', { type: 'button', hidden: true }, 'Load more');
  const errors = messageBox();
  const empty = h('p', { class: 'note', hidden: true }, 'No generations yet.');
  let cursor: string | null = null;
  const urls: string[] = [];
  /** Voice id → name, from the whole voice list (catalog and the caller's own), read once per refresh. */
  let names: Promise<Map<string, string>> | null = null;
  const voiceNames = (): Promise<Map<string, string>> =>
    (names ??= api
      .get<{ voices: Voice[] }>('/api/v1/voices')
      .then((list) => new Map(list.voices.map((v) => [v.id, v.name])))
      // Without the list, rows show voice ids: the history itself still loads.
      .catch(() => new Map()));

  async function load(reset: boolean): Promise<void> {
    if (reset) {
      cursor = null;
      body.replaceChildren();
    }
    try {
      const [page, known] = await Promise.all([
        api.get<HistoryPage>(`/api/v1/tts?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
        voiceNames(),
      ]);
      errors.show(null);
      for (const g of page.generations) body.append(row(g, known.get(g.voice_id)));
      cursor = page.next_cursor;
      more.hidden = !page.has_more;
      empty.hidden = body.children.length > 0;
    } catch (error) {
      if (error instanceof ApiError && error.status === 405) {
        errors.show('This server has no generation history (GET /api/v1/tts is not available).', 'info');
      } else errors.show(describeError(error));
    }
  }

  /** The hosted link plays without the key; before it exists the stream needs the key, so fetch it. */
  async function audioUrl(g: Generation): Promise<string> {
    if (g.audio_url) return g.audio_url;
    const url = URL.createObjectURL(await api.blob(localPath(g.stream_url)));
    urls.push(url);
    return url;
  }

  /** A generation's row; `voiceName` is absent for a voice since deleted (its id is shown). */
  function row(g: Generation, voiceName: string | undefined): HTMLTableRowElement {
    const play = h('button', { type: 'button', class: 'small', 'aria-label': `Play ${g.id}` }, '▶ Play');
    play.addEventListener('click', async () => {
      try {
        audio.src = await audioUrl(g);
        await audio.play();
      } catch (error) {
        errors.show(describeError(error));
      }
    });
    const download = h('button', { type: 'button', class: 'small', 'aria-label': `Download ${g.id}` }, 'Download');
    download.addEventListener('click', async () => {
      try {
        const link = h('a', { href: await audioUrl(g), download: `${g.id}.${extension(g.format)}` });
        link.click();
      } catch (error) {
        errors.show(describeError(error));
      }
    });
    const tr = h(
      'tr',
      { 'data-generation-id': g.id },
      h('td', {}, new Date(g.created_at).toLocaleString()),
      // The whole text on hover; the cell shows its start.
      h('td', { class: 'generation-text', title: g.text ?? '' }, g.text === null ? '—' : g.text.length > 80 ? `${g.text.slice(0, 79)}…` : g.text),
      h('td', { class: 'voice-name', title: g.voice_id }, voiceName ?? g.voice_id),
      h('td', {}, g.model),
      h('td', {}, g.characters),
      h('td', {}, g.points_used),
      h('td', {}, g.status, g.error ? ` (${g.error.message})` : ''),
      h('td', { class: 'actions' }, play, download),
    );
    tr.lastElementChild?.append(
      confirmButton('Delete', 'Confirm delete', async () => {
        try {
          await api.del(`/api/v1/tts/${encodeURIComponent(g.id)}`);
          tr.remove();
          empty.hidden = body.children.length > 0;
        } catch (error) {
          errors.show(describeError(error));
        }
      }),
    );
    return tr;
  }

  more.addEventListener('click', () => void load(false));
  const refresh = h('button', { type: 'button' }, 'Refresh');
  refresh.addEventListener('click', () => void load(true));
  const el = h('section', { class: 'history-view' }, h('div', { class: 'row' }, refresh), errors, empty, h('div', { class: 'scroll' }, table), more, audio);
  (el as HTMLElement & { refresh?: () => void }).refresh = () => {
    for (const url of urls.splice(0)) URL.revokeObjectURL(url);
    names = null; // clones and designs made since the last visit
    void load(true);
  };
  return el;
}

function extension(format: string): string {
  return { MP3: 'mp3', OGG_OPUS: 'ogg', FLAC: 'flac', PCM: 'pcm' }[format] ?? 'wav';
}
