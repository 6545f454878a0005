// What an answer departs from its schema by: the shape answerCheck reports and knownDepartures matches.
export type DepartureKind = 'unlisted' | 'missing' | 'type' | 'status';

export interface Departure {
  kind: DepartureKind;
  /** `subscriptions[0].foo`; empty for the status or the whole body. */
  path: string;
  message: string;
}
