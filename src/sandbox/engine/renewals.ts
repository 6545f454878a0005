// A termed subscription renewed once, from the end of its term for its renewal term, as the clock renews it
// (timeTravel/terms.ts) and as an order dated past the term's end finds it: the renewal term's start kept
// (`renewed_on`), and the items that ran to the old end running on to the new one.
import type { SubscriptionRec } from '../state/store';
import { termEnd } from './subscriptionBuild';

/** The subscription renewed once (a copy); undefined when its renewal term has no length (it cannot renew). */
export function renewedOnce(s: SubscriptionRec): SubscriptionRec | undefined {
  const ended = s.current_term_end;
  if (ended === null) return undefined;
  const end = termEnd(ended, s.renewal_term);
  if (end !== null && end <= ended) return undefined;
  const next = structuredClone(s);
  next.renewed_on = [...termStarts(s), ended];
  next.current_term_start = ended;
  next.current_term_end = end;
  next.end_date = end;
  for (const p of next.plans) {
    if (p.removed) continue;
    for (const it of p.items) if (it.state === 'active' && it.end_date === ended) it.end_date = end;
  }
  return next;
}

/** Renewed while its term ended on or before `date` and it auto-renews (a copy when renewed at all). */
export function renewedThrough(s: SubscriptionRec, date: string): SubscriptionRec {
  let sub = s;
  while (sub.auto_renew && sub.current_term_end !== null && sub.current_term_end <= date) {
    const next = renewedOnce(sub);
    if (!next) break;
    sub = next;
  }
  return sub;
}

/**
 * Where the subscription's earlier terms ended, up to the current term's start, the current term's start last: as
 * renewals kept them, else counted: its first term from its start, each renewal from the end of the one before.
 */
export function termStarts(sub: SubscriptionRec): string[] {
  const current = sub.current_term_start;
  if (current <= sub.start_date) return [];
  if (sub.renewed_on?.[sub.renewed_on.length - 1] === current) return [...sub.renewed_on];
  const out: string[] = [];
  let end = termEnd(sub.start_date, sub.initial_term);
  while (end && end > sub.start_date && end < current) {
    out.push(end);
    const next = termEnd(end, sub.renewal_term);
    end = next && next > end ? next : null;
  }
  return [...out, current];
}
