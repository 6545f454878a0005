// What a Local sandbox is started with (its options and limits) and what starting one gives back.
import type { PriceList } from '../engine/subscriptionBuild';
import type { BillingConventions } from '../money/conventions';
import type { MovableClock } from '../state/clock';
import type { DataWriter } from '../state/dataFile';
import type { Store } from '../state/store';
import type { Pause } from '../timeTravel/timeMachine';
import type { EventHub, EventHubOptions } from '../events/hub';
import type { Fault } from './faults';

export interface SandboxLimits {
  /** Live access tokens kept; past it the oldest are forgotten (their holders get a 401 and a new token). */
  tokens: number;
  /** Idempotency replies kept (24 h at most); past it the oldest answered ones are forgotten. */
  idempotencyKeys: number;
  /** Bytes of those replies kept (default 32 MB); one over a quarter of it is not kept. */
  idempotencyBytes?: number;
  /** Distinct paths counted by the volume summary; others count under "(other paths)". */
  volumePaths: number;
}
export const DEFAULT_LIMITS: SandboxLimits = { tokens: 10_000, idempotencyKeys: 10_000, volumePaths: 1_000 };

export interface SandboxOptions {
  port?: number;
  tokenTtlSeconds?: number;
  maxConcurrent?: number;
  seedAccounts?: number;
  dataFile?: string;
  /** The clock tokens expire by (tests inject one instead of waiting for a token to age). */
  now?: () => number;
  /**
   * A simulated today (YYYY-MM-DD) for what depends on the date: an order without `order_date`, created
   * times, the card expiry check. Scenarios set it so that every run gives the same answers.
   */
  today?: string;
  /**
   * Amounts by price id and currency over the seeded catalog's, as a tenant priced differently would answer
   * (tests compare a preview across two connections). GET /v2/plans still lists the catalog's amounts.
   */
  prices?: PriceList;
  /**
   * A connection's catalog to price from instead of the seeded one: the plans of GET /v2/plans answers, in any
   * form `plansIn` reads (`sandbox --catalog FILE`). A catalog it cannot read throws a CatalogError naming the field.
   */
  catalog?: unknown;
  /** Test hook: delay (ms) before answering matching requests, to hold them in flight. */
  delay?: (method: string, path: string) => number;
  /** Added to every API answer, so the concurrency limit can be reached (`--latency`). */
  latencyMs?: number;
  /** Injected faults (`--faults`), drawn with `random` (Math.random unless a test injects one). */
  faults?: Fault[];
  random?: () => number;
  /** How long a `timeout` fault leaves a request unanswered before dropping the connection. */
  faultTimeoutMs?: number;
  /** A request's headers must arrive within this (ms; 5 s), else the connection is closed (node's bare 408). */
  headersTimeoutMs?: number;
  /** Its body within this after them (ms; 10 s), else a 408 in the family's shape and the connection closed. */
  bodyTimeoutMs?: number;
  limits?: Partial<SandboxLimits>;
  /** Test hook: how the data file is written (to simulate a full disk). */
  writer?: DataWriter;
  /** The tenant's billing rules (rounding, proration); the vendor's defaults where not given (`--rounding`...). */
  conventions?: Partial<BillingConventions>;
  /** Test hook: where a clock move pauses (a test holds one in progress); by default every 20 ms. */
  clockPause?: Pause;
  /** Test hooks of callout delivery: the sender, the timer retries wait on, told of each attempt. */
  callouts?: EventHubOptions;
}
export interface Sandbox {
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  store: Store;
  /** The billing rules every request is answered by. */
  conventions: BillingConventions;
  /** Today: the `today` option, else the date the data file's clock was moved to, else the real date. */
  clock: MovableClock;
  dataFile?: string;
  /** Its notification definitions, the events it announces and their callouts' deliveries and history. */
  events: EventHub;
  /** Every access token issued so far, up to the token limit (tests check none leaks into logs). */
  issuedTokens(): string[];
  /** Invalidates every token, as a revocation would: the next call answers 401. */
  revokeTokens(): void;
  /** Adds N seeded accounts, each with an order (tests of paging). */
  seedAccounts(n: number): void;
  /** Sizes of the maps that grow per request (tests check they stay bounded). */
  sizes(): { tokens: number; issued: number; idempotencyKeys: number; idempotencyBytes: number; volumePaths: number };
  close(): Promise<void>;
}
