// A clock move in words: the CLI prints one line per event, the editor says it in one message.
import { bytesInWords, type BilledEvent, type ClockAnswer, type ClockStatus } from '../wire/sandboxClock';
import { documentTypeLabel } from './billingDocuments';

/** Today, then one line per event; moving back says which state was restored. */
export function clockLines(a: ClockStatus | ClockAnswer): string[] {
  if (!('events' in a)) {
    const back = a.history.earliest ? `; it can go back to ${a.history.earliest}` : '';
    return [`today ${a.today}${a.real ? ' (the real date)' : ''}${back}`];
  }
  const lines = [`today ${a.today} (was ${a.previous})`];
  if (a.restored) lines.push(`restored the state of ${a.restored}`);
  const billed = billedInWords(a);
  if (billed) lines.push(`billed ${billed.documents} for ${billed.period}${billed.why ? `: ${billed.why}` : ''}`);
  for (const e of a.events) lines.push(`${e.date}  ${e.type.padEnd(8)}  ${e.message}`);
  if (!a.events.length) lines.push('nothing fell due');
  for (const u of a.unbilled ?? []) lines.push(`not billed: ${u.account_number}: ${u.reason}`);
  if (a.dropped?.length) lines.push(`note: ${droppedNote(a)}`);
  return lines;
}

/**
 * One message: where the clock is, and what happened, by kind ("2 renewed: S00000001 (×2), 1 expired: ...";
 * bill runs by document type, with the dates they bill and the accounts: "3 invoices and 1 credit memo billed
 * for 2027-01-01..2027-04-01: A00000002 (×4)", counted as the Accounts tree lists them).
 */
export function clockSummary(a: ClockAnswer): string {
  const where = a.restored
    ? `Local sandbox back to ${a.today} (the state of ${a.restored} restored)`
    : `Local sandbox today is ${a.today} (was ${a.previous})`;
  const byType = new Map<string, Map<string, number>>();
  for (const e of a.events) {
    const subs = byType.get(e.type) ?? new Map<string, number>();
    const name = e.type === 'billed' ? e.account_number : e.subscription_number;
    subs.set(name, (subs.get(name) ?? 0) + 1);
    byType.set(e.type, subs);
  }
  const billed = billedInWords(a);
  const parts = [...byType].map(([type, subs]) => {
    const count = [...subs.values()].reduce((n, k) => n + k, 0);
    const names = [...subs].map(([n, k]) => (k > 1 ? `${n} (×${k})` : n));
    const shown = names.length > 5 ? [...names.slice(0, 5), `${names.length - 5} more`] : names;
    const what = type === 'billed' && billed ? `${billed.documents} billed for ${billed.period}` : `${count} ${type}`;
    return `${what}: ${shown.join(', ')}`;
  });
  const why = billed?.why ? ` ${billed.why.charAt(0).toUpperCase()}${billed.why.slice(1)}.` : '';
  const happened = parts.length ? `${parts.join('; ')}.${why}` : 'Nothing fell due.';
  const note = a.dropped?.length ? ` Note: ${droppedNote(a)}.` : '';
  const unbilled = a.unbilled?.length ? ` Not billed: ${a.unbilled.map(u => u.account_number).join(', ')}.` : '';
  return `${where}. ${happened}${unbilled}${note}`;
}

/**
 * The documents a move billed, by type ("14 invoices and 1 credit memo"), the dates they bill on, and why it
 * billed dates before the move: what fell due before it had not been billed (the sandbox bills as its clock
 * moves, so an account's first move bills its months since its subscriptions started).
 */
function billedInWords(a: ClockAnswer): { documents: string; period: string; why?: string } | undefined {
  const billed = a.events.filter((e): e is BilledEvent => e.type === 'billed');
  if (!billed.length) return undefined;
  const byType = new Map<string, number>();
  for (const e of billed) byType.set(e.document_type, (byType.get(e.document_type) ?? 0) + 1);
  const counts = [...byType].map(([type, n]) => `${n} ${documentTypeLabel(type)}${n === 1 ? '' : 's'}`);
  const documents = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}` : counts[0];
  const dates = billed.map(e => e.date).sort();
  const [from, to] = [dates[0], dates[dates.length - 1]];
  const period = from === to ? from : `${from}..${to}`;
  const late = !a.restored && from < a.previous;
  const why = late
    ? `the dates before ${a.previous} had not been billed yet (the Local sandbox bills only when its clock moves: ` +
      `an account's first move bills it from its subscriptions' start)`
    : undefined;
  return { documents, period, ...(why ? { why } : {}) };
}

const droppedNote = (a: ClockAnswer) =>
  `the sandbox keeps its last ${a.history.limit} states${a.byteLimit ? `, within ${bytesInWords(a.byteLimit)}` : ''}; ` +
  `it can no longer go back to ${a.dropped!.join(', ')}`;
