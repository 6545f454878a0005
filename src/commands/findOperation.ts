import * as vscode from 'vscode';
import { OPERATIONS, localAnswer, searchOperations, type Operation } from '../catalog';
import type { Container } from '../services/container';
import { methodIcon } from '../util/methodIcon';
import { stringArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

const MATCHES = 20;
/** The quick pick lists more: a person scrolls, a script takes the first ones. */
const LISTED = 50;

interface OperationItem extends vscode.QuickPickItem {
  op: Operation;
}

/**
 * VS Code's quick pick filters and re-sorts items whose label matches what is typed (no stable API turns
 * that off: microsoft/vscode#73904). So the label is only the method's icon, which no query can match;
 * `METHOD path` is the description and the purpose the detail, neither of which is matched
 * (matchOnDescription/Detail stay off), and every item is `alwaysShow`: the list is our ranking, in our
 * order, the same as `cli endpoints QUERY`.
 */
export function operationItem(op: Operation): OperationItem {
  const answer = localAnswer(op);
  const local = answer === 'served' ? ' · Local sandbox' : answer === 'simulated' ? ' · Local sandbox (simulated)' : '';
  return {
    label: `$(${methodIcon(op.method)})`,
    description: `${op.method} ${op.path}`,
    detail: `${op.summary} · ${op.group}${local}`,
    alwaysShow: true,
    op,
  };
}

/** The ranked matches for what is typed, best first (as `cli endpoints QUERY` lists them). */
export const findOperations = (query: string, limit = MATCHES): Operation[] =>
  searchOperations(query, limit).map(h => h.op);

/** Find Operation: a quick pick ranked by our search as the person types; Enter shows the pick in the panel. */
export class FindOperationCommand implements Command {
  readonly id = COMMANDS.findOperation;
  constructor(private readonly services: Container) {}

  /** With a query (programmatic use): the ranked matches, no UI. */
  async execute(query?: unknown): Promise<Operation[] | Operation | undefined> {
    const q = stringArg(query);
    if (q !== undefined) return findOperations(q);
    const op = await pickOperation();
    if (op) this.services.operations.show(op);
    return op;
  }
}

export interface PickOptions {
  title: string;
  placeholder: string;
  /** Only these operations are listed (all by default). */
  only?: (op: Operation) => boolean;
}

/** A quick pick of operations ranked by our search as the person types; undefined when dismissed. */
export function pickOperation(
  options: PickOptions = {
    title: 'Find Operation',
    placeholder: 'Type a path, a purpose or a group ("write off debit memo")',
  },
): Promise<Operation | undefined> {
  const only = options.only ?? (() => true);
  const qp = vscode.window.createQuickPick<OperationItem>();
  qp.title = options.title;
  qp.placeholder = options.placeholder;
  qp.matchOnDescription = false;
  qp.matchOnDetail = false;
  // Nothing typed: every operation, by group, to browse; then the ranking of what is typed.
  const rank = (value: string) => {
    const ranked = value.trim()
      ? findOperations(value, 4 * LISTED)
          .filter(only)
          .slice(0, LISTED)
      : OPERATIONS.filter(only);
    qp.items = ranked.map(operationItem);
  };
  rank('');
  return new Promise(resolve => {
    const subscriptions = [
      qp.onDidChangeValue(rank),
      qp.onDidAccept(() => {
        // Enter right after typing may come before the workbench has shown the new ranking: an active item
        // of an older list stands for nothing on screen, so the best match for the typed text is taken.
        const active = qp.activeItems[0];
        resolve((active && qp.items.includes(active) ? active : qp.items[0])?.op);
        qp.hide();
      }),
      qp.onDidHide(() => {
        resolve(undefined); // after an accept, already resolved: no-op
        for (const s of subscriptions) s.dispose();
        qp.dispose();
      }),
    ];
    qp.show();
  });
}
