// The sandbox's events and callouts in one place: its notification definitions and callout templates, what it
// has already announced (so each event is announced once), and its deliveries. The server tells it after each
// successful commit. A definition's filterRule (state/filterRule.ts) decides whether an event is delivered to it (one
// the sandbox cannot read: each event is recorded not sent, saying why);
// a definition naming a callout template (calloutTemplateIds) sends the template's callout.
import type { CalloutTemplates } from '../state/calloutTemplates';
import { filterOf, matches, type Condition } from '../state/filterRule';
import {
  NotificationRefused,
  templateIdsOf,
  type NotificationDefinitionRec,
  type Notifications,
} from '../state/notifications';
import type { Store } from '../state/store';
import { Deliveries, httpSender, REAL_TIMER, type DeliveryDeps } from './delivery';
import { eventsSince, seenNow, type SandboxEvent, type Seen } from './events';

export type EventHubOptions = Partial<Pick<DeliveryDeps, 'send' | 'timer' | 'onAttempt' | 'elapsed'>>;

export class EventHub {
  readonly notifications: Notifications;
  readonly templates: CalloutTemplates;
  readonly deliveries: Deliveries;
  private seen: Seen;

  constructor(
    private readonly store: Store,
    deps: Pick<DeliveryDeps, 'timestamp' | 'newId'> & EventHubOptions,
  ) {
    this.notifications = store.notifications; // kept in the store: saved in its data file
    this.templates = store.calloutTemplates;
    this.deliveries = new Deliveries({ send: httpSender, timer: REAL_TIMER, ...deps });
    this.seen = seenNow(store);
  }

  /** After a commit: what it added is announced, each event to every definition listening to it. */
  committed(): SandboxEvent[] {
    const now = seenNow(this.store);
    // A clock moved back, or a reset, shortened the lists: what is there again is announced again when re-added.
    const from: Seen = Object.fromEntries(Object.entries(now).map(([k, n]) => [k, Math.min(this.seen[k] ?? n, n)]));
    this.seen = now;
    // No definition, no one to announce to: a clock move adds thousands of records, seen all the same.
    if (this.notifications.size === 0) return [];
    return this.announce(eventsSince(this.store, from));
  }

  /** Each event delivered to every definition listening to it (its filter and template applied). */
  announce(events: SandboxEvent[]): SandboxEvent[] {
    for (const e of events) for (const d of this.notifications.listening(e.type)) this.deliver(d, e);
    return events;
  }

  private deliver(d: NotificationDefinitionRec, e: SandboxEvent): void {
    let filter: Condition | undefined;
    try {
      filter = filterOf(d.details);
    } catch (err) {
      // The service takes conditions the sandbox cannot read: kept, and each event says so (never sent unfiltered).
      if (!(err instanceof NotificationRefused)) throw err;
      return this.deliveries.deliver(d, e, undefined, `Not sent: ${err.message} Change the definition's filterRule.`);
    }
    if (filter && !matches(filter, e.fields)) return;
    const templates = templateIdsOf(d)
      .map(id => this.templates.get(id))
      .filter(t => t?.active);
    if (!templates.length) return this.deliveries.deliver(d, e);
    for (const t of templates) this.deliveries.deliver(d, e, { id: t!.id, spec: t! });
  }
}
