import type { Container } from '../services/container';
import { operationArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/** An operation's details in the panel, with Send and Copy actions. */
export class ShowOperationCommand implements Command {
  readonly id = COMMANDS.showOperation;
  constructor(private readonly services: Container) {}

  execute(operation?: unknown): void {
    const op = operationArg(operation);
    if (op) this.services.operations.show(op);
  }
}
