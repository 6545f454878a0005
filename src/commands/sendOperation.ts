import type { Container } from '../services/container';
import type { PartialRequest } from '../services/operationRequests';
import { operationArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

/**
 * Send an operation: from an Endpoints row or an id, asking for path parameters, query and body; or
 * `{ operation, pathParams?, query?, body?, confirmed? }` from scripts and tests.
 */
export class SendOperationCommand implements Command {
  readonly id = COMMANDS.sendOperation;
  constructor(private readonly services: Container) {}

  async execute(operation?: unknown): Promise<unknown> {
    const op = operationArg(operation);
    if (!op) return undefined;
    const given =
      typeof operation === 'object' && operation !== null && 'operation' in operation
        ? (operation as PartialRequest)
        : undefined;
    return this.services.operations.send(op, given);
  }
}
