// A clock move in words: the CLI prints one line per event, the editor says it in one message.
import { bytesInWords, type ClockAnswer, type ClockStatus } from '../wire/sandboxClock';

/** Today, then one line per event; moving back says which state was restored. */
export function clockLines(a: ClockStatus | ClockAnswer): string[] {
  if (!('events' in a)) {
    const back = a.history.earliest ? `; it can go back to ${a.history.earliest}` : '';
    return [`today ${a.today}${a.real ? ' (the real date)' : ''}${back}`];
  }
  const lines = [`today ${a.today} (was ${a.previous})`];
  if (a.restored) lines.push(`restored the state of ${a.restored}`);
  for (const e of a.events) lines.push(`${e.date}  ${e.type.padEnd(8)}  ${e.message}`);
  if (!a.events.length) lines.push('nothing fell due');
  for (const u of a.unbilled ?? []) lines.push(`not billed: ${u.account_number}: ${u.reason}`);
  if (a.dropped?.length) lines.push(`note: ${droppedNote(a)}`);
  return lines;
}

/**
 * One message: where the clock is, and what happened, by kind ("2 renewed: S00000001 (×2), 1 expired: ...";
 * bill runs by account: "3 billed: A00000002 (×3)").
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
  const parts = [...byType].map(([type, subs]) => {
    const count = [...subs.values()].reduce((n, k) => n + k, 0);
    const names = [...subs].map(([n, k]) => (k > 1 ? `${n} (×${k})` : n));
    const shown = names.length > 5 ? [...names.slice(0, 5), `${names.length - 5} more`] : names;
    return `${count} ${type}: ${shown.join(', ')}`;
  });
  const happened = parts.length ? `${parts.join('; ')}.` : 'Nothing fell due.';
  const note = a.dropped?.length ? ` Note: ${droppedNote(a)}.` : '';
  const unbilled = a.unbilled?.length ? ` Not billed: ${a.unbilled.map(u => u.account_number).join(', ')}.` : '';
  return `${where}. ${happened}${unbilled}${note}`;
}

const droppedNote = (a: ClockAnswer) =>
  `the sandbox keeps its last ${a.history.limit} states${a.byteLimit ? `, within ${bytesInWords(a.byteLimit)}` : ''}; ` +
  `it can no longer go back to ${a.dropped!.join(', ')}`;
