import { type Me, api, describeError, session } from './api.js';
import { field, formatNumber, h, messageBox } from './dom.js';
import { historyView } from './history.js';
import { lexiconsView } from './lexicons.js';
import { voicesView } from './my-voices.js';
import { speechView } from './speech.js';

const root = document.getElementById('app') as HTMLElement;
const TABS = ['speech', 'history', 'voices', 'lexicons'] as const;
type Tab = (typeof TABS)[number];

function signInView(message?: string): HTMLElement {
  const key = h('input', { type: 'password', autocomplete: 'off', required: true, spellcheck: false });
  const errors = messageBox();
  if (message) errors.show(message);
  const submit = async (event: Event) => {
    event.preventDefault();
    session.signIn(key.value.trim());
    try {
      await api.get<Me>('/api/v1/me');
      start();
    } catch (error) {
      session.signOut();
      errors.show(describeError(error));
    }
  };
  return h(
    'form',
    { class: 'card signin', onsubmit: submit },
    h('h2', {}, 'Sign in'),
    field('API key', key, 'Kept in this tab only (sessionStorage); sent as a Bearer header.'),
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    errors,
  );
}

function accountBar(): HTMLElement {
  const summary = h('span', { class: 'account', 'aria-live': 'polite' });
  const signOut = h('button', { type: 'button' }, 'Sign out');
  signOut.addEventListener('click', () => {
    session.signOut();
    location.hash = '';
    root.replaceChildren(signInView());
  });
  const refresh = async () => {
    try {
      const me = await api.get<Me>('/api/v1/me');
      summary.textContent =
        `${formatNumber(me.points)} points · plan ${me.plan.name} · ` +
        `clones ${me.clones.used}/${me.clones.limit} · designs ${me.designs.used}/${me.designs.limit}`;
    } catch (error) {
      summary.textContent = describeError(error);
    }
  };
  window.addEventListener('account-changed', () => void refresh());
  void refresh();
  return h('div', { class: 'account-bar' }, summary, signOut);
}

function start(): void {
  const views: Record<Tab, HTMLElement> = {
    speech: speechView(),
    history: historyView(),
    voices: voicesView(),
    lexicons: lexiconsView(),
  };
  const buttons = TABS.map((tab) =>
    h('a', { href: `#${tab}`, role: 'tab', id: `tab-${tab}`, 'aria-controls': `panel-${tab}` }, tab[0]?.toUpperCase() + tab.slice(1)),
  );
  const panels = TABS.map((tab) => h('div', { role: 'tabpanel', id: `panel-${tab}`, 'aria-labelledby': `tab-${tab}` }, views[tab]));
  const show = () => {
    const wanted = location.hash.slice(1) as Tab;
    const tab = TABS.includes(wanted) ? wanted : 'speech';
    TABS.forEach((t, i) => {
      buttons[i]?.setAttribute('aria-selected', String(t === tab));
      if (panels[i]) panels[i].hidden = t !== tab;
    });
    (views[tab] as HTMLElement & { refresh?: () => void }).refresh?.();
  };
  window.onhashchange = show;
  root.replaceChildren(accountBar(), h('nav', { role: 'tablist', 'aria-label': 'Studio sections' }, ...buttons), ...panels);
  show();
}

if (session.key()) {
  api.get<Me>('/api/v1/me').then(start, (error) => {
    session.signOut();
    root.replaceChildren(signInView(describeError(error)));
  });
} else root.replaceChildren(signInView());
