import type { Container } from '../services/container';
import type { CalloutsTree } from '../views/calloutsTree';
import type { Command } from './commandManager';
import { COMMANDS, type CommandId } from './ids';

type Action = 'refresh' | 'setFilter' | 'clearFilter' | 'resend' | 'open';

/** A Callouts view command: the view's tree does it (loaded on first use). Each works from the palette too. */
class CalloutCommand implements Command {
  constructor(
    readonly id: CommandId,
    private readonly services: Container,
    private readonly action: Action,
  ) {}

  execute(arg?: unknown): unknown {
    const tree: CalloutsTree = this.services.callouts.tree;
    return (tree[this.action] as (arg?: unknown) => unknown).call(tree, arg);
  }
}

export const calloutCommands = (s: Container): Command[] =>
  (
    [
      [COMMANDS.refreshCallouts, 'refresh'],
      [COMMANDS.filterCallouts, 'setFilter'],
      [COMMANDS.clearCalloutsFilter, 'clearFilter'],
      [COMMANDS.resendCallout, 'resend'],
      [COMMANDS.openCalloutAttempt, 'open'],
    ] as const
  ).map(([id, action]) => new CalloutCommand(id, s, action));
