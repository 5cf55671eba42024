/** A small element builder: the Studio's whole "framework". */
type Child = Node | string | number | null | undefined | false;
type Props = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value as EventListener);
    else if (name === 'class') el.className = String(value);
    else if (name.includes('-') || name === 'for' || name === 'role' || name === 'list') el.setAttribute(name, String(value));
    else (el as unknown as Record<string, unknown>)[name] = value;
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

let ids = 0;
/** A labelled form field: the label names what the control is, so screen readers and tests find it. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = control.id || `f${++ids}`;
  control.id = id;
  const hintEl = hint ? h('small', { id: `${id}-hint` }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hintEl);
}

/** A region that announces errors and notices; `show(null)` clears it. */
export function messageBox(): HTMLElement & { show(text: string | null, kind?: 'error' | 'info'): void } {
  const box = h('p', { class: 'message', role: 'alert', hidden: true }) as unknown as HTMLElement & {
    show(text: string | null, kind?: 'error' | 'info'): void;
  };
  box.show = (text, kind = 'error') => {
    box.hidden = text === null;
    box.textContent = text ?? '';
    box.dataset['kind'] = kind;
  };
  return box;
}

/** A button that asks once more before doing something that cannot be undone. */
export function confirmButton(label: string, confirmLabel: string, action: () => Promise<void>): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'danger' }, label);
  let armed = false;
  button.addEventListener('click', async () => {
    if (!armed) {
      armed = true;
      button.textContent = confirmLabel;
      return;
    }
    button.disabled = true;
    try {
      await action();
    } finally {
      armed = false;
      button.disabled = false;
      button.textContent = label;
    }
  });
  button.addEventListener('blur', () => {
    armed = false;
    button.textContent = label;
  });
  return button;
}

/** Runs `action` with `button` disabled, so a form is not sent twice; a failure goes to `fail`. */
export async function whileBusy(button: HTMLButtonElement, fail: (error: unknown) => void, action: () => Promise<void>): Promise<void> {
  button.disabled = true;
  try {
    await action();
  } catch (error) {
    fail(error);
  } finally {
    button.disabled = false;
  }
}

export function formatNumber(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 entry", "3 entries". */
export function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
