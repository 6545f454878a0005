// The sandbox's events and callouts in one place: its notification definitions and callout templates, what it
// has already announced (so each event is announced once), and its deliveries. The server tells it after each
// successful commit. A definition's filterRule (state/filterRule.ts) decides whether an event is delivered to it;
// a definition naming a callout template (calloutTemplateIds) sends the template's callout.
import type { CalloutTemplates } from '../state/calloutTemplates';
import { filterOf, matches } from '../state/filterRule';
import { templateIdsOf, type NotificationDefinitionRec, type Notifications } from '../state/notifications';
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
    const events = eventsSince(this.store, from);
    for (const e of events) for (const d of this.notifications.listening(e.type)) this.deliver(d, e);
    return events;
  }

  private deliver(d: NotificationDefinitionRec, e: SandboxEvent): void {
    const filter = filterOf(d.details); // read when given (a bad one refused then): it reads here
    if (filter && !matches(filter, e.fields)) return;
    const templates = templateIdsOf(d)
      .map(id => this.templates.get(id))
      .filter(t => t?.active);
    if (!templates.length) return this.deliveries.deliver(d, e);
    for (const t of templates) this.deliveries.deliver(d, e, { id: t!.id, spec: t! });
  }
}
