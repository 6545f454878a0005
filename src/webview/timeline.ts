// The timeline of a preview as a small SVG: one bar per item from start to end, an open arrow to the right
// edge for an evergreen (open-ended) item, a dot for a one-time line item, the term by the subscription.
// Built with createElementNS and attributes only; colours come from panel.css classes (theme variables).
import type { BillingDocument } from '../client/billingDocuments';
import type { SummaryRow } from '../client/summary';
import { el, svg } from './dom';
import type { TimelineHints } from './protocol';
import { OPEN_END, timelineOf, type TimelineBar, type TimelineMark } from './timelineModel';

const AXIS = 22; // the dates above the bars
const GROUP = 18; // a subscription's label
const BAR = 30; // an item's label and its bar

export function renderTimeline(
  rows: SummaryRow[],
  hints: TimelineHints | undefined,
  documents?: readonly BillingDocument[],
): HTMLElement | undefined {
  const t = timelineOf(rows, hints, undefined, documents);
  if (!t) return undefined;
  const bars = t.groups.reduce((n, g) => n + g.bars.length, 0);
  const height = AXIS + t.groups.length * GROUP + bars * BAR + 4;
  const range = t.end ? `${t.start} to ${t.end}` : `from ${t.start}`;
  const billed = t.marks.length ? `, ${t.marks.length} billing date${t.marks.length === 1 ? '' : 's'}` : '';
  const image = svg('svg', { width: '100%', height, role: 'img', class: 'timeline-svg' });
  image.appendChild(svg('title', {}, document.createTextNode(`Timeline of ${bars} items, ${range}${billed}`)));
  image.appendChild(
    svg(
      'defs',
      {},
      svg(
        'marker',
        { id: 'bw-open-end', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' },
        svg('path', { d: 'M1,1 L9,5 L1,9', class: 'arrow-head' }),
      ),
    ),
  );
  image.appendChild(svg('text', { x: '1%', y: 12, class: 'axis-text' }, document.createTextNode(t.start)));
  if (t.end)
    image.appendChild(
      svg('text', { x: '88%', y: 12, 'text-anchor': 'end', class: 'axis-text' }, document.createTextNode(t.end)),
    );
  image.appendChild(svg('line', { x1: '1%', x2: '88%', y1: 17, y2: 17, class: 'axis-line' }));
  let y = AXIS;
  for (const g of t.groups) {
    image.appendChild(svg('text', { x: '1%', y: y + 13, class: 'group-text' }, document.createTextNode(g.label)));
    y += GROUP;
    for (const b of g.bars) {
      image.appendChild(svg('text', { x: '1%', y: y + 11, class: 'bar-text' }, document.createTextNode(b.label)));
      image.appendChild(barShape(b, y + 21));
      y += BAR;
    }
  }
  for (const m of t.marks) image.appendChild(billingMark(m, height));
  const figure = el('figure', { cls: 'timeline' }, image);
  const captions = [
    t.marks.length ? `Dots on the axis: the ${t.marks.length} billing date${t.marks.length === 1 ? '' : 's'}` : '',
    t.omitted ? `${t.omitted} more items in the table below` : '',
  ].filter(Boolean);
  if (captions.length) figure.appendChild(el('figcaption', { text: captions.join('. ') }));
  return figure;
}

function barShape(b: TimelineBar, y: number): SVGElement {
  if (b.point) return svg('circle', { cx: `${b.from}%`, cy: y, r: 4, class: 'point' });
  if (b.open)
    return svg('line', {
      x1: `${b.from}%`,
      x2: `${OPEN_END}%`,
      y1: y,
      y2: y,
      class: 'open',
      'marker-end': 'url(#bw-open-end)',
    });
  const width = Math.max(b.to - b.from, 0.6); // a one-day item stays visible
  return svg('rect', { x: `${b.from}%`, y: y - 4, width: `${width}%`, height: 8, rx: 2, class: 'bar' });
}

/** A billing date: a dot on the axis and a faint line down through the bars; hovering names what is billed. */
function billingMark(m: TimelineMark, height: number): SVGElement {
  return svg(
    'g',
    { class: 'bill-mark' },
    svg('title', {}, document.createTextNode(`Billed ${m.label}`)),
    svg('line', { x1: `${m.at}%`, x2: `${m.at}%`, y1: 21, y2: height - 2, class: 'bill-guide' }),
    svg('circle', { cx: `${m.at}%`, cy: 17, r: 3.5, class: 'bill-dot' }),
  );
}
