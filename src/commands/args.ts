// Command arguments arrive from the palette (none), the editor title and CodeLenses (a Uri), tree rows
// (their node), the panel and tests (ids and option objects). They are read here, once, so each command
// sees one typed value.
import * as vscode from 'vscode';
import { findOperation, type Operation } from '../catalog';
import type { TreeNode } from '../views/accountsTree';
import { OperationNode } from '../views/treeNodes/endpointNodes';
import { AccountNode } from '../views/treeNodes/accountNode';
import { InvoiceNode, InvoicesNode } from '../views/treeNodes/invoiceNode';
import { ItemNode } from '../views/treeNodes/itemNode';
import { MessageNode } from '../views/treeNodes/messageNode';
import { OrderNode } from '../views/treeNodes/orderNode';
import { PlanNode } from '../views/treeNodes/planNode';
import { SubscriptionNode } from '../views/treeNodes/subscriptionNode';
import { HistoryNode } from '../views/treeNodes/historyNode';
import type { HistoryEntry, RequestHistory } from '../services/requestHistory';

const NODE_CLASSES = [
  AccountNode,
  OrderNode,
  SubscriptionNode,
  PlanNode,
  ItemNode,
  MessageNode,
  InvoicesNode,
  InvoiceNode,
];

/** The Uri given by the editor title or a CodeLens; undefined from the palette (the active editor then). */
export function uriArg(x: unknown): vscode.Uri | undefined {
  return x instanceof vscode.Uri ? x : undefined;
}

/** An operation from its id (`METHOD /path`), an Endpoints row, or `{ operation: id }`. */
export function operationArg(x: unknown): Operation | undefined {
  if (x instanceof OperationNode) return x.op;
  const id = typeof x === 'object' && x !== null && 'operation' in x ? x.operation : x;
  if (typeof id !== 'string') return undefined;
  const [method, path] = id.split(' ');
  return findOperation(method, path ?? '');
}

/** An Accounts & Orders row. */
export function treeNodeArg(x: unknown): TreeNode | undefined {
  return NODE_CLASSES.some(c => x instanceof c) ? (x as TreeNode) : undefined;
}

/** An Accounts & Orders row of one kind (`nodeArg(x, InvoiceNode)`). */
export function nodeArg<T>(x: unknown, kind: abstract new (...args: never[]) => T): T | undefined {
  return x instanceof kind ? x : undefined;
}

/** A connection id, given as a string or as `{ connectionId }`. */
export function connectionIdArg(x: unknown): string | undefined {
  if (typeof x === 'string') return x;
  const id = typeof x === 'object' && x !== null && 'connectionId' in x ? x.connectionId : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** A plain option object (`{ confirmed: true }`); anything else reads as no options. */
export function optionsArg<T extends object>(x: unknown): Partial<T> {
  return typeof x === 'object' && x !== null && !(x instanceof vscode.Uri) ? (x as Partial<T>) : {};
}

/** A string argument (a template id, a search query, an object name). */
export function stringArg(x: unknown): string | undefined {
  return typeof x === 'string' ? x : undefined;
}

/** A History row, or an entry id (tests, scripts). */
export function historyEntryArg(x: unknown, history: RequestHistory): HistoryEntry | undefined {
  if (x instanceof HistoryNode) return history.get(x.entry.id);
  return typeof x === 'string' ? history.get(x) : undefined;
}
