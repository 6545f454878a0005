// Whether an answer departs from its operation's published response schema (src/contract answerDepartures):
// for the panel's quiet note and the History. Undefined when it does not, or the contract has no schema for it.
import { answerDepartures } from '../contract';
import type { ContractNotes } from '../webview/protocol';
import type { CallInfo } from './calls';

export function contractNotes(info: CallInfo, status: number, data: unknown): ContractNotes | undefined {
  const { departures, more } = answerDepartures(`${info.method} ${info.path}`, status, data);
  return departures.length ? { notes: departures.map(d => d.message), more } : undefined;
}
