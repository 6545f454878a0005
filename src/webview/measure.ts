// Measures what the panel draws, for the integration tests that check it on screen: where each element an
// asked selector matches sits and how it is painted (the real layout of the real VS Code, in any theme).
import type { MeasuredBox, WebviewMessage } from './protocol';

export function measure(id: number, selectors: string[]): Extract<WebviewMessage, { type: 'measured' }> {
  const boxes = selectors.map(sel => Array.from(document.querySelectorAll(sel), box));
  const page = document.documentElement;
  return { type: 'measured', id, boxes, page: { width: page.clientWidth, background: editorBackground() } };
}

function box(e: Element): MeasuredBox {
  const r = e.getBoundingClientRect();
  const s = getComputedStyle(e);
  const shown = e.getClientRects().length > 0 && s.visibility !== 'hidden';
  return {
    left: Math.round(r.left + scrollX),
    top: Math.round(r.top + scrollY),
    width: Math.round(r.width),
    height: Math.round(r.height),
    text: (e.textContent ?? '').trim().slice(0, 200),
    background: s.backgroundColor,
    color: s.color,
    borderColor: s.borderTopColor,
    borderWidth: parseFloat(s.borderTopWidth) || 0,
    fill: s.fill,
    visible: shown,
  };
}

/** The background the panel is drawn on: the theme's editor background, as the browser resolves it. */
function editorBackground(): string {
  const probe = document.createElement('div');
  probe.style.backgroundColor = 'var(--vscode-editor-background)'; // CSSOM, which the CSP allows
  document.body.appendChild(probe);
  const color = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return color;
}
