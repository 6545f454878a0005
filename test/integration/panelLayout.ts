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

/** The WCAG contrast ratio of a colour painted over `under` (1 to 21; 3 is the least for a figure's marks). */
export function contrastRatio(color: string, under: string): number {
  const [r, g, b, alpha] = rgba(color);
  const base = rgba(under);
  const lum = (c: number[]) =>
    c
      .map(v => v / 255)
      .map(v => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const painted = [r, g, b].map((c, i) => c * alpha + base[i] * (1 - alpha));
  const [hi, lo] = [lum(painted), lum(base.slice(0, 3))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
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
