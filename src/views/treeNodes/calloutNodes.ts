// The Callouts view's rows: a delivery (an event sent to one notification: its type, object, status and time),
// its attempts below it, and rows that say something instead (empty, a filter hiding all, an error with its fix).
import * as vscode from 'vscode';
import { COMMANDS, commandFor, type TypedCommand } from '../../commands/ids';
import {
  actionOf,
  attemptStatus,
  delivered,
  deliveryStatus,
  isResend,
  lastAttempt,
  type CalloutAttemptRow,
  type CalloutDelivery,
} from '../../client/calloutHistory';

export type CalloutNode = DeliveryNode | AttemptNode | CalloutMessageNode;

/** contextValues the menus match: a delivery that can be resent, an attempt. */
export const CALLOUT_DELIVERY = 'calloutDelivery';
export const CALLOUT_ATTEMPT = 'calloutAttempt';

/** "2027-01-01 14:03:12": the service's time (the Local sandbox's clock), in local time. */
export function shownTime(at: string): string {
  const t = new Date(at);
  if (Number.isNaN(t.getTime())) return at;
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}`;
  return `${date} ${p(t.getHours())}:${p(t.getMinutes())}:${p(t.getSeconds())}`;
}

const icon = (ok: boolean) =>
  new vscode.ThemeIcon(ok ? 'pass' : 'error', new vscode.ThemeColor(ok ? 'testing.iconPassed' : 'testing.iconFailed'));

export class DeliveryNode {
  readonly kind = CALLOUT_DELIVERY;
  readonly parent = undefined;
  constructor(
    readonly id: string,
    readonly delivery: CalloutDelivery,
    /** Another row has the same event and object (sent to another notification): say which this one is. */
    readonly named = false,
  ) {}

  get children(): AttemptNode[] {
    return this.delivery.attempts.map(
      (a, i) => new AttemptNode(`${this.id}:${i}`, this, a, isResend(this.delivery, i)),
    );
  }

  /** "InvoicePosted · INV00000001", the event and its object. */
  get label(): string {
    const d = this.delivery;
    return [d.eventType || 'event', d.object].filter(Boolean).join(' · ');
  }

  /** "200 · 2027-01-01 14:03" (when its first attempt went; each attempt's row has the seconds); an order action's
   *  type first ("CancelSubscription · 200 · ..."); "→ ERP", its notification, when another row looks the same. */
  get description(): string {
    const d = this.delivery;
    const to = this.named && d.notification ? ` → ${d.notification}` : '';
    const when = shownTime(d.attempts[0].at).slice(0, 16);
    return [actionOf(d), deliveryStatus(d), when].filter(Boolean).join(' · ') + to;
  }

  getTreeItem(): vscode.TreeItem {
    const d = this.delivery;
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = this.description;
    item.contextValue = this.kind;
    item.iconPath = icon(delivered(d));
    const last = lastAttempt(d);
    item.tooltip = [
      `${d.eventType} → ${d.notification || 'notification'}`,
      d.object && `Object: ${d.object}`,
      `${last.method} ${last.url}`,
      `Status: ${deliveryStatus(d)}`,
      `First sent: ${shownTime(d.attempts[0].at)}`,
      d.attempts.length > 1 && `Last attempt: ${shownTime(last.at)}`,
    ]
      .filter(Boolean)
      .join('\n');
    item.accessibilityInformation = { label: `${this.label}, ${this.description}, to ${d.notification}` };
    item.command = commandFor(COMMANDS.openCalloutAttempt, 'Open Attempt', this) as vscode.Command;
    return item;
  }
}

export class AttemptNode {
  readonly kind = CALLOUT_ATTEMPT;
  constructor(
    readonly id: string,
    readonly parent: DeliveryNode,
    readonly attempt: CalloutAttemptRow,
    readonly resent: boolean,
  ) {}

  get delivery(): CalloutDelivery {
    return this.parent.delivery;
  }

  get children(): CalloutNode[] {
    return [];
  }

  getTreeItem(): vscode.TreeItem {
    const a = this.attempt;
    const [label, ...rest] = attemptStatus(a, this.resent).split(' · ');
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = [...rest, shownTime(a.at)].join(' · ');
    item.contextValue = this.kind;
    item.iconPath = icon(a.ok);
    item.tooltip = `${a.method} ${a.url}\n${attemptStatus(a, this.resent)}\n${shownTime(a.at)}`;
    item.accessibilityInformation = { label: `${label}, ${item.description}` };
    item.command = commandFor(COMMANDS.openCalloutAttempt, 'Open Attempt', this) as vscode.Command;
    return item;
  }
}

export class CalloutMessageNode {
  readonly kind = 'calloutMessage';
  readonly parent = undefined;
  readonly children: CalloutNode[] = [];
  constructor(
    readonly id: string,
    readonly label: string,
    readonly icon: string,
    readonly command?: TypedCommand,
    readonly tooltip?: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = this.kind;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.command = this.command as vscode.Command | undefined;
    item.tooltip = this.tooltip ?? this.label;
    return item;
  }
}
