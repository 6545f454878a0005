// Small DOM builders for the panel: elements with text content only (service data is untrusted: never HTML).
export interface Props {
  cls?: string;
  text?: string;
  title?: string;
  /** aria-label, for a screen reader where the visible text is terse. */
  label?: string;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Node | undefined)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.cls) e.className = props.cls;
  if (props.text !== undefined) e.textContent = props.text;
  if (props.title) e.title = props.title;
  if (props.label) e.setAttribute('aria-label', props.label);
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

export const icon = (name: string) => {
  const i = el('span', { cls: `codicon codicon-${name}` });
  i.setAttribute('aria-hidden', 'true');
  return i;
};

export function button(label: string, iconName: string, onClick: () => void, cls?: string): HTMLButtonElement {
  const b = el('button', { title: label, cls }, icon(iconName), el('span', { text: ` ${label}` }));
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** A cell: text, or an element (an item and what it is, on two lines). */
export type Cell = string | HTMLElement;

/** A plain table: header row, text cells; `numeric` columns right-aligned. */
export function table(head: string[], rows: Cell[][], numeric: number[] = [], caption?: string): HTMLTableElement {
  const t = el('table');
  if (caption) t.appendChild(el('caption', { text: caption }));
  const tr = el('tr');
  head.forEach((h, i) => {
    const th = el('th', { text: h, cls: numeric.includes(i) ? 'num' : undefined });
    th.scope = 'col';
    tr.appendChild(th);
  });
  t.appendChild(el('thead', {}, tr));
  const body = el('tbody');
  const frag = document.createDocumentFragment(); // one insertion for a thousand rows
  for (const r of rows) {
    const row = el('tr');
    r.forEach((c, i) => {
      const cls = numeric.includes(i) ? 'num' : undefined;
      row.appendChild(typeof c === 'string' ? el('td', { text: c, cls }) : el('td', { cls }, c));
    });
    frag.appendChild(row);
  }
  body.appendChild(frag);
  t.appendChild(body);
  return t;
}

/** A table cell naming an item, with what it is (subscription, action, dates) on a muted line under it. */
export function itemCell(name: string, about: string[]): HTMLElement {
  const line = el('span', { cls: 'cell-about' });
  about.filter(Boolean).forEach((part, i) => {
    if (i) line.append(' · '); // breaks between the parts, and after a range's arrow, never inside a date
    part.split(/(?<=→) /).forEach((piece, j) => {
      if (j) line.append(' ');
      line.appendChild(el('span', { cls: 'nowrap', text: piece }));
    });
  });
  return el('span', { cls: 'cell-item' }, el('span', { text: name }), line);
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes (never `style`: the CSP allows styles from our stylesheet only). */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  ...children: (Node | undefined)[]
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

/** An error's message without the advice the client appended to it: the panel shows the advice on its own line. */
export function withoutAdvice(e: { message: string; advice?: string }): string {
  const { message, advice } = e;
  return advice && message.endsWith(advice) ? message.slice(0, -advice.length).trimEnd() : message;
}
