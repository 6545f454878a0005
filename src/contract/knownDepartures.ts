// Departures of the real service from its published contract that are known and documented (docs/FINDINGS.md,
// "Answers and the contract"): reporting them on every answer would teach people to ignore the notes.
import type { Departure, DepartureKind } from './departure';

interface Known {
  /** The operation id, or `v1` for every v1 operation. */
  operation: string;
  kind: DepartureKind;
  /** The departure's path with indexes as `[]` (`subscriptions[].actions[].subscription_number`). */
  path: string;
}

export const KNOWN_DEPARTURES: readonly Known[] = [
  // Spec 01 documents it on every action of a preview; the reference's orderPreviewResponse does not list it.
  { operation: 'POST /v2/orders/preview', kind: 'unlisted', path: 'subscriptions[].actions[].subscription_number' },
  // Every v1 answer says `success` (spec 01's v1 body; the client reads it on each), though 165 of the 459 v1
  // success schemas do not list it.
  { operation: 'v1', kind: 'unlisted', path: 'success' },
  // The contract describes the latest minor version; through 222.x (the default is 186.0) the create answers the
  // subscription numbers so (spec 01's versioning, schemas/versionedFields.ts).
  { operation: 'POST /v1/orders', kind: 'unlisted', path: 'subscriptionNumbers' },
];

const generic = (path: string) => path.replace(/\[\d+\]/g, '[]');

export function isKnownDeparture(operationId: string, d: Departure): boolean {
  const path = generic(d.path);
  const family = operationId.includes(' /v1/') ? 'v1' : undefined;
  return KNOWN_DEPARTURES.some(
    k => (k.operation === operationId || k.operation === family) && k.kind === d.kind && k.path === path,
  );
}
