// Reading the response panel's layout as drawn in the real VS Code (ResponsePanel.measure): where boxes sit,
// whether they are drawn, whether a button stands out from the page in the theme shown.
import * as assert from 'assert';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { Measured } from '../../src/views/responsePanel';
import type { MeasuredBox } from '../../src/webview/protocol';
import { waitFor } from './helpers';

export type { MeasuredBox };

/** The boxes of each selector, once the panel is ready to answer (it may be drawing a new state). */
export function measured(a: BillingWorkbenchApi, selectors: string[]): Promise<Measured> {
  return waitFor(`the panel measured ${selectors.join(', ')}`, () => a.panel.measure(selectors).catch(() => undefined));
}

/** [r, g, b, alpha] of a computed colour ("rgb(1, 2, 3)", "rgba(1, 2, 3, 0.1)"). */
export function rgba(color: string): [number, number, number, number] {
  const m = /rgba?\(([^)]+)\)/.exec(color);
  assert.ok(m, `a computed colour: ${color}`);
  const [r, g, b, alpha = 1] = m[1].split(/[ ,/]+/).map(Number);
  return [r, g, b, alpha];
}

/** How far a colour painted over `under` moves from it (0-255 on the most moved channel). */
export function contrastOver(color: string, under: string): number {
  const [r, g, b, alpha] = rgba(color);
  const base = rgba(under);
  return Math.max(...[r, g, b].map((c, i) => Math.abs(c - base[i]) * alpha));
}

/** A button a person sees as one: its own background or a border that differs from the page's. */
export function buttonShape(b: MeasuredBox, page: string): { background: number; border: number } {
  return {
    background: contrastOver(b.background, page),
    border: b.borderWidth >= 1 ? contrastOver(b.borderColor, page) : 0,
  };
}

/** The right edge of a box. */
export const right = (b: MeasuredBox) => b.left + b.width;
