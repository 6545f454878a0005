// What the handlers of every family need from the running sandbox (server.ts builds it).
import type { PayloadKind } from '../../schemas';
import type { PriceList } from '../engine/subscriptionBuild';
import type { EventHub } from '../events/hub';
import type { SandboxClock } from '../state/clock';
import type { Store } from '../state/store';
import type { Call, Reply } from './router';

/** How a JSON body is checked before its handler runs: a v2 payload kind (the validator), or a v1 check that throws. */
export type BodyCheck = PayloadKind | ((body: unknown) => void);

export interface RouteDeps {
  store: Store;
  /** Today, real or simulated (the `today` option). */
  clock: SandboxClock;
  /** The `prices` option: this tenant's amounts over the catalog's. */
  prices?: PriceList;
  tokenTtlSeconds: number;
  issueToken(): string;
  /** Runs a change to the data; a failed save answers a non-retryable error with nothing kept. */
  commit<T>(change: () => T): T;
  /** Requests counted per method and path (the volume summary). */
  volume: ReadonlyMap<string, number>;
  /** Checks the JSON body, then runs the handler once per Idempotency-Key. */
  /** Notification definitions, the events announced and their callouts (events/hub.ts). */
  events: EventHub;
  idempotent(call: Call, check: BodyCheck, handler: (body: unknown) => Reply | Promise<Reply>): Promise<Reply>;
}
