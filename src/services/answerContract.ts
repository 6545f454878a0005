// Whether an answer departs from its operation's published response schema (src/contract answerDepartures):
// for the panel's quiet note and the History. Undefined when it does not, or the contract has no schema for it.
import type { ApiResponse } from '../client';
import { answerDepartures } from '../contract';
import type { ContractNotes } from '../webview/protocol';
import type { CallInfo } from './calls';

/** Each answer is checked once: the History's record and the panel's state both ask for the same answer's notes. */
const checked = new WeakMap<ApiResponse<unknown>, ContractNotes | undefined>();

export function contractNotes(info: CallInfo, r: ApiResponse<unknown>): ContractNotes | undefined {
  if (checked.has(r)) return checked.get(r);
  const { departures, more } = answerDepartures(`${info.method} ${info.path}`, r.status, r.data);
  const notes = departures.length ? { notes: departures.map(d => d.message), more } : undefined;
  checked.set(r, notes);
  return notes;
}
