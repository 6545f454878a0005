// The sandbox's events and callouts in one place: its notification definitions, what it has already announced
// (so each event is announced once), and its deliveries. The server tells it after each successful commit.
import type { Notifications } from '../state/notifications';
import type { Store } from '../state/store';
import { Deliveries, httpSender, REAL_TIMER, type DeliveryDeps } from './delivery';
import { eventsSince, seenNow, type SandboxEvent, type Seen } from './events';

export type EventHubOptions = Partial<Pick<DeliveryDeps, 'send' | 'timer' | 'onAttempt'>>;

export class EventHub {
  readonly notifications: Notifications;
  readonly deliveries: Deliveries;
  private seen: Seen;

  constructor(
    private readonly store: Store,
    deps: Pick<DeliveryDeps, 'timestamp' | 'newId'> & EventHubOptions,
  ) {
    this.notifications = store.notifications; // kept in the store: saved in its data file
    this.deliveries = new Deliveries({ send: httpSender, timer: REAL_TIMER, ...deps });
    this.seen = seenNow(store);
  }

  /** After a commit: what it added is announced, each event to every definition listening to it. */
  committed(): SandboxEvent[] {
    const now = seenNow(this.store);
    // A clock moved back, or a reset, shortened the lists: what is there again is announced again when re-added.
    const from: Seen = {
      orders: Math.min(this.seen.orders, now.orders),
      documents: Math.min(this.seen.documents, now.documents),
      billRuns: Math.min(this.seen.billRuns, now.billRuns),
      actions: Math.min(this.seen.actions, now.actions),
    };
    this.seen = now;
    const events = eventsSince(this.store, from);
    for (const e of events) for (const d of this.notifications.listening(e.type)) this.deliveries.deliver(d, e);
    return events;
  }
}
